/* test_search.c — the search of the scrolling views (issue 39): the matcher
 * (smartcase, folding through towlower, UTF-8 kept whole), the board's
 * filter narrowing as it is typed, where the marks go on screen
 * (byte spans and display columns, after escaping), and the prompt's live
 * search over a view: each key moves to the first match from where the view
 * was, Esc returns there, n/N go on and wrap with a message, a pattern that
 * matches nothing is said. No terminal needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <curses.h>
#include <locale.h>
#include <string.h>
#include "tui/view.h"
#include "tui/prompt.h"
#include "tui/search.h"

static void smartcase(void **state)
{
	(void)state;
	assert_true(search_fold("review"));
	assert_false(search_fold("Review"));
	assert_true(search_fold("ü-42"));
	const char *s = "Code Review: coder-3";
	assert_int_equal(search_find("review", true, s, strlen(s), 0), 5);
	assert_int_equal(search_find("Review", false, s, strlen(s), 0), 5);
	assert_int_equal(search_find("REVIEW", search_fold("REVIEW"), s, strlen(s), 0), -1);
	assert_int_equal(search_find("cod", true, s, strlen(s), 0), 0);
	assert_int_equal(search_find("cod", true, s, strlen(s), 1), 13);   /* from: the next one */
	assert_int_equal(search_find("", true, s, strlen(s), 0), -1);
	assert_int_equal(search_find("coder-3x", true, s, strlen(s), 0), -1);   /* past the end */
	/* len bounds the text: a match after it is not one. */
	assert_int_equal(search_find("coder", true, s, 10, 0), -1);
}

static void utf8_matches_whole_characters(void **state)
{
	(void)state;
	const char *s = "Grüße aus Köln, GRÜSSE";
	/* Non-ASCII letters fold too (main sets a UTF-8 locale, as the HUD runs):
	 * the C library's towlower, one character for one. */
	assert_int_equal(search_find("grü", search_fold("grü"), s, strlen(s), 0), 0);
	assert_int_equal(search_find("köln", true, s, strlen(s), 0), 12);
	assert_int_equal(search_find("kÖln", true, s, strlen(s), 0), 12);
	assert_int_equal(search_find("grüsse", true, s, strlen(s), 0), 19);
	assert_int_equal(search_find("grüsse", false, s, strlen(s), 0), -1);
	/* Smartcase sees any script's capitals. */
	assert_false(search_fold("gRÜsse"));
	assert_false(search_fold("Ökonom"));
	assert_true(search_fold("ökonom"));
	assert_int_equal(search_find("GRÜSSE", search_fold("GRÜSSE"), s, strlen(s), 0), 19);
	assert_int_equal(search_find("Grüsse", search_fold("Grüsse"), s, strlen(s), 0), -1);
	/* A match may be longer than the pattern: the Kelvin sign (3 bytes) folds to k. */
	size_t m = 0;
	const char *kelvin = "5 \xe2\x84\xaa";
	assert_int_equal(search_find_len("k", true, kelvin, strlen(kelvin), 0, &m), 2);
	assert_int_equal(m, 3);
	assert_true(search_has("k", true, kelvin));   /* the filter's answer is the search's */
	assert_true(search_has("KÖLN", true, s));
	assert_true(search_has("köln", true, s));
	assert_true(search_has("kÖLn", true, s));
	assert_true(search_has("üsse", true, s));
	assert_false(search_has("Köln", false, "köln"));
	assert_false(search_has("", true, s));
	/* A byte that starts no character matches only itself. */
	const char *bad = "x\xff\xfey";
	assert_int_equal(search_find("\xfe", true, bad, strlen(bad), 0), 2);
	/* A pattern's lead byte never matches inside a character. */
	const char *cjk = "検証タスク番号";
	assert_int_equal(search_find("タスク", true, cjk, strlen(cjk), 0), 6);
	assert_int_equal(search_find("\x82\xbf", true, cjk, strlen(cjk), 0), -1);
}

