/* test_uistate.c — the HUD's saved UI state (issue 39): a round trip keeps
 * view, sorts, filter, project, focus and zoom; a key a later writer adds
 * is skipped; a corrupt, newer, symlinked, foreign-typed or huge file is
 * ignored with one message and left as it is; the file's name follows the
 * list of projects however they were named, and lives in the state folder. */
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
#include "tui/uistate.h"
#include "tui/sort.h"
#include "tui/pane.h"

static char dir[256];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/lw-uistate.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	setenv("XDG_STATE_HOME", dir, 1);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd);
}

static void round_trip(void **state)
{
	(void)state;
	uistate s;
	memset(&s, 0, sizeof s);   /* compared as bytes below: the padding too */
	s.table = true;
	s.sort_col[SORT_TABLE] = 3;
	s.sort_desc[SORT_TABLE] = true;
	s.sort_col[SORT_ALERTS] = 2;
	snprintf(s.filter, sizeof s.filter, "coder 3");
	snprintf(s.project, sizeof s.project, "beta");
	snprintf(s.focus, sizeof s.focus, "alerts");
	snprintf(s.zoom, sizeof s.zoom, "board");
	s.hide = 2;
	strbuf b;
	strbuf_init(&b);
	assert_true(uistate_render(&s, &b));
	assert_non_null(strstr(b.buf, "liza-watch-ui 1\n"));
	assert_non_null(strstr(b.buf, "sort-table id desc\n"));
	assert_non_null(strstr(b.buf, "hide 2\n"));
	uistate t;
	char why[256] = "";
	assert_int_equal(uistate_parse(b.buf, &t, why, sizeof why), 0);
	assert_memory_equal(&s, &t, sizeof s);
	strbuf_free(&b);
	/* A value that is not one line is never written. */
	snprintf(s.filter, sizeof s.filter, "a\nview board");
	strbuf_init(&b);
	assert_false(uistate_render(&s, &b));
	strbuf_free(&b);
}

static void unknown_keys_skipped(void **state)
{
	(void)state;
	uistate t;
	char why[256] = "";
	assert_int_equal(uistate_parse("liza-watch-ui 1\npane-sizes 3 4 5\nview table\n", &t, why, sizeof why), 0);
	assert_true(t.table);
}

