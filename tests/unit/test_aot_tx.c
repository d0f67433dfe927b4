/* test_aot_tx.c — writes to the AoT state file: atom moves along pending ->
 * in_progress -> resolved with compare-and-swap on what the operator saw,
 * stop and redirect, the Markdown body kept byte for byte, denials that
 * write nothing, and a stop landing while another process keeps rewriting
 * the file by rename: both changes must survive. */
/* make valgrind: run under memcheck */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "systems/aot/aot.h"
#include "core/txn/txn.h"
#include "tests/unit/helper_proj.h"

#define NOW "2026-04-09T00:20:00Z"
#define FILE_ ".claude/aot-loop-state.md"


static void example(tp *p)
{
	tp_copy_fixture(p, "examples/aot/example-running-state.md", FILE_);
	assert_int_equal(tp_load(p, NOW), 0);
}

static const char *body_of(const char *text)
{
	const char *m = strstr(text, "\n---\n");
	assert_non_null(m);
	return m + 5;
}

static int tx_atom(tp *p, const char *id, const char *event, const char *saw, bool force)
{
	tx_request rq = { .subject = id, .event = event, .expect_status = saw, .force = force };
	lw_parse_time(NOW, &rq.now);
	return tp_tx_rq(p, "aot", &rq);
}

static void atom_moves(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	example(&p);
	char *before = tp_read(&p, FILE_);
	assert_int_equal(tx_atom(&p, "A2", "start", "pending", false), TX_DONE);
	assert_string_equal(p.res.message, "aot: A2 pending -> in_progress");
	char *after = tp_read(&p, FILE_);
	/* One value changed, in place: same length, one word swapped. */
	const char *at = strstr(before, "Auth logic implementation\"\n    status: pending");
	assert_non_null(at);
	size_t off = (size_t)(at - before) + strlen("Auth logic implementation\"\n    status: ");
	assert_memory_equal(after, before, off);
	assert_memory_equal(after + off, "in_progress", 11);
	assert_string_equal(after + off + 11, before + off + 7);
	assert_int_equal(tx_atom(&p, "A2", "resolve", "in_progress", false), TX_DONE);
	assert_int_equal(tp_load(&p, NOW), 0);
	const aot_state *a = tp_snap(&p, "aot")->sys;
	assert_string_equal(a->atoms[1].status_raw, "resolved");
	/* update_atom.py sets any status: reset puts a resolved atom back. */
	assert_int_equal(tx_atom(&p, "A2", "reset", "resolved", false), TX_DONE);
	assert_string_equal(p.res.message, "aot: A2 resolved -> pending");
	assert_int_equal(tx_atom(&p, "A2", "reset", "pending", false), TX_DENIED);
	free(before);
	free(after);
	tp_close(&p);
}

static void moves_that_are_refused(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	example(&p);
	char *before = tp_fingerprint(&p);
	/* The operator saw A2 pending, but it moved meanwhile. */
	assert_int_equal(tx_atom(&p, "A2", "start", "in_progress", false), TX_DENIED);
	TP_CONTAINS(p.res.message, "A2 is pending now (you saw in_progress)");
	/* Not along the path. */
	assert_int_equal(tx_atom(&p, "A1", "start", NULL, false), TX_DENIED);
	TP_CONTAINS(p.res.message, "start is not allowed from resolved (only from pending)");
	assert_int_equal(tx_atom(&p, "A2", "resolve", NULL, false), TX_DENIED);
	/* A5 waits on A4: the operator must insist. */
	assert_int_equal(tx_atom(&p, "A5", "start", "pending", false), TX_ASK);
	TP_CONTAINS(p.res.message, "A5 waits on A4 (in_progress)", "--force");
	assert_int_equal(tx_atom(&p, "A9", "start", NULL, false), TX_DENIED);
	assert_int_equal(tx_atom(&p, "A2", "finish", NULL, false), TX_USAGE);
	TP_CONTAINS(p.res.message, "no transition 'finish'");
	assert_int_equal(tp_tx(&p, "aot", "A2", "stop", NULL, NOW), TX_USAGE);
	assert_int_equal(tp_tx(&p, "aot", NULL, "start", NULL, NOW), TX_USAGE);
	char *after = tp_fingerprint(&p);
	assert_string_equal(before, after);
	free(before);
	free(after);
	assert_int_equal(tx_atom(&p, "A5", "start", "pending", true), TX_DONE);
	tp_close(&p);
}

/* The harness fires as users do, through lw_transition: the loop's state
 * linked to a file outside the project is read, but a stop is refused
 * and the outside file stays as it was (fired at the adapter itself, as
 * the harness once did, the stop was written there). */
