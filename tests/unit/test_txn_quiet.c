/* test_txn_quiet.c — the quiet read without a lease (the BSDs, macOS,
 * PORTABLE=1): a file whose bytes stop mid-line is a writer paused between
 * two writes, not a whole document, even once it has been still for the
 * 10 ms that settle a whole one. Under load a writer is off its core for
 * longer than that; the read took its prefix, the compare before the swap
 * saw the same prefix, and the commit lost the file's tail and the
 * writer's write (test_txn_writers, foreman_inplace_writer: "end" gone, 1
 * run in 4). Where a lease is taken (Linux, our own files) the lease says
 * whether a writer has the file open and the bytes are not judged. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/txn/txn.h"
#include "core/txn/txn_quiet.h"
#include "core/store/store.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static long long ns(const struct timespec *t)
{
	return (long long)t->tv_sec * 1000000000LL + t->tv_nsec;
}

/* Until path was last changed at least ms ago (a condition, with a
 * deadline: the clock moves on by itself). */
static void wait_still(const char *path, long ms)
{
	struct timespec start, now;
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		struct stat st;
		assert_int_equal(stat(path, &st), 0);
		struct timespec wall;
		clock_gettime(CLOCK_REALTIME, &wall);
		long long last = ns(&st.st_mtim) > ns(&st.st_ctim) ? ns(&st.st_mtim) : ns(&st.st_ctim);
		if (ns(&wall) - last >= ms * 1000000LL + 2000000LL)
			return;
		clock_gettime(CLOCK_MONOTONIC, &now);
		assert_true(ns(&now) - ns(&start) < 30 * 1000000000LL);
		struct timespec nap = { 0, 1000000 };
		nanosleep(&nap, NULL);
	}
}

/* rc of one quiet read of path, and whether it was made under a lease. */
static int quiet(const char *path, bool *leased)
{
	txn_hold h = { .fd = -1 };
	char *buf = NULL;
	size_t len = 0;
	lw_error err;
	lw_error_clear(&err);
	int rc = txn_quiet_read(path, false, &h, &buf, &len, &err);
	*leased = h.quiet;
	free(buf);
	return rc;
}

static void cut_file_waits_longer(void **st)
{
	(void)st;
	setenv("LIZA_WATCH_BUSY_MS", "400", 1);   /* the cut window: half of it, 200 ms */
	char dir[64], cut[128], whole[128], json[128], json_cut[128], empty[128];
	snprintf(dir, sizeof dir, "/tmp/lw-quiet-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(cut, sizeof cut, "%s/task.yaml", dir);
	snprintf(whole, sizeof whole, "%s/whole.yaml", dir);
	snprintf(json, sizeof json, "%s/state.json", dir);
	snprintf(json_cut, sizeof json_cut, "%s/cut.json", dir);
	snprintf(empty, sizeof empty, "%s/empty.yaml", dir);
	put(cut, "counter: 3\nours: 1\npad: xxxxxxxx");        /* the first of a writer's two writes */
	put(whole, "counter: 3\nours: 1\nend: true\n");
	put(json, "{\n  \"active\": true\n}");                 /* JSON.stringify: no last newline */
	put(json_cut, "{\n  \"active\": true,\n");              /* a JSON prefix that ends at a line end */
	put(empty, "");                                          /* between the truncate and the first write */
	wait_still(cut, 10);
	wait_still(whole, 10);
	wait_still(json, 10);
	wait_still(json_cut, 10);
	wait_still(empty, 10);
	bool leased;
	assert_int_equal(quiet(whole, &leased), STORE_OK);
	assert_int_equal(quiet(json, &leased), STORE_OK);
	const char *cuts[] = { cut, json_cut, empty };
	for (size_t i = 0; i < 3; i++) {
		int rc = quiet(cuts[i], &leased);
		if (leased)
			assert_int_equal(rc, STORE_OK);   /* the lease said nobody has it open */
		else
			assert_int_equal(rc, TXN_BUSY);   /* still for 10 ms, yet it is not whole */
	}
	/* Still for the whole window: a file that ends so (no last newline),
	 * taken as it is rather than refused for ever. */
	wait_still(cut, 200);
	assert_int_equal(quiet(cut, &leased), STORE_OK);
	unlink(cut);
	unlink(whole);
	unlink(json);
	unlink(json_cut);
	unlink(empty);
	rmdir(dir);
	unsetenv("LIZA_WATCH_BUSY_MS");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cut_file_waits_longer),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