static void bad_files_refused(void **state)
{
	(void)state;
	uistate t;
	char why[256];
	assert_int_equal(uistate_parse("liza-watch-ui 2\nview table\n", &t, why, sizeof why), -1);
	assert_non_null(strstr(why, "newer"));
	assert_int_equal(uistate_parse("hello\n", &t, why, sizeof why), -1);
	assert_non_null(strstr(why, "not a UI state file"));
	assert_int_equal(uistate_parse("liza-watch-ui 1\nview sideways\n", &t, why, sizeof why), -1);
	assert_non_null(strstr(why, "corrupt at line 2"));
	assert_int_equal(uistate_parse("liza-watch-ui 1\nsort-table color asc\n", &t, why, sizeof why), -1);
	assert_int_equal(uistate_parse("liza-watch-ui 1\nsort-table id upward\n", &t, why, sizeof why), -1);
	/* The hidden panes: a count from 0 to 4, nothing else. */
	assert_int_equal(uistate_parse("liza-watch-ui 1\nhide 5\n", &t, why, sizeof why), -1);
	assert_int_equal(uistate_parse("liza-watch-ui 1\nhide -1\n", &t, why, sizeof why), -1);
	assert_int_equal(uistate_parse("liza-watch-ui 1\nhide 22\n", &t, why, sizeof why), -1);
	char big[1024];
	memset(big, 'x', sizeof big);
	memcpy(big, "liza-watch-ui 1\nfilter ", 23);
	big[sizeof big - 1] = '\0';
	assert_int_equal(uistate_parse(big, &t, why, sizeof why), -1);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void files_read_with_care(void **state)
{
	(void)state;
	char path[512], link[512], *buf;
	char why[900];
	snprintf(path, sizeof path, "%s/plain", dir);
	assert_int_equal(uistate_read_file(path, 100, &buf, why, sizeof why), 1);   /* missing */
	assert_int_equal(uistate_write_file(path, "liza-watch-ui 1\n", 16, why, sizeof why), 0);
	assert_int_equal(uistate_read_file(path, 100, &buf, why, sizeof why), 0);
	assert_string_equal(buf, "liza-watch-ui 1\n");
	free(buf);
	/* Too big. */
	assert_int_equal(uistate_read_file(path, 8, &buf, why, sizeof why), -1);
	assert_non_null(strstr(why, "bigger than 8 bytes"));
	/* A link: neither read nor written through. */
	snprintf(link, sizeof link, "%s/link", dir);
	assert_int_equal(symlink(path, link), 0);
	assert_int_equal(uistate_read_file(link, 100, &buf, why, sizeof why), -1);
	assert_non_null(strstr(why, "symbolic link"));
	assert_int_equal(uistate_write_file(link, "x", 1, why, sizeof why), -1);
	assert_int_equal(uistate_read_file(path, 100, &buf, why, sizeof why), 0);
	assert_string_equal(buf, "liza-watch-ui 1\n");   /* what the link named is untouched */
	free(buf);
	/* A folder, a FIFO: not regular files. */
	snprintf(link, sizeof link, "%s/fifo", dir);
	assert_int_equal(mkfifo(link, 0600), 0);
	assert_int_equal(uistate_read_file(link, 100, &buf, why, sizeof why), -1);
	assert_non_null(strstr(why, "not a regular file"));
	/* A NUL inside. */
	FILE *f = fopen(path, "wb");
	fwrite("liza-watch-ui 1\n\0view table\n", 1, 28, f);
	fclose(f);
	assert_int_equal(uistate_read_file(path, 100, &buf, why, sizeof why), -1);
	assert_non_null(strstr(why, "NUL"));
}

static lw_member members[2];

static void named_by_the_projects(void **state)
{
	(void)state;
	char a[512], b[512], p1[4096], p2[4096], p3[4096];
	snprintf(a, sizeof a, "%s/alpha", dir);
	snprintf(b, sizeof b, "%s/beta", dir);
	mkdir(a, 0700);
	mkdir(b, 0700);
	lw_fleet f = { members, 2 };
	snprintf(members[0].proj.dir, sizeof members[0].proj.dir, "%s", a);
	snprintf(members[1].proj.dir, sizeof members[1].proj.dir, "%s", b);
	assert_true(uistate_path(&f, p1, sizeof p1));
	assert_int_equal(strncmp(p1, dir, strlen(dir)), 0);   /* in the state folder, never the project */
	assert_non_null(strstr(p1, "/liza-watch/ui-"));
	/* The other order, and a name through "..": the same list. */
	snprintf(members[0].proj.dir, sizeof members[0].proj.dir, "%s/../beta", a);
	snprintf(members[1].proj.dir, sizeof members[1].proj.dir, "%s", a);
	assert_true(uistate_path(&f, p2, sizeof p2));
	assert_string_equal(p1, p2);
	f.n = 1;
	assert_true(uistate_path(&f, p3, sizeof p3));
	assert_string_not_equal(p1, p3);
}

static void load_says_why_once(void **state)
{
	(void)state;
	char a[512], path[4096];
	snprintf(a, sizeof a, "%s/alpha", dir);
	mkdir(a, 0700);
	lw_fleet f = { members, 1 };
	snprintf(members[0].proj.dir, sizeof members[0].proj.dir, "%s", a);
	snprintf(members[0].label, sizeof members[0].label, "alpha");
	hud h;
	memset(&h, 0, sizeof h);
	h.fleet = &f;
	h.only = -1;
	h.focus = &pane_board;
	/* Saved, loaded back. */
	h.table_view = true;
	h.sort_col[SORT_TABLE] = 4;
	h.focus = &pane_alerts;
	snprintf(h.filter, sizeof h.filter, "coder-3");
	uistate_save(&h);
	hud g;
	memset(&g, 0, sizeof g);
	g.fleet = &f;
	g.only = -1;
	g.focus = &pane_board;
	char warn[1024] = "", said[600];
	uistate_load(&g, warn, sizeof warn, said, sizeof said);
	assert_string_equal(warn, "");
	assert_string_equal(said, "as you left it: the table, tasks sorted by status asc, the filter 'coder-3' (Esc clears "
	                          "it) (--reset-ui starts fresh)");
	assert_true(g.table_view);
	assert_int_equal(g.sort_col[SORT_TABLE], 4);
	assert_ptr_equal(g.focus, &pane_alerts);
	assert_string_equal(g.filter, "coder-3");
	/* Corrupt: ignored, one line that names the file, nothing applied. */
	assert_true(uistate_path(&f, path, sizeof path));
	write_text(path, "liza-watch-ui 1\nview table\nsort-table id sideways\n");
	memset(&g, 0, sizeof g);
	g.fleet = &f;
	g.only = -1;
	uistate_load(&g, warn, sizeof warn, said, sizeof said);
	assert_non_null(strstr(warn, path));
	assert_non_null(strstr(warn, "corrupt at line 3"));
	assert_int_equal((int)(strchr(warn, '\n') - warn), (int)strlen(warn) - 1);   /* one line */
	assert_false(g.table_view);
	/* Huge. */
	FILE *fh = fopen(path, "w");
	for (int i = 0; i < 2000; i++)
		fputs("liza-watch-ui 1\n", fh);
	fclose(fh);
	warn[0] = '\0';
	uistate_load(&g, warn, sizeof warn, said, sizeof said);
	assert_non_null(strstr(warn, "bigger than"));
	/* A file left unwritable is not replaced through a link either. */
	unlink(path);
	char target[600];
	snprintf(target, sizeof target, "%s/elsewhere", dir);
	write_text(target, "theirs\n");
	assert_int_equal(symlink(target, path), 0);
	warn[0] = '\0';
	uistate_load(&g, warn, sizeof warn, said, sizeof said);
	assert_non_null(strstr(warn, "symbolic link"));
	uistate_save(&h);   /* says so on stderr; the link's target untouched */
	FILE *ft = fopen(target, "r");
	char got[32] = "";
	assert_non_null(fgets(got, sizeof got, ft));
	fclose(ft);
	assert_string_equal(got, "theirs\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(unknown_keys_skipped),
		cmocka_unit_test(bad_files_refused),
		cmocka_unit_test(files_read_with_care),
		cmocka_unit_test(named_by_the_projects),
		cmocka_unit_test(load_says_why_once),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
