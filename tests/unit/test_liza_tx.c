/* test_liza_tx.c — Liza transitions: byte-exact results on awkward files,
 * compare-and-swap, review leases, the lock, and injected write faults. A
 * refused or failed transition must leave the file byte for byte as it was
 * and no temp file behind. */
/* make valgrind: run under memcheck */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "core/util/fileio.h"
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_check.h"
#include "systems/liza/shell/liza_tx.h"
#include "core/store/store.h"
#include "core/util/timeparse.h"

typedef struct fx {
	char dir[64], liza[96], state[128];
} fx;

static char *slurp(const char *path, size_t *len)
{
	char *buf;
	size_t n;
	lw_error err;
	assert_int_equal(lw_read_file(path, 1u << 24, &buf, &n, &err), LW_READ_OK);
	if (len)
		*len = n;
	return buf;
}

static void fixture_path(char *out, size_t n, const char *name)
{
	const char *f = getenv("LW_FIXTURES");
	snprintf(out, n, "%s/tx/%s", f ? f : "tests/fixtures", name);
}

static void put(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	fclose(f);
}

static void fx_open(fx *f, const char *state_text, size_t len)
{
	snprintf(f->dir, sizeof f->dir, "/tmp/lw-tx.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->liza, sizeof f->liza, "%s/.liza", f->dir);
	assert_int_equal(mkdir(f->liza, 0755), 0);
	snprintf(f->state, sizeof f->state, "%s/state.yaml", f->liza);
	put(f->state, state_text, len);
}

static void fx_open_fixture(fx *f, const char *name)
{
	char p[512];
	size_t len;
	fixture_path(p, sizeof p, name);
	char *t = slurp(p, &len);
	fx_open(f, t, len);
	free(t);
}

static void fx_close(fx *f)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
	assert_int_equal(system(cmd), 0);
}

/* Only the files a test expects: no temp file left behind. */
static void assert_only(const fx *f, const char *const *names, size_t n)
{
	DIR *d = opendir(f->liza);
	assert_non_null(d);
	for (struct dirent *e; (e = readdir(d));) {
		if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2])))
			continue;
		bool known = false;
		for (size_t i = 0; i < n; i++)
			known |= strcmp(e->d_name, names[i]) == 0;
		if (!known)
			fail_msg("unexpected file left in .liza: %s", e->d_name);
	}
	closedir(d);
}

static tx_request req(const char *task, const char *event)
{
	tx_request r = { .subject = task, .event = event, .as = "code-reviewer-2" };
	lw_parse_time("2026-01-20T10:20:00Z", &r.now);
	return r;
}

static void assert_file_is(const char *path, const char *expected_fixture)
{
	char p[512];
	size_t a, b;
	fixture_path(p, sizeof p, expected_fixture);
	char *want = slurp(p, &a), *got = slurp(path, &b);
	if (a != b || memcmp(want, got, a) != 0)
		fail_msg("%s differs from %s:\n--- got ---\n%s", path, expected_fixture, got);
	free(want);
	free(got);
}

static void run_exact(const char *in, const char *event, const char *expected)
{
	fx f;
	fx_open_fixture(&f, in);
	tx_request r = req("t-1", event);
	r.reason = "Breaks: \"x\" # y";
	tx_result res;
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	assert_file_is(f.state, expected);
	static const char *const files[] = { "state.yaml", "state.yaml.lock" };
	assert_only(&f, files, 2);
	fx_close(&f);
}

static void approve_and_reject_are_byte_exact(void **state)
{
	(void)state;
	static const char *const names[] = { "comments", "flow", "crlf" };
	for (size_t i = 0; i < 3; i++) {
		char in[64], ea[64], er[64];
		snprintf(in, sizeof in, "%s.in.yaml", names[i]);
		snprintf(ea, sizeof ea, "%s.approve.expected.yaml", names[i]);
		snprintf(er, sizeof er, "%s.reject.expected.yaml", names[i]);
		run_exact(in, "approve", ea);
		run_exact(in, "reject", er);
	}
}

