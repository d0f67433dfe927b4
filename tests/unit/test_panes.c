/* test_panes.c — the pane table: the layout gives every row of the screen to
 * exactly one pane (the board takes what the others leave), Tab visits the
 * panes that take the focus in table order, and a moved selection dirties
 * that pane and the footer only. No terminal needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include <locale.h>
#include "tui/pane.h"

static lw_member empty_member;
static lw_fleet empty_fleet = { .v = &empty_member, .n = 1 };

static void init(hud *h, int rows, int cols)
{
	memset(h, 0, sizeof *h);
	h->fleet = &empty_fleet;
	h->only = -1;
	h->rows = rows;
	h->cols = cols;
	h->focus = &pane_board;
}

static int index_of(const char *name)
{
	for (size_t i = 0; i < hud_npanes; i++)
		if (strcmp(hud_panes[i]->name, name) == 0)
			return (int)i;
	fail_msg("no pane %s", name);
	return -1;
}

static void layout_covers_the_screen(void **state)
{
	(void)state;
	hud h;
	init(&h, 24, 80);
	int y[HUD_PANES_MAX], ht[HUD_PANES_MAX];
	panes_layout(&h, y, ht);
	int at = 0;
	for (size_t i = 0; i < hud_npanes; i++) {
		assert_int_equal(y[i], at);
		at += ht[i];
	}
	assert_int_equal(at, 24);
	assert_int_equal(ht[index_of("header")], 1);
	assert_int_equal(ht[index_of("workflows")], 2);
	assert_int_equal(ht[index_of("board")], 18);
	assert_int_equal(ht[index_of("alerts")], 2);
	assert_int_equal(ht[index_of("message")], 0);
	assert_int_equal(y[index_of("footer")], 23);
	/* A message takes a row from the board, just above the footer. */
	strcpy(h.message, "denied");
	panes_layout(&h, y, ht);
	assert_int_equal(ht[index_of("board")], 17);
	assert_int_equal(y[index_of("message")], 22);
}

/* Rows the board does not need go to an alert list that is cut (issue 29:
 * 8 alerts beside 20 empty board rows showed 7 and no count). */
static void spare_rows_go_to_the_alerts(void **state)
{
	(void)state;
	hud h;
	init(&h, 24, 80);
	h.alerts.n = 8;   /* the layout reads the count only */
	int y[HUD_PANES_MAX], ht[HUD_PANES_MAX];
	panes_layout(&h, y, ht);
	assert_int_equal(ht[index_of("alerts")], 9);     /* all 8 and the title */
	assert_int_equal(ht[index_of("board")], 24 - 1 - 2 - 9 - 1);
	int at = 0;
	for (size_t i = 0; i < hud_npanes; i++)
		at += ht[i];
	assert_int_equal(at, 24);
	/* More alerts than the board can spare: the board keeps what it needs. */
	h.alerts.n = 40;
	panes_layout(&h, y, ht);
	assert_int_equal(ht[index_of("board")], 8);
	assert_int_equal(ht[index_of("alerts")], 24 - 1 - 2 - 8 - 1);
	h.alerts.n = 0;
}

static void tab_order(void **state)
{
	(void)state;
	const hud_pane_def *p = &pane_board;
	p = panes_next_focus(p, 1);
	assert_ptr_equal(p, &pane_alerts);
	p = panes_next_focus(p, 1);
	assert_ptr_equal(p, &pane_workflows);
	p = panes_next_focus(p, 1);
	assert_ptr_equal(p, &pane_agents);
	p = panes_next_focus(p, 1);
	assert_ptr_equal(p, &pane_board);
	assert_ptr_equal(panes_next_focus(&pane_board, -1), &pane_agents);
}

static void selection_dirties_its_pane_and_the_footer(void **state)
{
	(void)state;
	hud h;
	init(&h, 24, 80);
	hud_view_sig a, b;
	panes_sign(&h, &a);
	h.alert_row = 3;
	panes_sign(&h, &b);
	unsigned d = panes_changed(&a, &b);
	assert_int_equal(d, (1u << index_of("alerts")) | (1u << index_of("footer")));
	panes_sign(&h, &a);
	assert_int_equal(panes_changed(&b, &a), 0);
	/* A new message moves the layout: everything. */
	strcpy(h.message, "x");
	panes_sign(&h, &b);
	assert_int_equal(panes_changed(&a, &b), DIRTY_ALL);
	/* Ticks redraw what shows ages: the header, the agents, the board (time in
	 * status), the alerts and the activity feed. */
	assert_int_equal(panes_on(HUD_ON_TICK), (1u << index_of("header")) | (1u << index_of("agents")) |
	                                        (1u << index_of("board")) | (1u << index_of("alerts")) |
	                                        (1u << index_of("activity")));
}

/* On the screen, with one project, paths below its root read from the
 * root; a longer folder of the same prefix, a path inside a word, the root
 * alone and several projects' paths stay whole. */