static void linked_outside_is_not_written(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	example(&p);
	char out[300], file[600], away[400];
	snprintf(out, sizeof out, "%s-outside", p.dir);
	assert_int_equal(mkdir(out, 0755), 0);
	snprintf(file, sizeof file, "%s/" FILE_, p.dir);
	snprintf(away, sizeof away, "%s/aot-loop-state.md", out);
	assert_int_equal(rename(file, away), 0);
	assert_int_equal(symlink(away, file), 0);
	char *orig = tp_read(&p, FILE_);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_tx(&p, "aot", NULL, "stop", "enough", NOW), TX_IO);
	TP_CONTAINS(p.res.message, "outside the project");
	char *now = tp_read(&p, FILE_);
	assert_string_equal(now, orig);
	free(now);
	free(orig);
	assert_int_equal(unlink(away), 0);
	assert_int_equal(rmdir(out), 0);   /* no temp or lock left there */
	tp_close(&p);
}

static void stop_and_redirect(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	example(&p);
	char *orig = tp_read(&p, FILE_);
	assert_int_equal(tp_tx(&p, "aot", NULL, "stop", "enough for today", NOW), TX_DONE);
	assert_int_equal(tp_tx(&p, "aot", NULL, "stop", NULL, NOW), TX_DENIED);
	TP_CONTAINS(p.res.message, "already requested");
	assert_int_equal(tp_tx(&p, "aot", NULL, "redirect", NULL, NOW), TX_USAGE);
	assert_int_equal(tp_tx(&p, "aot", NULL, "redirect", "use \"sessions\": not JWT\n(see #12)", NOW), TX_DONE);
	assert_int_equal(tp_load(&p, NOW), 0);
	const aot_state *a = tp_snap(&p, "aot")->sys;
	assert_true(a->stop_requested);
	assert_string_equal(a->stop_reason, "enough for today");
	assert_true(a->redirect_requested);
	const doc_node *c = doc_seq_first(a->corrections);
	assert_non_null(c);
	/* A type /redirect defines: a work-graph change unless the reason names one. */
	assert_string_equal(doc_str(doc_get(c, "type")), "dag_adjustment");
	assert_string_equal(doc_str(doc_get(c, "description")), "use \"sessions\": not JWT\n(see #12)");
	assert_string_equal(doc_str(doc_get(c, "timestamp")), NOW);
	TP_EXPECT(&p, LW_INFO, "aot", "stop_requested", "control", "enough for today");
	TP_EXPECT(&p, LW_INFO, "aot", "redirect_requested", "control", NULL);
	/* The body and the comments above it are untouched. */
	char *now = tp_read(&p, FILE_);
	assert_string_equal(body_of(now), body_of(orig));
	TP_CONTAINS(now, "# === Execution Control ===", "prev_pending_count: 3                     # Previous");
	free(orig);
	free(now);
	tp_close(&p);
	/* A stopped loop takes no stop. */
	tp_open(&p);
	tp_write(&p, FILE_, "---\nobjective: {goal: g}\ncontrol: {status: stopped}\natoms: [{id: A1, status: pending}]\n"
	         "---\n\n# Original Prompt\n");
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_tx(&p, "aot", NULL, "stop", NULL, NOW), TX_DENIED);
	tp_close(&p);
}

/* The correction's type is one /redirect defines, named by the reason's
 * prefix when it names one. */
static void redirect_type_from_reason(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	example(&p);
	assert_int_equal(tp_tx(&p, "aot", NULL, "redirect", "constraint_change: max_iterations 30", NOW), TX_DONE);
	assert_int_equal(tp_load(&p, NOW), 0);
	const aot_state *a = tp_snap(&p, "aot")->sys;
	const doc_node *c = doc_seq_first(a->corrections);
	assert_string_equal(doc_str(doc_get(c, "type")), "constraint_change");
	assert_string_equal(doc_str(doc_get(c, "description")), "max_iterations 30");
	tp_close(&p);
}

/* The body may hold anything, a '---' line included; CRLF files stay CRLF. */
static void body_bytes_survive(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	static const char text[] =
		"---\r\n# header comment\r\nobjective: {goal: g}\r\ncontrol:\r\n  status: running   # live\r\n"
		"  stop_requested: false\r\natoms:\r\n  - {id: A1, status: pending}\r\n---\r\n"
		"\r\n# Original Prompt\r\n---\r\nliteral: yaml-looking text\r\n\x01\xff binary-ish\r\n";
	tp_write(&p, FILE_, text);
	assert_int_equal(tp_load(&p, NOW), 0);
	assert_int_equal(tp_tx(&p, "aot", NULL, "stop", NULL, NOW), TX_DONE);
	assert_int_equal(tx_atom(&p, "A1", "start", "pending", false), TX_DONE);
	char *now = tp_read(&p, FILE_);
	assert_string_equal(now,
		"---\r\n# header comment\r\nobjective: {goal: g}\r\ncontrol:\r\n  status: running   # live\r\n"
		"  stop_requested: true\r\natoms:\r\n  - {id: A1, status: in_progress}\r\n---\r\n"
		"\r\n# Original Prompt\r\n---\r\nliteral: yaml-looking text\r\n\x01\xff binary-ish\r\n");
	free(now);
	tp_close(&p);
}

/* ---- a concurrent writer ---- */

/* What the loop's coordinator does between our reads: bump the iteration
 * and rewrite the file by rename (sed … > f.tmp.$$ && mv), under the lock
 * every cooperating writer takes (flock on <file>.lock). */