static void second_approve_is_denied_and_changes_nothing(void **state)
{
	(void)state;
	fx f;
	fx_open_fixture(&f, "comments.in.yaml");
	tx_request r = req("t-1", "approve");
	tx_result res;
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	size_t n1, n2;
	char *before = slurp(f.state, &n1);
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "not allowed from APPROVED"));
	char *after = slurp(f.state, &n2);
	assert_int_equal(n1, n2);
	assert_memory_equal(before, after, n1);
	free(before);
	free(after);
	fx_close(&f);
}

static void a_task_that_moved_is_refused_with_what_it_is_now(void **state)
{
	(void)state;
	fx f;
	fx_open_fixture(&f, "comments.in.yaml");
	size_t n;
	char *orig = slurp(f.state, &n);
	tx_request r = req("t-1", "approve");
	tx_result res;
	r.expect_status = "CLAIMED";   /* what the operator saw, before the coder submitted */
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "it is now READY_FOR_REVIEW"));
	r.expect_status = "READY_FOR_REVIEW";
	r.expect_commit = "old-commit";   /* resubmitted since */
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "review_commit is now abc123"));
	char *now = slurp(f.state, NULL);
	assert_memory_equal(orig, now, n);
	r.expect_commit = "abc123";
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	free(orig);
	free(now);
	fx_close(&f);
}

static const char live_lease[] =
	"version: 1\ntasks:\n  - id: t-1\n    status: READY_FOR_REVIEW\n    review_commit: c1\n"
	"    reviewing_by: code-reviewer-1\n    review_lease_expires: \"2026-01-20T10:40:00Z\"\nagents: {}\n";

static void another_reviewers_live_lease_needs_force(void **state)
{
	(void)state;
	fx f;
	fx_open(&f, live_lease, strlen(live_lease));
	tx_request r = req("t-1", "approve");
	tx_result res;
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_ASK);
	assert_non_null(strstr(res.message, "code-reviewer-1 holds the review lease"));
	assert_non_null(strstr(res.message, "--force"));
	char *now = slurp(f.state, NULL);
	assert_string_equal(now, live_lease);
	free(now);
	r.as = "code-reviewer-1";   /* the holder itself needs no force */
	fx f2;
	fx_open(&f2, live_lease, strlen(live_lease));
	assert_int_equal(liza_transition(f2.liza, &r, &res), TX_DONE);
	fx_close(&f2);
	r.as = "code-reviewer-2";
	r.force = true;
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	fx_close(&f);
}

static void refusals_name_what_and_how_to_recover(void **state)
{
	(void)state;
	fx f;
	fx_open_fixture(&f, "comments.in.yaml");
	tx_result res;
	tx_request r = req("t-1", "reject");
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "needs a reason"));
	r = req("nope", "approve");
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "no task 'nope'"));
	r = req("t-2", "approve");
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "only from READY_FOR_REVIEW"));
	r = req("t-1", "launch");
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "has no transition 'launch'"));
	r = req("t-2", "block");
	r.reason = "unclear";
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "needs a question"));
	char p[512];
	fixture_path(p, sizeof p, "comments.in.yaml");
	char *orig = slurp(p, NULL), *now = slurp(f.state, NULL);
	assert_string_equal(orig, now);
	free(orig);
	free(now);
	fx_close(&f);
}

static void lock_held_by_another_process_times_out_cleanly(void **state)
{
	(void)state;
	fx f;
	fx_open_fixture(&f, "comments.in.yaml");
	char lock[160];
	snprintf(lock, sizeof lock, "%s.lock", f.state);
	int ready[2];
	assert_int_equal(pipe(ready), 0);
	pid_t pid = fork();
	if (pid == 0) {
		int fd = open(lock, O_CREAT | O_RDWR, 0644);
		flock(fd, LOCK_EX);
		(void)!write(ready[1], "x", 1);
		pause();
		_exit(0);
	}
	char c;
	assert_int_equal(read(ready[0], &c, 1), 1);
	setenv("LIZA_WATCH_LOCK_TIMEOUT_MS", "200", 1);
	tx_request r = req("t-1", "approve");
	tx_result res;
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_IO);
	assert_non_null(strstr(res.message, "timed out"));
	unsetenv("LIZA_WATCH_LOCK_TIMEOUT_MS");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	char p[512];
	fixture_path(p, sizeof p, "comments.in.yaml");
	char *orig = slurp(p, NULL), *now = slurp(f.state, NULL);
	assert_string_equal(orig, now);
	free(orig);
	free(now);
	close(ready[0]);
	close(ready[1]);
	fx_close(&f);
}