static void spans_are_screen_columns(void **state)
{
	(void)state;
	hud h;
	memset(&h, 0, sizeof h);
	h.utf8 = true;
	search_span sp[8];
	/* Two matches, their byte offsets and columns. */
	size_t n = search_spans(&h, "ab", true, "xAbyyab", 80, sp, 8);
	assert_int_equal(n, 2);
	assert_int_equal(sp[0].at, 1);
	assert_int_equal(sp[0].len, 2);
	assert_int_equal(sp[0].col, 1);
	assert_int_equal(sp[1].at, 5);
	assert_int_equal(sp[1].col, 5);
	/* Wide characters before a match take two columns each. */
	n = search_spans(&h, "task", true, "検証 task", 80, sp, 8);
	assert_int_equal(n, 1);
	assert_int_equal(sp[0].at, strlen("検証 "));
	assert_int_equal(sp[0].col, 5);
	/* A control character is drawn as its escape: the column follows it. */
	n = search_spans(&h, "x", true, "a\x1b" "x", 80, sp, 8);
	assert_int_equal(n, 1);
	assert_true(sp[0].col > 2);
	/* Past the width drawn: not marked. */
	assert_int_equal(search_spans(&h, "x", true, "aaaaaaaaax", 5, sp, 8), 0);
	assert_int_equal(search_spans(&h, "", true, "abc", 80, sp, 8), 0);
}

/* A view of fixed lines. */
static const char *const text[] = { "alpha", "beta", "gamma coder", "delta", "epsilon", "Coder two", "eta" };
enum { NTEXT = sizeof text / sizeof *text };
static size_t at_top, shows;
static size_t count(hud *h) { (void)h; return NTEXT; }
static const char *line(hud *h, size_t i, strbuf *b) { (void)h; (void)b; return text[i]; }
static size_t top(hud *h) { (void)h; return at_top; }
static void show(hud *h, size_t i) { (void)h; at_top = i; shows++; }
static const search_view lines_view = { .count = count, .line = line, .top = top, .show = show };

static void type(hud *h, const char *s)
{
	for (; *s; s++)
		prompt_key(h, (unsigned char)*s);
}

static void live_search_in_a_view(void **state)
{
	(void)state;
	hud h;
	memset(&h, 0, sizeof h);
	at_top = 1;
	search_reset(&h, &lines_view);
	assert_true(search_key(&h, &lines_view, '/'));
	assert_ptr_equal(views_top(&h), &view_prompt);
	/* Each key typed moves to the first match from where the view was. */
	type(&h, "c");
	assert_int_equal(at_top, 2);
	type(&h, "oder");
	assert_int_equal(at_top, 2);
	/* Esc: back where it was, no pattern. */
	prompt_key(&h, 27);
	assert_int_equal(at_top, 1);
	assert_string_equal(h.search_pat, "");
	/* Enter keeps it; n goes on, then wraps with a message; N goes back. */
	search_key(&h, &lines_view, '/');
	type(&h, "coder\n");
	assert_ptr_not_equal(views_top(&h), &view_prompt);
	assert_int_equal(at_top, 2);
	assert_string_equal(h.search_pat, "coder");
	search_key(&h, &lines_view, 'n');
	assert_int_equal(at_top, 5);   /* smartcase: "Coder" is one */
	assert_string_equal(h.search_msg, "");
	search_key(&h, &lines_view, 'n');
	assert_int_equal(at_top, 2);
	assert_string_equal(h.search_msg, "search hit BOTTOM, continuing at TOP");
	search_key(&h, &lines_view, 'N');
	assert_int_equal(at_top, 5);
	assert_string_equal(h.search_msg, "search hit TOP, continuing at BOTTOM");
	/* A capital: the case counts. */
	search_key(&h, &lines_view, '/');
	type(&h, "Coder\n");
	assert_int_equal(at_top, 5);
	search_key(&h, &lines_view, 'n');
	assert_int_equal(at_top, 5);   /* the only one: found again, round the end */
	/* Not found: said, and the view stays. */
	search_key(&h, &lines_view, '/');
	type(&h, "zeta");
	assert_string_equal(h.prompt.label, "/ (not found)");
	type(&h, "\n");
	assert_int_equal(at_top, 5);
	assert_string_equal(h.search_msg, "pattern not found: zeta");
	prompt_free(&h);
	hud_log_free(&h);
}

