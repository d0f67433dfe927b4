/* test_txrun.c — a transition run off the UI loop: its result crosses the
 * pipe whole, what it waits for (a lock file, and who holds it) is learned
 * while it waits, Esc (cancel) ends it with nothing said written, a child
 * that dies is reported, quitting reaps it, and a HUD killed outright takes
 * the child with it (prctl on Linux, the lifeline pipe in a PORTABLE
 * build). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tui/txrun.h"
#include "core/store/store.h"
#include "platform/platform.h"
#ifdef __linux__
#include <sys/prctl.h>   /* the test's own subreaper, not the code under test */
#endif

static char lock_path[256];

/* A transition that takes lock_path through the store, then answers. */
static int locking_tx(const lw_source *src, const tx_request *rq, tx_result *res)
{
	(void)src;
	store_lock l;
	lw_error err;
	memset(&err, 0, sizeof err);
	if (store_lock_acquire(&l, lock_path, 120000, &err) != STORE_OK) {
		tx_set(res, TX_IO, "cannot lock");
		return TX_IO;
	}
	tx_set(res, TX_DONE, "%s: READY_FOR_REVIEW -> APPROVED", rq->subject);
	snprintf(res->note, sizeof res->note, "merged by %s", rq->as);
	store_lock_release(&l);
	return TX_DONE;
}

static int dying_tx(const lw_source *src, const tx_request *rq, tx_result *res)
{
	(void)src; (void)rq; (void)res;
	raise(SIGKILL);
	return TX_IO;
}

static const lw_adapter locking = { .name = "fake", .transition = locking_tx };
static const lw_adapter dying = { .name = "fake", .transition = dying_tx };

static long long ms_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Run the loop as the HUD does until the run is over or until() holds. */
static int drive(txrun *t, tx_result *res, bool *cancelled, bool (*until)(const txrun *))
{
	long long end = ms_now() + 60000;   /* a deadline, not a sleep: loaded machines are slow */
	while (ms_now() < end) {
		struct pollfd p = { .fd = txrun_fd(t), .events = POLLIN };
		poll(&p, 1, txrun_timeout_ms(t) < 0 ? 100 : txrun_timeout_ms(t));
		if (txrun_poll(t, "/", res, cancelled))
			return 1;
		if (until && until(t))
			return 0;
	}
	fail_msg("the run neither ended nor reached the condition in 60 s");
	return -1;
}

static bool is_waiting(const txrun *t) { return t->waiting[0] != '\0'; }

static void setup_lock(void)
{
	snprintf(lock_path, sizeof lock_path, "/tmp/lw-test-txrun-%ld.lock", (long)getpid());
	unlink(lock_path);
}

static void result_crosses_the_pipe(void **state)
{
	(void)state;
	setup_lock();
	lw_source src = { .adapter = &locking };
	tx_request rq = { .subject = "review-1", .event = "approve", .as = "code-reviewer-9" };
	txrun t;
	txrun_init(&t);
	assert_int_equal(txrun_fd(&t), -1);
	char why[128];
	assert_int_equal(txrun_start(&t, "/tmp", &src, &rq, why, sizeof why), 0);
	assert_true(txrun_busy(&t));
	assert_int_equal(txrun_start(&t, "/tmp", &src, &rq, why, sizeof why), -1);   /* one at a time */
	tx_result res;
	bool cancelled;
	assert_int_equal(drive(&t, &res, &cancelled, NULL), 1);
	assert_false(cancelled);
	assert_int_equal(res.rc, TX_DONE);
	assert_string_equal(res.message, "review-1: READY_FOR_REVIEW -> APPROVED");
	assert_string_equal(res.note, "merged by code-reviewer-9");
	assert_false(txrun_busy(&t));
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);   /* reaped */
	unlink(lock_path);
}

