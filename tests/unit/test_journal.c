/* test_journal.c — the operator's journal (core/model/journal.h): what is
 * appended reads back as operator events with who and what; a line that
 * does not read (garbage, another root, a bad time, one field too many) is
 * skipped and counted, the good ones kept; a last line without its newline
 * waits; a reader's offset reads only what is new; past the cap the file
 * rotates to ".1" and both are read, oldest first; a field's tab or newline
 * cannot make a line of its own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/model/journal.h"
#include "core/util/fileio.h"

static char tmp[256], proj[300], root[4096], path[4400];

static int setup(void **state)
{
	(void)state;
	snprintf(tmp, sizeof tmp, "/tmp/lw-journal-XXXXXX");
	assert_non_null(mkdtemp(tmp));
	snprintf(proj, sizeof proj, "%s/proj", tmp);
	assert_int_equal(mkdir(proj, 0700), 0);
	char st[300];
	snprintf(st, sizeof st, "%s/state", tmp);
	setenv("XDG_STATE_HOME", st, 1);
	assert_int_equal(lw_realpath(proj, root, sizeof root), 0);
	assert_true(lw_journal_path(proj, path, sizeof path));
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	return system(cmd) == 0 ? 0 : -1;
}

static void append_raw(const char *text)
{
	FILE *f = fopen(path, "a");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void round_trip(void **state)
{
	(void)state;
	assert_int_equal(lw_journal_append(proj, "acp", "Agent-2", "approve", "op\t1\nx", TX_DONE, 1000), 0);
	assert_int_equal(lw_journal_append(proj, "liza", NULL, "pause", NULL, TX_DENIED, 1001), 0);
	lw_activity a;
	lw_activity_init(&a, 64);
	size_t bad = 0;
	long long at = 0;
	lw_journal_read(path, root, true, &a, NULL, &at, &bad);
	assert_int_equal(bad, 0);
	assert_int_equal(a.n, 2);
	const lw_event *e = lw_activity_get(&a, 0);
	assert_int_equal(e->kind, LW_EV_OPERATOR);
	assert_string_equal(e->system, "acp");
	assert_string_equal(e->subject, "Agent-2");
	assert_string_equal(e->from, "op 1 x");   /* a tab, a newline: spaces */
	assert_string_equal(e->to, "approve: done");
	assert_int_equal((long long)e->time, 1000);
	e = lw_activity_get(&a, 1);
	assert_string_equal(e->subject, "");
	assert_string_equal(e->from, "human");
	assert_string_equal(e->to, "pause: denied");
	/* From the offset on: nothing new, nothing read. */
	lw_journal_read(path, root, false, &a, NULL, &at, &bad);
	assert_int_equal(a.n, 2);
	lw_activity_free(&a);
}

static void bad_lines(void **state)
{
	(void)state;
	assert_int_equal(lw_journal_append(proj, "aot", NULL, "redirect", "human", TX_DONE, 5), 0);
	append_raw("garbage\n");
	append_raw("lw1\tnot-a-time\tx\n");
	char line[4600];
	snprintf(line, sizeof line, "lw1\t7\t/elsewhere\tliza\t-\tabort\thuman\tdone\n");   /* another root */
	append_raw(line);
	snprintf(line, sizeof line, "lw1\tx7\t%s\tliza\t-\tabort\thuman\tdone\n", root);   /* a bad time */
	append_raw(line);
	snprintf(line, sizeof line, "lw1\t7\t%s\tliza\t-\tabort\thuman\tdone\textra\n", root);   /* a field too many */
	append_raw(line);
	snprintf(line, sizeof line, "lw2\t7\t%s\tliza\t-\tabort\thuman\tdone\n", root);   /* another version */
	append_raw(line);
	assert_int_equal(lw_journal_append(proj, "rcs", "forge", "clear", "human", TX_IO, 9), 0);
	snprintf(line, sizeof line, "lw1\t10\t%s\tliza\t-\tresume\thuman\tdone", root);   /* being written */
	append_raw(line);
	lw_activity a;
	lw_activity_init(&a, 64);
	size_t bad = 0;
	long long at = 0;
	lw_journal_read(path, root, false, &a, NULL, &at, &bad);
	assert_int_equal(bad, 6);
	assert_int_equal(a.n, 2);
	assert_string_equal(lw_activity_get(&a, 0)->to, "redirect: done");
	assert_string_equal(lw_activity_get(&a, 1)->to, "clear: failed");
	/* Its newline comes: the waiting line is read, and only it. */
	append_raw("\n");
	bad = 0;
	lw_journal_read(path, root, false, &a, NULL, &at, &bad);
	assert_int_equal(bad, 0);
	assert_int_equal(a.n, 3);
	assert_string_equal(lw_activity_get(&a, 2)->to, "resume: done");
	lw_activity_free(&a);
}

static void size_cap(void **state)
{
	(void)state;
	/* Lines until the file passes the cap: the next append rotates. */
	size_t n = 0;
	struct stat st;
	while (stat(path, &st) != 0 || st.st_size < (off_t)LW_JOURNAL_MAX_BYTES)
		assert_int_equal(lw_journal_append(proj, "liza", "t", "approve", "human", TX_DONE, (time_t)n++), 0);
	assert_int_equal(lw_journal_append(proj, "liza", "t", "reject", "human", TX_DONE, (time_t)n++), 0);
	char old[4500];
	snprintf(old, sizeof old, "%s.1", path);
	assert_int_equal(stat(old, &st), 0);
	assert_true(st.st_size >= (off_t)LW_JOURNAL_MAX_BYTES);
	assert_int_equal(stat(path, &st), 0);
	assert_true(st.st_size < 200);   /* one line */
	lw_activity a;
	lw_activity_init(&a, (size_t)1 << 20);
	size_t bad = 0;
	lw_journal_read(path, root, true, &a, NULL, NULL, &bad);
	assert_int_equal(bad, 0);
	assert_int_equal(a.n, n);
	assert_string_equal(lw_activity_get(&a, a.n - 1)->to, "reject: done");   /* the newest last */
	/* A file far past the cap (not ours as we write it): read nothing, said. */
	FILE *f = fopen(path, "a");
	assert_non_null(f);
	for (size_t i = 0; i < 3 * LW_JOURNAL_MAX_BYTES / 64; i++)
		fputs("lw1\t1\t/x\tliza\t-\tapprove\thuman\tdone.........................\n", f);
	fclose(f);
	lw_activity b;
	lw_activity_init(&b, 64);
	bad = 0;
	lw_journal_read(path, root, false, &b, NULL, NULL, &bad);
	assert_int_equal(b.n, 0);
	assert_int_equal(bad, 1);
	lw_activity_free(&b);
	lw_activity_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(round_trip, setup, teardown),
		cmocka_unit_test_setup_teardown(bad_lines, setup, teardown),
		cmocka_unit_test_setup_teardown(size_cap, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
