/* test_views.c — the views as objects on a stack (issue 27 item 6): the main
 * screen is the bottom and never pops; a view opened over another returns
 * to it on Esc (help from a review, a prompt over the feed); a view opened
 * again brings itself to the top, closing what was above it; the stack is
 * bounded and says so; every view of the table is whole, and the keymap's
 * rows without a run of their own each open exactly one view. No terminal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "tui/view.h"
#include "tui/prompt.h"
#include "tui/keymap.h"

static hud_keymap km;
static lw_member empty_member;
static lw_fleet empty_fleet = { .v = &empty_member, .n = 1 };

static void init(hud *h)
{
	memset(h, 0, sizeof *h);
	keymap_init(&km);
	h->keymap = &km;
	h->fleet = &empty_fleet;
	h->only = -1;
	h->rows = 24;
	h->cols = 80;
}

static int closed;
static void count_close(hud *h) { (void)h; closed++; }
static void nop_draw(hud *h, unsigned d) { (void)h; (void)d; }
static void pop_key(hud *h, int ch) { (void)ch; views_pop(h); }
#define T(n) { .name = n, .draw = nop_draw, .key = pop_key, .close = count_close }
extern const hud_view_def view_help;
static const hud_view_def tv[HUD_VIEWS_MAX + 1] = { T("t0"), T("t1"), T("t2"), T("t3"), T("t4"), T("t5"),
                                                    T("t6"), T("t7"), T("t8") };

static void main_screen_is_the_bottom(void **state)
{
	(void)state;
	hud h;
	init(&h);
	assert_ptr_equal(views_top(&h), &view_main);
	assert_ptr_equal(views_screen(&h), &view_main);
	assert_int_equal(views_depth(&h), 0);
	views_pop(&h);   /* nothing above it: it stays */
	assert_ptr_equal(views_top(&h), &view_main);
	assert_false(views_asking(&h));
}

/* help then log then Esc: help again; Esc: the main screen. */
static void esc_returns_to_the_view_below(void **state)
{
	(void)state;
	hud h;
	init(&h);
	views_open(&h, "help");
	views_open(&h, "log");
	assert_int_equal(views_depth(&h), 2);
	assert_string_equal(views_top(&h)->name, "log");
	views_key(&h, 27);
	assert_string_equal(views_top(&h)->name, "help");
	views_key(&h, 'j');   /* help scrolls: it stays */
	assert_string_equal(views_top(&h)->name, "help");
	views_key(&h, 27);
	assert_ptr_equal(views_top(&h), &view_main);
	views_close_all(&h);   /* help's and log's own state */
}

/* A view's own state (tig's private_size): made zeroed at its first use,
 * kept when the view closes and opens again, freed by views_close_all. */
static void a_view_owns_its_state(void **state)
{
	(void)state;
	hud h;
	init(&h);
	assert_null(views_private_peek(&h, &view_detail));
	views_open(&h, "help");
	const void *help = views_private_peek(&h, &view_help);
	assert_non_null(help);
	assert_null(views_private_peek(&h, &view_detail));   /* another view's is not made */
	views_key(&h, 27);
	assert_ptr_equal(views_private_peek(&h, &view_help), help);   /* closed: its state stays */
	views_open(&h, "help");
	assert_ptr_equal(views_private(&h, &view_help), help);
	views_close_all(&h);
	assert_null(views_private_peek(&h, &view_help));
	hud_log_free(&h);
}

static int answered;
static void answer(hud *h, const char *text) { (void)h; answered += text == NULL; }

/* A prompt is an overlay: the view under it stays the screen, and the
 * prompt's end (Esc) gives the keys back to that view, not to the main one. */
static void prompt_over_a_view_returns_to_it(void **state)
{
	(void)state;
	hud h;
	init(&h);
	views_open(&h, "activity");
	prompt_ask_text(&h, "filter", "", answer);
	assert_ptr_equal(views_top(&h), &view_prompt);
	assert_true(views_asking(&h));
	assert_string_equal(views_screen(&h)->name, "activity");
	answered = 0;
	views_key(&h, 27);
	assert_int_equal(answered, 1);
	assert_string_equal(views_top(&h)->name, "activity");
	views_key(&h, 'q');
	assert_ptr_equal(views_top(&h), &view_main);
	views_close_all(&h);
	prompt_free(&h);
	hud_log_free(&h);
}

static void the_stack_is_bounded(void **state)
{
	(void)state;
	hud h;
	init(&h);
	for (int i = 0; i < HUD_VIEWS_MAX; i++)
		assert_true(views_push(&h, &tv[i]));
	assert_false(views_push(&h, &tv[HUD_VIEWS_MAX]));
	assert_int_equal(views_depth(&h), HUD_VIEWS_MAX);
	assert_non_null(strstr(h.message, "views are open"));
	/* Opened again: what was above it closes, each once; it is the top. */
	closed = 0;
	assert_true(views_push(&h, &tv[2]));
	assert_int_equal(closed, HUD_VIEWS_MAX - 3);
	assert_ptr_equal(views_top(&h), &tv[2]);
	views_close(&h, &tv[1]);
	assert_int_equal(views_depth(&h), 1);
	views_close_all(&h);
	assert_int_equal(closed, HUD_VIEWS_MAX);
	assert_ptr_equal(views_top(&h), &view_main);
	hud_log_free(&h);
}

/* Every view draws and takes keys; names are unique; an action opens one
 * view, and each keymap row without a run is such an action. */
static void the_table_is_whole(void **state)
{
	(void)state;
	assert_ptr_equal(hud_views[0], &view_main);
	for (size_t i = 0; i < hud_nviews; i++) {
		const hud_view_def *v = hud_views[i];
		assert_non_null(v->name);
		assert_non_null(v->draw);
		assert_non_null(v->key);
		if (v->action)
			assert_non_null(v->open);
		for (size_t j = 0; j < i; j++) {
			assert_string_not_equal(v->name, hud_views[j]->name);
			if (v->action && hud_views[j]->action)
				assert_string_not_equal(v->action, hud_views[j]->action);
		}
	}
	size_t nacts;
	const hud_action *hud_actions = keymap_actions(&nacts);
	for (size_t i = 0; i < nacts; i++)
		if (!hud_actions[i].run && !keymap_is_system(&hud_actions[i])) {
			const hud_view_def *v = views_for_action(hud_actions[i].name);
			if (!v)
				fail_msg("keymap action %s runs nothing and opens no view", hud_actions[i].name);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(main_screen_is_the_bottom),
		cmocka_unit_test(esc_returns_to_the_view_below),
		cmocka_unit_test(a_view_owns_its_state),
		cmocka_unit_test(prompt_over_a_view_returns_to_it),
		cmocka_unit_test(the_stack_is_bounded),
		cmocka_unit_test(the_table_is_whole),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