/* ---- faults through the store's seam ---- */
static int fault;   /* which call fails: 1 short write then EIO, 2 ENOSPC, 3 fsync, 4 rename */

static ssize_t bad_write(int fd, const void *b, size_t n)
{
	if (fault == 1) {
		static int calls;
		if (calls++ % 2 == 0 && n > 1)
			return write(fd, b, n / 2);
		errno = EIO;
		return -1;
	}
	if (fault == 2) {
		errno = ENOSPC;
		return -1;
	}
	return write(fd, b, n);
}
static int bad_fsync(int fd) { if (fault == 3) { errno = EIO; return -1; } return fsync(fd); }
static int bad_rename(int d, const char *a, const char *b) { if (fault == 4) { errno = EXDEV; return -1; } return renameat(d, a, d, b); }

static void write_faults_leave_the_file_intact(void **state)
{
	(void)state;
	static const struct store_ops ops = { .write = bad_write, .fsync = bad_fsync, .rename = bad_rename };
	static const char *const causes[] = { "", "Input/output error", "No space left", "fsync", "rename" };
	for (fault = 1; fault <= 4; fault++) {
		fx f;
		fx_open_fixture(&f, "comments.in.yaml");
		store_set_ops(&ops);
		tx_request r = req("t-1", "approve");
		tx_result res;
		int rc = liza_transition(f.liza, &r, &res);
		store_set_ops(NULL);
		assert_int_equal(rc, TX_IO);
		if (!strstr(res.message, causes[fault]))
			fail_msg("fault %d: message lacks '%s': %s", fault, causes[fault], res.message);
		char p[512];
		fixture_path(p, sizeof p, "comments.in.yaml");
		char *orig = slurp(p, NULL), *now = slurp(f.state, NULL);
		assert_string_equal(orig, now);
		free(orig);
		free(now);
		static const char *const files[] = { "state.yaml", "state.yaml.lock" };
		assert_only(&f, files, 2);
		fx_close(&f);
	}
	fault = 0;
}

/* The merge advice is written by the edit, before the commit: an approve
 * whose commit then failed printed "merge it yourself" after its error, as
 * if it had gone through. A failure carries its reason and no note. */
static void a_failed_approve_gives_no_advice(void **state)
{
	(void)state;
	static const struct store_ops ops = { .write = bad_write, .fsync = bad_fsync, .rename = bad_rename };
	for (fault = 1; fault <= 4; fault++) {
		fx f;
		fx_open_fixture(&f, "comments.in.yaml");
		store_set_ops(&ops);
		tx_request r = req("t-1", "approve");
		r.as = "human";
		tx_result res;
		int rc = liza_transition(f.liza, &r, &res);
		store_set_ops(NULL);
		assert_int_equal(rc, TX_IO);
		if (res.note[0])
			fail_msg("fault %d: a failed approve still says: %s", fault, res.note);
		fx_close(&f);
	}
	fault = 0;
}

static void verdicts_are_logged_when_the_log_is_a_block_list(void **state)
{
	(void)state;
	fx f;
	fx_open_fixture(&f, "comments.in.yaml");
	char log[160];
	snprintf(log, sizeof log, "%s/log.yaml", f.liza);
	const char *orig_log = "# log\n- timestamp: 2026-01-20T08:00:00Z\n  agent: system\n  action: initialized\n";
	put(log, orig_log, strlen(orig_log));
	tx_request r = req("t-1", "reject");
	r.reason = "no tests";
	tx_result res;
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	char *now = slurp(log, NULL);
	assert_string_equal(now, "# log\n- timestamp: 2026-01-20T08:00:00Z\n  agent: system\n  action: initialized\n"
	                         "- timestamp: \"2026-01-20T10:20:00Z\"\n  agent: code-reviewer-2\n  action: rejected\n"
	                         "  task: t-1\n  detail: no tests\n");
	free(now);
	fx_close(&f);
	/* A flow-style log is not the scripts' shape: left alone. */
	fx_open_fixture(&f, "comments.in.yaml");
	snprintf(log, sizeof log, "%s/log.yaml", f.liza);
	put(log, "[]\n", 3);
	r = req("t-1", "approve");
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	now = slurp(log, NULL);
	assert_string_equal(now, "[]\n");
	free(now);
	fx_close(&f);
}