static void says_what_it_waits_for_and_cancels(void **state)
{
	(void)state;
	setup_lock();
	int held = open(lock_path, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
	assert_true(held >= 0);
	assert_int_equal(flock(held, LOCK_EX), 0);
	lw_source src = { .adapter = &locking };
	tx_request rq = { .subject = "review-1", .event = "approve", .as = "me" };
	txrun t;
	txrun_init(&t);
	char why[128];
	assert_int_equal(txrun_start(&t, "/tmp", &src, &rq, why, sizeof why), 0);
	tx_result res;
	bool cancelled;
	assert_int_equal(drive(&t, &res, &cancelled, is_waiting), 0);
	/* Relative to the folder given ("/"), and naming us as the holder. */
	char want[400];
	snprintf(want, sizeof want, "%s (held by ", lock_path + 1);
	assert_non_null(strstr(t.waiting, want));
#ifdef LW_HAVE_PROC
	snprintf(want, sizeof want, "pid %ld)", (long)getpid());
#else
	/* F_GETLK cannot see a flock on Linux: the holder is not named. */
	snprintf(want, sizeof want, "(held by another process)");
#endif
	assert_non_null(strstr(t.waiting, want));
	txrun_cancel(&t);
	assert_true(txrun_busy(&t));   /* until the child is gone */
	assert_int_equal(drive(&t, &res, &cancelled, NULL), 1);
	assert_true(cancelled);
	assert_int_equal(res.rc, TX_IO);
	assert_string_equal(res.message, "cancelled, nothing written");
	assert_false(txrun_busy(&t));
	close(held);
	unlink(lock_path);
}

static void a_child_that_dies_is_reported(void **state)
{
	(void)state;
	lw_source src = { .adapter = &dying };
	tx_request rq = { .subject = "x", .event = "approve" };
	txrun t;
	txrun_init(&t);
	char why[128];
	assert_int_equal(txrun_start(&t, "/tmp", &src, &rq, why, sizeof why), 0);
	tx_result res;
	bool cancelled;
	assert_int_equal(drive(&t, &res, &cancelled, NULL), 1);
	assert_false(cancelled);
	assert_int_equal(res.rc, TX_IO);
	assert_non_null(strstr(res.message, "signal 9"));
}

static void quitting_reaps_the_child(void **state)
{
	(void)state;
	setup_lock();
	int held = open(lock_path, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
	assert_int_equal(flock(held, LOCK_EX), 0);
	lw_source src = { .adapter = &locking };
	tx_request rq = { .subject = "review-1", .event = "approve", .as = "me" };
	txrun t;
	txrun_init(&t);
	char why[128];
	assert_int_equal(txrun_start(&t, "/tmp", &src, &rq, why, sizeof why), 0);
	assert_true(txrun_abandon(&t));
	assert_false(txrun_busy(&t));
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
	assert_false(txrun_abandon(&t));   /* nothing under way: nothing cut */
	close(held);
	unlink(lock_path);
}

/* The HUD is killed (SIGKILL: no handler, no abandon) while its write waits
 * on a lock: the write's process must die too, or it would land later with
 * nobody to say so. A middle process plays the HUD; we are the subreaper
 * the orphan is handed to, so we can reap it and see what ended it. */
static void the_child_dies_with_the_hud(void **state)
{
	(void)state;
#ifndef __linux__
	skip();
#else
	setup_lock();
	int held = open(lock_path, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
	assert_int_equal(flock(held, LOCK_EX), 0);
	assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
	int p[2];
	assert_int_equal(pipe(p), 0);
	pid_t hud = fork();
	assert_true(hud >= 0);
	if (hud == 0) {
		close(p[0]);
		lw_source src = { .adapter = &locking };
		tx_request rq = { .subject = "review-1", .event = "approve", .as = "me" };
		txrun t;
		txrun_init(&t);
		char why[128];
		if (txrun_start(&t, "/tmp", &src, &rq, why, sizeof why) != 0)
			_exit(2);
		/* Only once it waits on the lock: its lifeline is in place by then
		 * (a HUD dead before that makes it _exit without writing). */
		tx_result res;
		bool cancelled;
		long long end = ms_now() + 60000;
		while (!t.waiting[0] && ms_now() < end) {
			struct pollfd pf = { .fd = txrun_fd(&t), .events = POLLIN };
			poll(&pf, 1, 50);
			if (txrun_poll(&t, "/", &res, &cancelled))
				_exit(3);
		}
		(void)!write(p[1], &t.pid, sizeof t.pid);
		for (;;)
			pause();
	}
	close(p[1]);
	pid_t writer = 0;
	assert_int_equal(read(p[0], &writer, sizeof writer), (ssize_t)sizeof writer);
	close(p[0]);
	assert_true(writer > 0);
	assert_int_equal(kill(hud, SIGKILL), 0);
	int status = 0;
	assert_int_equal(waitpid(hud, &status, 0), hud);
	/* The writer is ours now; it must end, killed, while the lock is still held. */
	long long end = ms_now() + 30000;
	pid_t r = 0;
	while ((r = waitpid(writer, &status, WNOHANG)) == 0 && ms_now() < end)
		poll(NULL, 0, 20);
	if (r == 0) {
		kill(writer, SIGKILL);
		waitpid(writer, NULL, 0);
	}
	prctl(PR_SET_CHILD_SUBREAPER, 0);
	close(held);
	unlink(lock_path);
	assert_int_equal(r, writer);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGKILL);
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(result_crosses_the_pipe),
		cmocka_unit_test(says_what_it_waits_for_and_cancels),
		cmocka_unit_test(a_child_that_dies_is_reported),
		cmocka_unit_test(quitting_reaps_the_child),
		cmocka_unit_test(the_child_dies_with_the_hud),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
