/* test_actions.c — the systems' actions as data (core/model/action.h): every
 * declaration names an event its system's tables have, with the scope its
 * rows allow; one name means one key and one help line across the
 * registry; the keymap lists them all, after the HUD's own rows, and no
 * system takes a key of the HUD's; the state test is the typed flags. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "core/model/action.h"
#include "core/model/adapter.h"
#include "tui/keymap.h"

/* A row of event in the adapter's tables: a task row (from set) or a lever. */
static bool has_row(const lw_adapter *ad, const char *event, bool lever)
{
	const tx_table *t[2] = { ad->tx, ad->tx_more };
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; t[k] && i < t[k]->n; i++)
			if (strcmp(t[k]->rows[i].event, event) == 0 && (t[k]->rows[i].from == NULL) == lever)
				return true;
	return false;
}

static void declarations_name_their_rows(void **state)
{
	(void)state;
	size_t total = 0;
	for (const lw_adapter *const *a = lw_adapters; *a; a++)
		for (size_t i = 0; i < (*a)->nactions; i++, total++) {
			const lw_action *x = &(*a)->actions[i];
			assert_non_null(x->name);
			assert_non_null(x->help);
			assert_non_null(x->confirm);
			assert_true(x->key > 0);
			if (!x->event) {   /* the move chooser: task scope only */
				assert_int_equal(x->scope, LW_ACT_TASK);
				continue;
			}
			if (!has_row(*a, x->event, x->scope != LW_ACT_TASK))
				fail_msg("%s: action %s fires %s, which no %s row of its tables has", (*a)->name, x->name,
				         x->event, x->scope == LW_ACT_TASK ? "task" : "lever");
		}
	assert_true(total >= 10);
}

static void one_name_one_key_and_help(void **state)
{
	(void)state;
	for (const lw_adapter *const *a = lw_adapters; *a; a++)
		for (size_t i = 0; i < (*a)->nactions; i++)
			for (const lw_adapter *const *b = lw_adapters; *b; b++)
				for (size_t j = 0; j < (*b)->nactions; j++) {
					const lw_action *x = &(*a)->actions[i], *y = &(*b)->actions[j];
					if (strcmp(x->name, y->name) != 0)
						continue;
					if (x->key != y->key || strcmp(x->help, y->help) != 0 ||
					    (x->footer ? !y->footer || strcmp(x->footer, y->footer) : y->footer != NULL))
						fail_msg("%s's %s and %s's %s differ in key or words", (*a)->name, x->name, (*b)->name,
						         y->name);
				}
}

static void keymap_lists_each_name_once_after_the_huds_own(void **state)
{
	(void)state;
	const lw_action *all[64];
	size_t n = lw_actions_all(all, 64), nk;
	const hud_action *acts = keymap_actions(&nk);
	assert_true(n >= 10);
	for (size_t i = 0; i < n; i++) {
		size_t seen = 0;
		for (size_t k = 0; k < nk; k++)
			if (strcmp(acts[k].name, all[i]->name) == 0) {
				seen++;
				assert_true(keymap_is_system(&acts[k]));
				assert_int_equal(acts[k].keys[0], all[i]->key);
			}
		assert_int_equal(seen, 1);
	}
	/* The HUD's own rows are none of the systems'. */
	assert_false(keymap_is_system(&acts[0]));
	assert_false(keymap_is_system(&acts[nk - 1]));
	assert_string_equal(acts[nk - 1].name, "quit");
}

static void state_bits_decide(void **state)
{
	(void)state;
	lw_snapshot *snap = lw_snapshot_new();
	snap->workflows = arena_alloc(&snap->mem, 2 * sizeof *snap->workflows);
	snap->nworkflows = 2;
	snap->workflows[1].state = LW_WF_PAUSED;
	lw_source src = { .adapter = lw_adapters[0], .good = snap };
	lw_action pause = { .name = "p", .unless = LW_WF_PAUSED }, resume = { .name = "p", .when = LW_WF_PAUSED };
	assert_int_equal(lw_action_state(&src), LW_WF_PAUSED);
	assert_false(lw_action_state_ok(&pause, &src));
	assert_true(lw_action_state_ok(&resume, &src));
	snap->workflows[1].state = 0;
	assert_true(lw_action_state_ok(&pause, &src));
	assert_false(lw_action_state_ok(&resume, &src));
	src.good = NULL;   /* nothing loaded: no state */
	assert_int_equal(lw_action_state(&src), 0);
	lw_snapshot_free(snap);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(declarations_name_their_rows),
		cmocka_unit_test(one_name_one_key_and_help),
		cmocka_unit_test(keymap_lists_each_name_once_after_the_huds_own),
		cmocka_unit_test(state_bits_decide),
	};
	return cmocka_run_group_tests_name("actions", tests, NULL, NULL);
}