static void levers_create_and_remove_markers(void **state)
{
	(void)state;
	fx f;
	fx_open_fixture(&f, "comments.in.yaml");
	tx_result res;
	tx_request r = req(NULL, "pause");
	char p[160];
	snprintf(p, sizeof p, "%s/PAUSE", f.liza);
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	assert_true(lw_exists(p, NULL));
	r.event = "resume";
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	assert_false(lw_exists(p, NULL));
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DENIED);   /* nothing to resume */
	r.event = "abort";
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	snprintf(p, sizeof p, "%s/ABORT", f.liza);
	assert_true(lw_exists(p, NULL));
	r.event = "note";
	r.reason = "stand-up at 11";
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	char *now = slurp(f.state, NULL);
	assert_non_null(strstr(now, "message: stand-up at 11"));
	free(now);
	r.event = "merge";
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_USAGE);
	fx_close(&f);
}

static void approving_as_a_non_reviewer_says_who_will_not_merge(void **state)
{
	(void)state;
	fx f;
	fx_open_fixture(&f, "comments.in.yaml");
	tx_request r = req("t-1", "approve");
	r.as = "human";
	tx_result res;
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	assert_non_null(strstr(res.note, "no reviewer supervisor will merge t-1"));
	fx_close(&f);
	fx_open_fixture(&f, "comments.in.yaml");
	r.as = "code-reviewer-7";
	assert_int_equal(liza_transition(f.liza, &r, &res), TX_DONE);
	assert_null(strstr(res.note, "reviewer supervisor"));
	/* This fixture has no log.yaml: that is said, and no log is made. */
	assert_non_null(strstr(res.note, "log.yaml not updated: there is no .liza/log.yaml"));
	fx_close(&f);
}

/* The adapter chose the shell era's transition from its last snapshot; the
 * Go program has rewritten the file since. Under the lock the shell era's
 * transition sees the other generation and refuses, writing nothing; a
 * lever (no lock on the state) looks at the file once more. */
static void a_file_now_of_todays_liza_is_refused_under_the_lock(void **state)
{
	(void)state;
	static const char go[] = "version: 1\npipeline_version: 1\ntasks:\n  - id: t-1\n    role_pair: coding-pair\n"
	                         "    status: REVIEWING_CODE\n    reviewing_by: code-reviewer-2\nagents: {}\n";
	fx f;
	fx_open(&f, go, sizeof go - 1);
	tx_request r = req("t-1", "approve");
	tx_result res;
	assert_int_equal(liza_shell_transition(f.liza, &r, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "look again"));
	size_t n;
	char *after = slurp(f.state, &n);
	assert_int_equal(n, sizeof go - 1);
	assert_memory_equal(after, go, n);
	free(after);
	tx_request lv = { .event = "pause", .as = "human" };
	assert_int_equal(liza_shell_transition(f.liza, &lv, &res), TX_DENIED);
	assert_non_null(strstr(res.message, "look again"));
	fx_close(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(approve_and_reject_are_byte_exact),
		cmocka_unit_test(a_file_now_of_todays_liza_is_refused_under_the_lock),
		cmocka_unit_test(second_approve_is_denied_and_changes_nothing),
		cmocka_unit_test(a_task_that_moved_is_refused_with_what_it_is_now),
		cmocka_unit_test(another_reviewers_live_lease_needs_force),
		cmocka_unit_test(refusals_name_what_and_how_to_recover),
		cmocka_unit_test(lock_held_by_another_process_times_out_cleanly),
		cmocka_unit_test(write_faults_leave_the_file_intact),
		cmocka_unit_test(a_failed_approve_gives_no_advice),
		cmocka_unit_test(verdicts_are_logged_when_the_log_is_a_block_list),
		cmocka_unit_test(levers_create_and_remove_markers),
		cmocka_unit_test(approving_as_a_non_reviewer_says_who_will_not_merge),
	};
	return cmocka_run_group_tests_name("liza_tx", tests, NULL, NULL);
}
