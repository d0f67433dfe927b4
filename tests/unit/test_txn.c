/* test_txn.c — the transaction engine's promises (core/txn/txn.h) with real
 * processes: a writer paused mid-file is never committed; ENOSPC on the
 * second file changes nothing; kill -9 at any instant of a two-file commit
 * leaves, after the next run, both files or neither and no temp; the lock
 * is waited for in the kernel and lands when released; a dead writer's
 * temp is removed by the next write and a live one's is not; an empty file
 * is a read failure. Waits are on conditions (pipes, waitpid), not time. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/txn/txn.h"
#include "platform/platform.h"
#include "core/txn/txn_journal.h"
#include "core/txn/txn_proof.h"
#include <limits.h>
#include <dirent.h>
#include <sched.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>

typedef struct fx {
	char dir[64], a[128], b[128], lock[128];
} fx;

static int rm_entry(const char *p, const struct stat *st, int type, struct FTW *f)
{
	(void)st; (void)type; (void)f;
	remove(p);
	return 0;
}

static int setup(void **state)
{
	fx *x = calloc(1, sizeof *x);
	snprintf(x->dir, sizeof x->dir, "/tmp/lw-txn-XXXXXX");
	if (!mkdtemp(x->dir))
		return -1;
	snprintf(x->a, sizeof x->a, "%s/state.yaml", x->dir);
	snprintf(x->b, sizeof x->b, "%s/log.yaml", x->dir);
	snprintf(x->lock, sizeof x->lock, "%s/state.yaml.lock", x->dir);
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	fx *x = *state;
	store_set_ops(NULL);
	store_root_leave();   /* a test that failed inside a root must not leave the next one in it */
	unsetenv("LIZA_WATCH_BUSY_MS");
	unsetenv("LIZA_WATCH_LOCK_TIMEOUT_MS");
	nftw(x->dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(x);
	return 0;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static char *get(const char *path)
{
	char *b = NULL;
	size_t n;
	lw_error err;
	if (store_read(path, 1 << 20, &b, &n, &err) != STORE_OK)
		return NULL;
	return b;
}

static void assert_file(const char *path, const char *want)
{
	char *t = get(path);
	assert_non_null(t);
	assert_string_equal(t, want);
	free(t);
}

/* Entries of dir other than the named files: temps, journals, locks. */
static int strays(const char *dir, const char *keep1, const char *keep2)
{
	DIR *d = opendir(dir);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, keep1) &&
		    (!keep2 || strcmp(e->d_name, keep2)))
			n++;
	closedir(d);
	return n;
}

static int append_x(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	(void)err;
	strbuf_add(out, cur, len);
	strbuf_adds(out, ctx ? ctx : "x\n");
	return 0;
}

static int add_line(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	(void)cur; (void)len; (void)err;
	strbuf_adds(out, ctx);
	return 0;
}

/* ---- torn writes ---------------------------------------------------------- */

/* A writer that has written half the file and waits: the transaction must
 * not edit that prefix. It waits, then says who holds the file open. */
static void paused_writer_is_not_committed(void **state)
{
#ifndef LW_HAVE_LEASES
	/* Without leases nothing tells an open-for-writing file from a quiet
	 * one: what that costs is in docs/transactions.md, "Per platform". */
	(void)state;
	skip();
#else
	fx *x = *state;
	put(x->a, "a: 1\nb: 2\n");
	int go[2], ready[2];
	assert_int_equal(pipe(go), 0);
	assert_int_equal(pipe(ready), 0);
	pid_t pid = fork();
	if (pid == 0) {
		int fd = open(x->a, O_WRONLY | O_TRUNC);
		if (write(fd, "a: 1\n", 5) != 5 || write(ready[1], "r", 1) != 1)
			_exit(1);
		char c;
		if (read(go[0], &c, 1) != 1 || write(fd, "b: 3\nc: 4\n", 10) != 10)
			_exit(2);
		close(fd);
		_exit(0);
	}
	char c;
	assert_int_equal(read(ready[0], &c, 1), 1);   /* the prefix is on disk, the writer holds it open */
	setenv("LIZA_WATCH_BUSY_MS", "150", 1);
	txn_file f = { .path = x->a, .mode = TXN_REPLACE, .edit = append_x };
	txn t = { .files = &f, .n = 1 };
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(txn_run(&t, &err), STORE_ERR);
	char msg[1200];
	lw_error_format(&err, msg, sizeof msg);
	assert_non_null(strstr(msg, "still open for writing by"));
	assert_non_null(strstr(msg, "nothing written"));
	assert_file(x->a, "a: 1\n");   /* the prefix, not our edit of it */
	assert_int_equal(write(go[1], "g", 1), 1);
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_int_equal(txn_run(&t, &err), STORE_OK);   /* the writer is done: ours lands on its bytes */
	assert_file(x->a, "a: 1\nb: 3\nc: 4\nx\n");
	assert_int_equal(strays(x->dir, "state.yaml", NULL), 0);
#endif
}