static void writer(const char *path, int rounds)
{
	char lock[700], tmp[700];
	snprintf(lock, sizeof lock, "%s.lock", path);
	snprintf(tmp, sizeof tmp, "%s.tmp.%d", path, (int)getpid());
	for (int r = 0; r < rounds; r++) {
		int lfd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
		if (lfd < 0 || flock(lfd, LOCK_EX) < 0)
			_exit(2);
		FILE *f = fopen(path, "rb");
		if (!f)
			_exit(3);
		static char buf[1 << 16];
		size_t n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
		buf[n] = '\0';
		char *it = strstr(buf, "\n  iteration: ");
		if (!it)
			_exit(4);
		it += strlen("\n  iteration: ");
		long v = strtol(it, NULL, 10);
		char *rest = it + strcspn(it, "\n");
		FILE *o = fopen(tmp, "wb");
		if (!o)
			_exit(5);
		fwrite(buf, 1, (size_t)(it - buf), o);
		fprintf(o, "%ld", v + 1);
		fputs(rest, o);
		if (fclose(o) != 0 || rename(tmp, path) != 0)
			_exit(6);
		flock(lfd, LOCK_UN);
		close(lfd);
		struct timespec ts = { 0, 200000 };   /* 0.2 ms: interleave with the test */
		nanosleep(&ts, NULL);
	}
	_exit(0);
}

static long iteration_of(tp *p)
{
	char *t = tp_read(p, FILE_);
	const char *it = strstr(t, "\n  iteration: ");
	long v = it ? strtol(it + 14, NULL, 10) : -1;
	free(t);
	return v;
}

static void stop_during_concurrent_rewrites(void **st)
{
	(void)st;
	enum { ROUNDS = 2000 };
	tp p;
	tp_open(&p);
	example(&p);
	char *orig = tp_read(&p, FILE_);
	char path[600];
	snprintf(path, sizeof path, "%s/%s", p.dir, FILE_);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		free(orig);   /* the writer never returns: valgrind checks the child's heap too */
		writer(path, ROUNDS);
	}
	/* Land the stop (and an atom move) while the writer is mid-run. */
	while (iteration_of(&p) < 5 + ROUNDS / 4) {
		struct timespec ts = { 0, 100000 };
		nanosleep(&ts, NULL);
	}
	assert_int_equal(tp_tx(&p, "aot", NULL, "stop", "operator", NOW), TX_DONE);
	assert_int_equal(tx_atom(&p, "A2", "start", "pending", false), TX_DONE);
	long mid = iteration_of(&p);   /* ours landed while the writer was still at it */
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	/* Every one of the writer's rewrites and both of ours are there. */
	assert_int_equal(iteration_of(&p), 5 + ROUNDS);
	assert_true(mid < 5 + ROUNDS);
	assert_int_equal(tp_load(&p, NOW), 0);
	const aot_state *a = tp_snap(&p, "aot")->sys;
	assert_true(a->stop_requested);
	assert_string_equal(a->stop_reason, "operator");
	assert_string_equal(a->atoms[1].status_raw, "in_progress");
	char *now = tp_read(&p, FILE_);
	assert_string_equal(body_of(now), body_of(orig));
	free(orig);
	free(now);
	tp_close(&p);
}

/* A writer that does not lock and rewrites the file between our read and
 * our rename: the store notices and edits the new bytes instead. */
typedef struct racer { const char *path; int calls; } racer;

static int racing_edit(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	(void)err;
	racer *r = ctx;
	if (r->calls++ == 0) {
		FILE *f = fopen(r->path, "wb");   /* someone else's write lands now */
		fputs("theirs\n", f);
		fclose(f);
	}
	strbuf_add(out, cur, len);
	strbuf_adds(out, "ours\n");
	return 0;
}

static void unlocked_writer_is_not_overwritten(void **st)
{
	(void)st;
	tp p;
	tp_open(&p);
	tp_write(&p, "f.txt", "start\n");
	char path[600];
	snprintf(path, sizeof path, "%s/f.txt", p.dir);
	racer r = { path, 0 };
	lw_error err;
	lw_error_clear(&err);
	txn_file f = { .path = path, .mode = TXN_REPLACE, .edit = racing_edit, .ctx = &r };
	txn tr = { .files = &f, .n = 1 };
	assert_int_equal(txn_run(&tr, &err), 0);
	assert_int_equal(r.calls, 2);
	char *t = tp_read(&p, "f.txt");
	assert_string_equal(t, "theirs\nours\n");
	free(t);
	tp_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(atom_moves),
		cmocka_unit_test(moves_that_are_refused),
		cmocka_unit_test(stop_and_redirect),
		cmocka_unit_test(redirect_type_from_reason),
		cmocka_unit_test(body_bytes_survive),
		cmocka_unit_test(stop_during_concurrent_rewrites),
		cmocka_unit_test(unlocked_writer_is_not_overwritten),
		cmocka_unit_test(linked_outside_is_not_written),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