static void paths_read_below_the_root(void **state)
{
	(void)state;
	static lw_member two[2];
	lw_fleet one = { .v = two, .n = 1 }, both = { .v = two, .n = 2 };
	strcpy(two[0].proj.dir, "/home/me/proj");
	strcpy(two[1].proj.dir, "/home/me/other");
	hud h;
	init(&h, 24, 80);
	h.fleet = &one;
	char b[256];
	assert_string_equal(hud_shown_text(&h, "created /home/me/proj/.liza/PAUSE", b, sizeof b), "created .liza/PAUSE");
	assert_string_equal(hud_shown_text(&h, "/home/me/proj/.liza/log.yaml: /home/me/proj/.liza/log.yaml:10:2: bad", b, sizeof b),
	                    ".liza/log.yaml: .liza/log.yaml:10:2: bad");
	assert_string_equal(hud_shown_text(&h, "rcs: activated forge (/home/me/proj/.rcs/a.json, /home/me/proj/.rcs/b.json)", b, sizeof b),
	                    "rcs: activated forge (.rcs/a.json, .rcs/b.json)");
	assert_string_equal(hud_shown_text(&h, "/home/me/project/x /x/home/me/proj/y /home/me/proj", b, sizeof b),
	                    "/home/me/project/x /x/home/me/proj/y /home/me/proj");
	h.fleet = &both;
	assert_string_equal(hud_shown_text(&h, "created /home/me/proj/.liza/PAUSE", b, sizeof b),
	                    "created /home/me/proj/.liza/PAUSE");
	/* the message line is one of them */
	h.fleet = &one;
	hud_message(&h, false, "removed %s/.liza/PAUSE", two[0].proj.dir);
	assert_string_equal(h.message, "removed .liza/PAUSE");
	hud_log_free(&h);
}

/* A line wrapped for the detail and review views and the y/N question
 * (issue 36): at the last space in the second half of the width, else at a
 * whole character; by display width (CJK takes two columns); a newline ends
 * a line; spaces at the break are skipped. */
static void text_wraps_by_width_at_spaces(void **state)
{
	(void)state;
	hud h;
	init(&h, 24, 80);
	h.utf8 = true;
	size_t next;
	assert_int_equal(text_wrap_line(&h, "aaa bbb ccc", 9, &next), 7);
	assert_int_equal(next, 8);
	assert_int_equal(text_wrap_line(&h, "aaa bbb ccc", 11, &next), 11);
	assert_int_equal(next, 11);
	assert_int_equal(text_wrap_line(&h, "abcdefghij", 4, &next), 4);   /* no space: cut at the width */
	assert_int_equal(next, 4);
	assert_int_equal(text_wrap_line(&h, "a bcdefghij", 6, &next), 6);  /* a space too early: not there */
	/* Widths as the HUD measures them, in a UTF-8 locale (as the HUD runs). */
	if (setlocale(LC_CTYPE, "C.UTF-8") || setlocale(LC_CTYPE, "en_US.UTF-8"))
		assert_int_equal(text_wrap_line(&h, "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", 5, &next), 6);   /* 2 of 3 CJK */
	assert_int_equal(text_wrap_line(&h, "ab\ncd", 10, &next), 2);
	assert_int_equal(next, 3);
	assert_int_equal(text_wrap_line(&h, "", 10, &next), 0);
	assert_int_equal(next, 0);
	assert_int_equal(text_wrap_line(&h, "\xe6\x97\xa5x", 1, &next), 3);   /* wider than the line: still whole */
	setlocale(LC_CTYPE, "C");
}

/* The agents pane takes rows the board leaves over, as the alerts do
 * (issue 36: "Agents (9, 3 hidden)" over twelve empty board rows). */
static void spare_rows_go_to_the_agents(void **state)
{
	(void)state;
	hud h;
	init(&h, 45, 160);
	static lw_agent ag[9];
	static lw_snapshot snap = { .agents = ag, .nagents = 9 };
	static lw_member m;
	m.proj.src[0].good = &snap;
	m.proj.n = 1;
	lw_fleet f = { .v = &m, .n = 1 };
	h.fleet = &f;
	int y[HUD_PANES_MAX], ht[HUD_PANES_MAX];
	panes_layout(&h, y, ht);
	assert_int_equal(ht[index_of("agents")], 10);   /* all 9 and the title */
}

/* So do the workflows (issue 39: a layout that gives each pane the rows its
 * content needs): 14 workflows at 160x45 are all shown over an empty board,
 * where the pane's own share is 9 rows. */
static void spare_rows_go_to_the_workflows(void **state)
{
	(void)state;
	hud h;
	init(&h, 45, 160);
	static lw_workflow wf[14];
	static lw_snapshot snap = { .workflows = wf, .nworkflows = 14 };
	static lw_member m;
	m.proj.src[0].good = &snap;
	m.proj.n = 1;
	lw_fleet f = { .v = &m, .n = 1 };
	h.fleet = &f;
	int y[HUD_PANES_MAX], ht[HUD_PANES_MAX];
	panes_layout(&h, y, ht);
	assert_int_equal(ht[index_of("workflows")], 15);   /* all 14 and the title */
	/* A small screen: the board keeps what it needs, the pane its share. */
	init(&h, 24, 80);
	h.fleet = &f;
	panes_layout(&h, y, ht);
	assert_int_equal(ht[index_of("workflows")], 24 - 1 - 8 - 2 - 1);   /* the rest after the empty board's 8 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(layout_covers_the_screen),
		cmocka_unit_test(paths_read_below_the_root),
		cmocka_unit_test(spare_rows_go_to_the_alerts),
		cmocka_unit_test(tab_order),
		cmocka_unit_test(text_wraps_by_width_at_spaces),
		cmocka_unit_test(spare_rows_go_to_the_agents),
		cmocka_unit_test(spare_rows_go_to_the_workflows),
		cmocka_unit_test(selection_dirties_its_pane_and_the_footer),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