/* A file caught empty (between a writer's truncate and its write) is a
 * read failure once nobody has it open: exit 3, never an edit of nothing. */
static void empty_file_is_a_read_failure(void **state)
{
	fx *x = *state;
	put(x->a, "");
	txn_file f = { .path = x->a, .mode = TXN_REPLACE, .edit = append_x };
	txn t = { .files = &f, .n = 1 };
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(txn_run(&t, &err), STORE_ERR);
	assert_file(x->a, "");
}

/* ---- the whole file compared ------------------------------------------- */

typedef struct racer {
	const char *path;
	int calls;
} racer;

/* Another writer rewrites a part of the file we do not edit while we edit. */
static int racing_edit(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	(void)err;
	racer *r = ctx;
	if (r->calls++ == 0)
		put(r->path, "a: 1\nb: theirs\n");
	strbuf_add(out, cur, len);
	strbuf_adds(out, "ours: 1\n");
	return 0;
}

static void whole_file_compare_redoes_the_edit(void **state)
{
	fx *x = *state;
	put(x->a, "a: 1\nb: 2\n");
	racer r = { x->a, 0 };
	txn_file f = { .path = x->a, .mode = TXN_REPLACE, .edit = racing_edit, .ctx = &r };
	txn t = { .files = &f, .n = 1 };
	lw_error err;
	assert_int_equal(txn_run(&t, &err), STORE_OK);
	assert_int_equal(r.calls, 2);
	assert_file(x->a, "a: 1\nb: theirs\nours: 1\n");
}

/* ---- two files: all or nothing ------------------------------------------ */

static int writes;
static ssize_t enospc_on_second(int fd, const void *b, size_t n)
{
	if (++writes >= 2) {
		errno = ENOSPC;
		return -1;
	}
	return write(fd, b, n);
}

static void enospc_on_the_second_file_changes_nothing(void **state)
{
	fx *x = *state;
	put(x->a, "a: 1\n");
	put(x->b, "b: 1\n");
	txn_file files[2] = {
		{ .path = x->a, .mode = TXN_REPLACE, .edit = append_x },
		{ .path = x->b, .mode = TXN_REPLACE, .edit = append_x },
	};
	txn t = { .lock = x->lock, .journal_dir = x->dir, .files = files, .n = 2 };
	struct store_ops ops = { .write = enospc_on_second };
	writes = 0;
	store_set_ops(&ops);
	lw_error err;
	lw_error_clear(&err);
	int rc = txn_run(&t, &err);
	store_set_ops(NULL);
	assert_int_equal(rc, STORE_ERR);
	char msg[1200];
	assert_non_null(strstr(lw_error_format(&err, msg, sizeof msg), "No space left"));
	assert_file(x->a, "a: 1\n");
	assert_file(x->b, "b: 1\n");
	assert_int_equal(strays(x->dir, "state.yaml", "log.yaml"), 1);   /* the Liza lock file only */
}

