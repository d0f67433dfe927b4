/* test_cmdline.c — the : command line (issue 39): every action by its
 * name, the commands with arguments, errors that say what was expected
 * (a did-you-mean for a typo), Tab completion of names and arguments, and
 * the history: bounded, kept in the state folder, a bad file ignored with
 * one message. No terminal needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tui/cmdline.h"
#include "tui/prompt.h"
#include "tui/keymap.h"
#include "tui/sort.h"
#include "tui/pane.h"
#include "tui/view.h"

static char dir[256];
static hud_keymap km;
static lw_member members[2];
static lw_fleet fleet = { members, 2 };

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/lw-cmdline.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	setenv("XDG_STATE_HOME", dir, 1);
	keymap_init(&km);
	snprintf(members[0].label, sizeof members[0].label, "alpha");
	snprintf(members[1].label, sizeof members[1].label, "beta");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd);
}

static void fresh(hud *h)
{
	memset(h, 0, sizeof *h);
	h->fleet = &fleet;
	h->only = -1;
	h->keymap = &km;
	h->focus = &pane_board;
}

static void done(hud *h)
{
	views_close_all(h);
	prompt_free(h);
	free(h->items);
	hud_log_free(h);
}

static void errors_say_what_was_expected(void **state)
{
	(void)state;
	hud h;
	fresh(&h);
	cmdline_exec(&h, "sotr id");
	assert_string_equal(h.message, "unknown command 'sotr'; did you mean 'sort'? (Tab lists the commands)");
	assert_true(h.message_error);
	cmdline_exec(&h, "sort");
	assert_string_equal(h.message, "sort: expected a column: project, system, id, status, age, lane, assignee, iter, "
	                               "rev, title or none");
	cmdline_exec(&h, "sort colour");
	assert_non_null(strstr(h.message, "sort: 'colour' is not a column; expected project, system"));
	cmdline_exec(&h, "sort id sideways");
	assert_string_equal(h.message, "sort: expected asc or desc after the column, not 'sideways'");
	cmdline_exec(&h, "table now");
	assert_non_null(strstr(h.message, "table: expected no argument"));
	cmdline_exec(&h, "approve nosuch-7");
	assert_string_equal(h.message, "approve: expected the id of a task shown; no task 'nosuch-7'");
	cmdline_exec(&h, "project gamma");
	assert_string_equal(h.message, "project: expected one of alpha, beta, all; not 'gamma'");
	cmdline_exec(&h, "theme");
	assert_non_null(strstr(h.message, "theme: expected a name"));
	cmdline_exec(&h, "zzzzzzzzzz");
	assert_string_equal(h.message, "unknown command 'zzzzzzzzzz' (Tab lists the commands)");
	assert_int_equal(h.sort_col[SORT_TABLE], 0);   /* nothing changed by a refused line */
	assert_false(h.table_view);
	done(&h);
}

static void commands_run(void **state)
{
	(void)state;
	hud h;
	fresh(&h);
	cmdline_exec(&h, "sort id desc");
	assert_int_equal(h.sort_col[SORT_TABLE], sort_col_find(SORT_TABLE, "id"));
	assert_true(h.sort_desc[SORT_TABLE]);
	assert_true(h.table_view);   /* the table shows the sort */
	cmdline_exec(&h, "  sort   for ");
	assert_int_equal(h.sort_col[SORT_TABLE], sort_col_find(SORT_TABLE, "age"));
	assert_false(h.sort_desc[SORT_TABLE]);
	cmdline_exec(&h, "table");   /* an action by its name, as its key runs it */
	assert_false(h.table_view);
	cmdline_exec(&h, "filter coder-3");
	assert_string_equal(h.filter, "coder-3");
	cmdline_exec(&h, "clear-filter");
	assert_string_equal(h.filter, "");
	cmdline_exec(&h, "help");
	assert_string_equal(views_top(&h)->name, "help");
	views_close_all(&h);
	cmdline_exec(&h, "q");
	assert_true(h.quit);
	done(&h);
}

static void complete(const hud *h, const char *line, const char *want, const char *list)
{
	char out[512], got_list[512];
	assert_true(cmdline_complete(h, line, out, sizeof out, got_list, sizeof got_list));
	assert_string_equal(out, want);
	if (list)
		assert_string_equal(got_list, list);
}

static void tab_completes(void **state)
{
	(void)state;
	hud h;
	fresh(&h);
	complete(&h, "so", "sort", "sort sort-invert sort-next sort-prev");
	complete(&h, "sort-i", "sort-invert ", "");
	complete(&h, "sort ", "sort ", "age assignee id iter lane none project rev status system title");
	complete(&h, "sort i", "sort i", "id iter");
	complete(&h, "sort id", "sort id ", "");
	complete(&h, "sort id d", "sort id desc ", "");
	complete(&h, "project b", "project beta ", "");
	complete(&h, "theme m", "theme mono ", "");
	complete(&h, "app", "approve ", "");
	complete(&h, "clear-", "clear-", NULL);   /* clear-filter and the systems' clear-* */
	char out[64], list[64];
	assert_false(cmdline_complete(&h, "xyzzy", out, sizeof out, list, sizeof list));
	assert_false(cmdline_complete(&h, "table x", out, sizeof out, list, sizeof list));
	h.focus = &pane_alerts;   /* the alerts' columns */
	complete(&h, "sort l", "sort level ", "");
	done(&h);
}

static void history_kept_bounded(void **state)
{
	(void)state;
	char why[900];
	cmdline_free();
	cmdline_history_load(why, sizeof why);
	assert_string_equal(why, "");
	cmdline_history_add("sort id");
	cmdline_history_add("sort id");   /* the same twice: once */
	assert_int_equal(cmdline_history_count(), 1);
	for (int i = 0; i < 150; i++) {
		char line[32];
		snprintf(line, sizeof line, "filter t-%d", i);
		cmdline_history_add(line);
	}
	assert_int_equal(cmdline_history_count(), CMDLINE_HISTORY_MAX);
	assert_string_equal(cmdline_history_at(CMDLINE_HISTORY_MAX - 1), "filter t-149");
	/* Kept in the state folder, read back by the next run. */
	cmdline_free();
	cmdline_history_load(why, sizeof why);
	assert_string_equal(why, "");
	assert_int_equal(cmdline_history_count(), CMDLINE_HISTORY_MAX);
	assert_string_equal(cmdline_history_at(0), "filter t-50");
	/* A line with a control character: not ours, all of it ignored, said once. */
	char path[512];
	snprintf(path, sizeof path, "%s/liza-watch/cmd-history", dir);
	FILE *f = fopen(path, "w");
	fputs("sort id\nfilter \x1b]52;c;aGk=\x07\n", f);
	fclose(f);
	cmdline_free();
	cmdline_history_load(why, sizeof why);
	assert_non_null(strstr(why, "line 2 is not a command line: ignored"));
	assert_int_equal(cmdline_history_count(), 0);
	/* A link: not followed. */
	unlink(path);
	assert_int_equal(symlink("/etc/passwd", path), 0);
	cmdline_free();
	cmdline_history_load(why, sizeof why);
	assert_non_null(strstr(why, "symbolic link"));
	cmdline_history_add("table");   /* not written through the link */
	char to[64];
	ssize_t n = readlink(path, to, sizeof to - 1);
	assert_true(n > 0);
	cmdline_free();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(errors_say_what_was_expected),
		cmocka_unit_test(commands_run),
		cmocka_unit_test(tab_completes),
		cmocka_unit_test(history_kept_bounded),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