/* A view that cannot bring its last lines to the top (as every view keeps
 * its end at the bottom of the screen): n still goes on to them. */
static const char *const tail[] = { "a", "b", "c", "d", "x one", "x two", "x three" };
static size_t tail_count(hud *h) { (void)h; return 7; }
static const char *tail_line(hud *h, size_t i, strbuf *b) { (void)h; (void)b; return tail[i]; }
static void tail_show(hud *h, size_t i) { (void)h; at_top = i > 4 ? 4 : i; }
static const search_view tail_view = { .count = tail_count, .line = tail_line, .top = top, .show = tail_show };

static void next_reaches_the_last_lines(void **state)
{
	(void)state;
	hud h;
	memset(&h, 0, sizeof h);
	h.rows = 5;   /* 3 lines shown: 4, 5 and 6 at the end */
	at_top = 0;
	search_key(&h, &tail_view, '/');
	type(&h, "x\n");
	assert_int_equal(h.search_cur, 4);
	search_key(&h, &tail_view, 'n');
	assert_int_equal(h.search_cur, 5);
	search_key(&h, &tail_view, 'n');
	assert_int_equal(h.search_cur, 6);
	search_key(&h, &tail_view, 'n');
	assert_int_equal(h.search_cur, 4);
	assert_string_equal(h.search_msg, "search hit BOTTOM, continuing at TOP");
	prompt_free(&h);
	hud_log_free(&h);
}

/* A UTF-8 character typed is searched once whole, not byte by byte. */
static void live_search_waits_for_whole_characters(void **state)
{
	(void)state;
	hud h;
	memset(&h, 0, sizeof h);
	at_top = 0;
	search_key(&h, &lines_view, '/');
	shows = 0;
	prompt_key(&h, 0xC3);
	assert_int_equal(shows, 0);
	prompt_key(&h, 0xA9);
	assert_int_equal(shows, 1);
	assert_string_equal(h.search_pat, "é");
	prompt_key(&h, 27);
	prompt_free(&h);
	hud_log_free(&h);
}

/* The board's filter as it is typed (hud_refilter): a key at the end of
 * the filter narrows the rows shown, in their order, without a pass over
 * the project (the fleet here has no task: only the rows shown can answer). */
static void filter_narrows_the_rows_shown(void **state)
{
	(void)state;
	static lw_task t[4] = {
		{ .system = "liza", .id = "t-1", .title = "Straße Österreich" },
		{ .system = "liza", .id = "t-2", .title = "ÖSTERREICH" },
		{ .system = "liza", .id = "t-10", .title = "x" },
		{ .system = "liza", .id = "u-1", .title = "y" },
	};
	static hud_item it[4];
	lw_fleet none = { 0 };
	hud h;
	memset(&h, 0, sizeof h);
	h.fleet = &none;
	h.only = -1;
	for (int i = 0; i < 4; i++)
		it[i] = (hud_item){ &t[i], NULL, 0 };
	h.items = it;
	h.nitems = 4;
	strcpy(h.filter, "t");
	hud_refilter(&h, "t-1");
	assert_int_equal(h.nitems, 2);
	assert_ptr_equal(h.items[0].task, &t[0]);
	assert_ptr_equal(h.items[1].task, &t[2]);
	hud_refilter(&h, "T-10");   /* folded: still within "t-1" */
	assert_int_equal(h.nitems, 1);
	assert_ptr_equal(h.items[0].task, &t[2]);
	/* Folded beyond ASCII, the filter as the search. */
	for (int i = 0; i < 4; i++)
		it[i] = (hud_item){ &t[i], NULL, 0 };
	h.nitems = 4;
	strcpy(h.filter, "ö");
	hud_refilter(&h, "österr");
	assert_int_equal(h.nitems, 2);
	hud_log_free(&h);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");   /* display widths of wide characters */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(smartcase),
		cmocka_unit_test(utf8_matches_whole_characters),
		cmocka_unit_test(spans_are_screen_columns),
		cmocka_unit_test(live_search_in_a_view),
		cmocka_unit_test(live_search_waits_for_whole_characters),
		cmocka_unit_test(next_reaches_the_last_lines),
		cmocka_unit_test(filter_narrows_the_rows_shown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