/* The Liza shape: state replaced, log appended; the append hits ENOSPC. */
static void enospc_on_the_log_append_changes_nothing(void **state)
{
	fx *x = *state;
	put(x->a, "a: 1\n");
	put(x->b, "- e: 1\n");
	txn_file files[2] = {
		{ .path = x->a, .mode = TXN_REPLACE, .edit = append_x },
		{ .path = x->b, .mode = TXN_APPEND, .edit = add_line, .ctx = "- e: 2\n" },
	};
	txn t = { .lock = x->lock, .journal_dir = x->dir, .files = files, .n = 2 };
	struct store_ops ops = { .write = enospc_on_second };
	writes = 0;   /* the state's temp is written, the append fails */
	store_set_ops(&ops);
	lw_error err;
	lw_error_clear(&err);
	int rc = txn_run(&t, &err);
	store_set_ops(NULL);
	assert_int_equal(rc, STORE_ERR);
	assert_file(x->a, "a: 1\n");
	assert_file(x->b, "- e: 1\n");
	assert_int_equal(strays(x->dir, "state.yaml", "log.yaml"), 1);
	/* and without the fault both land */
	assert_int_equal(txn_run(&t, &err), STORE_OK);
	assert_file(x->a, "a: 1\nx\n");
	assert_file(x->b, "- e: 1\n- e: 2\n");
}

/* kill -9 at any instant of a two-file commit: after the next run (which
 * completes or drops what was left), both files carry the same count and
 * no temp or record is left. */
static long count_x(const char *path, const char *line)
{
	char *t = get(path);
	long n = 0;
	for (const char *p = t; p && (p = strstr(p, line)); p += strlen(line))
		n++;
	free(t);
	return n;
}

/* 150 commits killed at pseudo-random instants; after each, what any next
 * run does first (txn_recover_dir) leaves both files agreeing, and nothing
 * behind but the lock file (when the system has one). */
static void kill_loop(fx *x, txn *t, const char *lock_name)
{
	unsigned seed = 12345;
	int killed_mid = 0;
	/* The lock file is there before the first round, as the system's own
	 * tools leave it: a kill that lands before the first commit took it
	 * (a busy machine) leaves the folder as it was, not one file short. */
	if (lock_name)
		put(lock_name, "");
	for (int round = 0; round < 150; round++) {
		int ready[2];
		assert_int_equal(pipe(ready), 0);
		pid_t pid = fork();
		if (pid == 0) {
			close(ready[0]);
			if (write(ready[1], "r", 1) != 1)
				_exit(1);
			lw_error err;
			for (;;)
				txn_run(t, &err);
		}
		close(ready[1]);
		char c;
		assert_int_equal(read(ready[0], &c, 1), 1);
		close(ready[0]);
		/* a pseudo-random instant within a few commits */
		seed = seed * 1103515245u + 12345u;
		struct timespec ts = { 0, (long)(seed % 40000u) * 1000L };
		nanosleep(&ts, NULL);
		kill(pid, SIGKILL);
		int st;
		assert_int_equal(waitpid(pid, &st, 0), pid);
		size_t left = strays(x->dir, "state.yaml", "log.yaml");
		killed_mid += left > (lock_name ? 1u : 0u);
		txn_recover_dir(x->dir);   /* what any next run does first */
		assert_int_equal(count_x(x->a, "x\n"), count_x(x->b, "x\n"));
		assert_int_equal(strays(x->dir, "state.yaml", "log.yaml"), lock_name ? 1 : 0);
	}
	printf("# kill -9: 150 rounds, %d killed with a temp or record on disk\n", killed_mid);
	assert_true(killed_mid > 0);   /* the kills did land mid-commit */
}

/* Liza's shape: state.yaml replaced and log.yaml appended, under its lock. */
static void kill_9_at_any_instant(void **state)
{
	fx *x = *state;
	put(x->a, "");
	put(x->b, "");
	txn_file files[2] = {
		{ .path = x->a, .mode = TXN_REPLACE, .may_be_empty = true, .edit = append_x },
		{ .path = x->b, .mode = TXN_APPEND, .may_be_empty = true, .edit = add_line, .ctx = "x\n" },
	};
	txn t = { .lock = x->lock, .journal_dir = x->dir, .files = files, .n = 2 };
	kill_loop(x, &t, x->lock);
}

/* The same inside a project's root (what every transition does): the
 * record is version 3, names its files below the root, and recovery with
 * the root entered completes or drops it the same way. */
