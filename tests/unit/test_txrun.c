/* test_txrun.c — a transition run off the UI loop: its result crosses the
 * pipe whole, what it waits for (a lock file, and who holds it) is learned
 * while it waits, Esc (cancel) ends it with nothing said written, a child
 * that dies is reported, and quitting reaps it. */
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

static char lock_path[256];

/* A transition that takes lock_path the way the store does, then answers. */
static int locking_tx(const lw_source *src, const tx_request *rq, tx_result *res)
{
	(void)src;
	int fd = open(lock_path, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0 || flock(fd, LOCK_EX) < 0) {
		tx_set(res, TX_IO, "cannot lock");
		return TX_IO;
	}
	tx_set(res, TX_DONE, "%s: READY_FOR_REVIEW -> APPROVED", rq->subject);
	snprintf(res->note, sizeof res->note, "merged by %s", rq->as);
	close(fd);
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
	snprintf(want, sizeof want, "pid %ld)", (long)getpid());
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(result_crosses_the_pipe),
		cmocka_unit_test(says_what_it_waits_for_and_cancels),
		cmocka_unit_test(a_child_that_dies_is_reported),
		cmocka_unit_test(quitting_reaps_the_child),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