static void kill_9_under_a_root(void **state)
{
	fx *x = *state;
	put(x->a, "");
	put(x->b, "");
	lw_error err;
	assert_int_equal(store_root_enter(x->dir, &err), STORE_OK);
	txn_file files[2] = {
		{ .path = x->a, .mode = TXN_REPLACE, .may_be_empty = true, .edit = append_x },
		{ .path = x->b, .mode = TXN_APPEND, .may_be_empty = true, .edit = add_line, .ctx = "x\n" },
	};
	txn t = { .lock = x->lock, .journal_dir = x->dir, .files = files, .n = 2 };
	kill_loop(x, &t, x->lock);
	store_root_leave();
}

/* RCS's shape (activate, clear): two files replaced, no lock taken. */
static void kill_9_two_replaced_files_no_lock(void **state)
{
	fx *x = *state;
	put(x->a, "");
	put(x->b, "");
	txn_file files[2] = {
		{ .path = x->a, .mode = TXN_REPLACE, .may_be_empty = true, .edit = append_x },
		{ .path = x->b, .mode = TXN_REPLACE, .may_be_empty = true, .edit = append_x },
	};
	txn t = { .lock = NULL, .journal_dir = x->dir, .files = files, .n = 2 };
	kill_loop(x, &t, NULL);
}

static void lock_wait_lands_on_release(void **state)
{
	fx *x = *state;
	/* Only Linux lists who waits for a lock (/proc/locks): elsewhere nothing
	 * says the transaction is blocked rather than not yet started. */
	if (access("/proc/locks", R_OK) != 0) {
		print_message("lock_wait_lands_on_release: skipped, no /proc/locks on this system\n");
		skip();
	}
	put(x->a, "a: 1\n");
	int locked[2], go[2];
	assert_int_equal(pipe(locked), 0);
	assert_int_equal(pipe(go), 0);
	pid_t holder = fork();
	if (holder == 0) {
		int fd = open(x->lock, O_RDONLY | O_CREAT, 0644);
		char c;
		if (flock(fd, LOCK_EX) != 0 || write(locked[1], "l", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(1);
		_exit(0);   /* exiting drops the lock */
	}
	char c;
	assert_int_equal(read(locked[0], &c, 1), 1);
	pid_t tx = fork();
	if (tx == 0) {
		txn_file f = { .path = x->a, .mode = TXN_REPLACE, .edit = append_x };
		txn t = { .lock = x->lock, .files = &f, .n = 1, .lock_timeout_ms = 60000 };
		lw_error err;
		_exit(txn_run(&t, &err) == STORE_OK ? 0 : 1);
	}
	/* The transaction is blocked on the lock: /proc/locks lists its wait
	 * ("N: -> FLOCK ... MAJ:MIN:INODE ...") on our lock file's inode. */
	struct stat lst;
	assert_int_equal(stat(x->lock, &lst), 0);
	char ino[40];
	snprintf(ino, sizeof ino, ":%llu ", (unsigned long long)lst.st_ino);
	/* With a deadline, and never past the transaction's end: one that
	 * ended without waiting (a failure) must fail here, not hang. */
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		FILE *f = fopen("/proc/locks", "r");
		char line[256];
		bool waiting = false;
		while (f && fgets(line, sizeof line, f))
			waiting |= strstr(line, "->") != NULL && strstr(line, ino) != NULL;
		if (f)
			fclose(f);
		if (waiting)
			break;
		int ended;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (waitpid(tx, &ended, WNOHANG) == tx || t1.tv_sec - t0.tv_sec > 60) {
			kill(holder, SIGKILL);
			kill(tx, SIGKILL);
			fail_msg("the transaction never waited on the lock (it ended, or 60 s passed)");
		}
		struct timespec nap = { 0, 1000000 };
		nanosleep(&nap, NULL);
	}
	assert_file(x->a, "a: 1\n");
	assert_int_equal(write(go[1], "g", 1), 1);
	int st;
	assert_int_equal(waitpid(holder, &st, 0), holder);
	assert_int_equal(waitpid(tx, &st, 0), tx);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_file(x->a, "a: 1\nx\n");
}

/* A system whose tools take no lock: no lock file is ever created, even on
 * a refusal. */
static int refuse(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	(void)cur; (void)len; (void)out; (void)ctx; (void)err;
	return EDIT_DENIED;
}

static void no_lock_file_where_tools_use_none(void **state)
{
	fx *x = *state;
	put(x->a, "{}\n");
	put(x->b, "{}\n");
	txn_file files[2] = {
		{ .path = x->a, .mode = TXN_REPLACE, .edit = refuse },
		{ .path = x->b, .mode = TXN_REPLACE, .edit = append_x },
	};
	char join[160];
	snprintf(join, sizeof join, "%s.lock", x->a);
	txn t = { .join_lock = join, .journal_dir = x->dir, .files = files, .n = 2 };
	lw_error err;
	assert_int_equal(txn_run(&t, &err), EDIT_DENIED);
	files[0].edit = append_x;
	assert_int_equal(txn_run(&t, &err), STORE_OK);
	assert_int_equal(strays(x->dir, "state.yaml", "log.yaml"), 0);
}

/* ---- crash leftovers --------------------------------------------------- */

static void dead_temps_are_swept_live_ones_kept(void **state)
{
	fx *x = *state;
	put(x->a, "a: 1\n");
	/* A writer killed between its temp and its rename: the temp is ours
	 * (its name proves it, docs/transactions.md). */
	int fds[2];
	assert_int_equal(pipe(fds), 0);
	pid_t dead = fork();
	if (dead == 0) {
		char target[PATH_MAX], tmp[PATH_MAX] = "";
		lw_error e;
		txn_proof_temps();
		(void)store_temp_write(x->a, "leftover", 8, target, tmp, &e);
		ssize_t w = write(fds[1], tmp, strlen(tmp) + 1);
		_exit(w > 0 ? 0 : 1);
	}
	close(fds[1]);
	int st;
	waitpid(dead, &st, 0);
	char p[PATH_MAX] = "";
	assert_true(read(fds[0], p, sizeof p) > 1);
	close(fds[0]);
	assert_int_equal(access(p, F_OK), 0);
	char planted[256];   /* the shape of ours without proof: the project's file */
	snprintf(planted, sizeof planted, "%s/.state.yaml.%ld.lw-AbC123", x->dir, (long)dead);
	put(planted, "planted");
	char live[256];
	snprintf(live, sizeof live, "%s/.state.yaml.%ld.lw-XyZ789", x->dir, (long)getppid());
	put(live, "someone's, in use");
	txn_file f = { .path = x->a, .mode = TXN_REPLACE, .edit = append_x };
	txn t = { .files = &f, .n = 1 };
	lw_error err;
	assert_int_equal(txn_run(&t, &err), STORE_OK);
	assert_int_equal(access(p, F_OK), -1);
	assert_int_equal(access(live, F_OK), 0);
	assert_int_equal(access(planted, F_OK), 0);
	unlink(live);
	unlink(planted);
}

/* What a record may name: a path below its folder, said relative to it. */
static void record_paths_stay_in_their_folder(void **state)
{
	(void)state;
	assert_string_equal(txn_journal_rel("p/.liza", "p/.liza/state.yaml"), "state.yaml");
	assert_string_equal(txn_journal_rel("p/.liza/", "p/.liza/./state.yaml"), "state.yaml");
	assert_string_equal(txn_journal_rel("/abs/.rcs", "/abs/.rcs/state/session.json"), "state/session.json");
	assert_string_equal(txn_journal_rel(".", "state.yaml"), "state.yaml");
	assert_null(txn_journal_rel("p/.liza", "p/.lizard/state.yaml"));   /* a prefix, not a folder */
	assert_null(txn_journal_rel("p/.liza", "p/.liza/../x"));
	assert_null(txn_journal_rel("p/.liza", "q/state.yaml"));
	assert_null(txn_journal_rel(".", "/etc/passwd"));
	assert_null(txn_journal_rel(".", "a/../../b"));
	assert_null(txn_journal_rel("p", "p/"));
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(paused_writer_is_not_committed),
		T(empty_file_is_a_read_failure),
		T(whole_file_compare_redoes_the_edit),
		T(enospc_on_the_second_file_changes_nothing),
		T(enospc_on_the_log_append_changes_nothing),
		T(kill_9_at_any_instant),
		T(kill_9_under_a_root),
		T(kill_9_two_replaced_files_no_lock),
		T(lock_wait_lands_on_release),
		T(no_lock_file_where_tools_use_none),
		T(dead_temps_are_swept_live_ones_kept),
		cmocka_unit_test(record_paths_stay_in_their_folder),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
