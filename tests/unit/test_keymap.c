/* test_keymap.c — the runtime keymap: key names both ways, bind and unbind
 * (a key does one thing), labels rebuilt from the keys, and a config's bad
 * bind lines reported as file:line. No terminal needed: curses key codes
 * are constants. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <curses.h>
#include <string.h>
#include "tui/keymap.h"
#include "tui/keyname.h"

static const hud_binding *by_action(const hud_keymap *km, const char *name)
{
	for (size_t i = 0; i < km->n; i++)
		if (strcmp(km->v[i].act->name, name) == 0)
			return &km->v[i];
	fail_msg("no action %s", name);
	return NULL;
}

static void key_names_parse(void **state)
{
	(void)state;
	int c[8];
	assert_int_equal(keyname_parse("J", c, 8), 1);
	assert_int_equal(c[0], 'J');
	assert_int_equal(keyname_parse("C-x", c, 8), 1);
	assert_int_equal(c[0], 0x18);
	assert_int_equal(keyname_parse("^X", c, 8), 1);
	assert_int_equal(c[0], 0x18);
	assert_int_equal(keyname_parse("c-[", c, 8), 1);
	assert_int_equal(c[0], 27);
	assert_int_equal(keyname_parse("pgdn", c, 8), 1);
	assert_int_equal(c[0], KEY_NPAGE);
	assert_int_equal(keyname_parse("PageUp", c, 8), 1);
	assert_int_equal(c[0], KEY_PPAGE);
	assert_int_equal(keyname_parse("Enter", c, 8), 3);
	assert_int_equal(keyname_parse("F5", c, 8), 1);
	assert_int_equal(c[0], KEY_F(5));
	assert_int_equal(keyname_parse("Space", c, 8), 1);
	assert_int_equal(c[0], ' ');
	assert_int_equal(keyname_parse("#", c, 8), 1);
	static const char *const bad[] = { "", "ab", "C-1", "F0", "F13", "F1x", "\xc3\xa9", " ", "C-" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		assert_int_equal(keyname_parse(bad[i], c, 8), -1);
}

/* What the help screen prints, a bind line accepts: every default key's
 * name parses back to a set holding that key. */
static void key_names_round_trip(void **state)
{
	(void)state;
	size_t nacts;
	const hud_action *hud_actions = keymap_actions(&nacts);
	for (size_t i = 0; i < nacts; i++)
		for (int k = 0; k < 4 && hud_actions[i].keys[k]; k++) {
			char name[32];
			int c[8], n = keyname_parse(keyname_of(hud_actions[i].keys[k], name, sizeof name), c, 8);
			bool found = false;
			for (int j = 0; j < n; j++)
				found |= c[j] == hud_actions[i].keys[k];
			if (!found)
				fail_msg("%s: key %d named '%s' does not parse back", hud_actions[i].name, hud_actions[i].keys[k],
				         name);
		}
}

static void defaults_have_labels_and_unique_names(void **state)
{
	(void)state;
	hud_keymap km;
	keymap_init(&km);
	size_t nacts;
	keymap_actions(&nacts);
	assert_int_equal(km.n, nacts);
	assert_string_equal(by_action(&km, "up")->label, "Up/k");
	assert_string_equal(by_action(&km, "detail")->label, "Enter");
	assert_string_equal(by_action(&km, "page-down")->label, "PgDn/C-f");
	assert_string_equal(by_action(&km, "redraw")->label, "C-l");
	for (size_t i = 0; i < km.n; i++)
		for (size_t j = i + 1; j < km.n; j++)
			assert_string_not_equal(km.v[i].act->name, km.v[j].act->name);
	/* no key is bound twice */
	for (size_t i = 0; i < km.n; i++)
		for (int k = 0; k < HUD_KEYS_MAX && km.v[i].keys[k]; k++)
			assert_ptr_equal(keymap_find(&km, km.v[i].keys[k]), &km.v[i]);
}

static void bind_adds_a_key_and_takes_it_from_elsewhere(void **state)
{
	(void)state;
	hud_keymap km;
	keymap_init(&km);
	char err[300];
	assert_int_equal(keymap_bind(&km, "J", "down", err, sizeof err), 0);
	assert_string_equal(by_action(&km, "down")->label, "Down/j/J");
	assert_string_equal(keymap_action_of(&km, 'J'), "down");
	/* a reserves for reject now: approve loses it */
	assert_int_equal(keymap_bind(&km, "a", "reject", err, sizeof err), 0);
	assert_string_equal(by_action(&km, "reject")->label, "r/a");
	assert_string_equal(by_action(&km, "approve")->label, "-");
	assert_int_equal(by_action(&km, "approve")->keys[0], 0);
	/* binding again is harmless */
	assert_int_equal(keymap_bind(&km, "J", "down", err, sizeof err), 0);
	assert_string_equal(by_action(&km, "down")->label, "Down/j/J");
	/* Enter moves as one name */
	assert_int_equal(keymap_bind(&km, "Enter", "help", err, sizeof err), 0);
	assert_string_equal(by_action(&km, "help")->label, "?/Enter");
	assert_string_equal(by_action(&km, "detail")->label, "-");
	assert_string_equal(keymap_action_of(&km, '\r'), "help");
}

static void unbind_leaves_nothing_on_the_key(void **state)
{
	(void)state;
	hud_keymap km;
	keymap_init(&km);
	char err[300];
	assert_int_equal(keymap_unbind(&km, "t", err, sizeof err), 0);
	assert_string_equal(by_action(&km, "table")->label, "-");
	assert_null(keymap_find(&km, 't'));
	assert_int_equal(keymap_unbind(&km, "k", err, sizeof err), 0);
	assert_string_equal(by_action(&km, "up")->label, "Up");
	/* a key bound to nothing: fine */
	assert_int_equal(keymap_unbind(&km, "Z", err, sizeof err), 0);
}

/* A config cannot leave the HUD without a key to quit or to ask for help. */
static void quit_and_help_keep_a_key(void **state)
{
	(void)state;
	hud_keymap km;
	keymap_init(&km);
	char err[300];
	assert_int_equal(keymap_unbind(&km, "q", err, sizeof err), -1);
	assert_string_equal(err, "'q' is the last key of quit, which must keep one (bind another key to quit first)");
	assert_string_equal(keymap_action_of(&km, 'q'), "quit");
	assert_int_equal(keymap_bind(&km, "?", "down", err, sizeof err), -1);
	assert_non_null(strstr(err, "last key of help"));
	assert_string_equal(keymap_action_of(&km, '?'), "help");
	/* With another key first, the old one may go. */
	assert_int_equal(keymap_bind(&km, "Q", "quit", err, sizeof err), 0);
	assert_int_equal(keymap_unbind(&km, "q", err, sizeof err), 0);
	assert_string_equal(by_action(&km, "quit")->label, "Q");
}

static void bad_names_and_full_bindings_are_refused(void **state)
{
	(void)state;
	hud_keymap km;
	keymap_init(&km);
	char err[300];
	assert_int_equal(keymap_bind(&km, "J", "jump", err, sizeof err), -1);
	assert_string_equal(err, "unknown action 'jump' (liza-watch keys lists them)");
	assert_int_equal(keymap_bind(&km, "Hyper-J", "down", err, sizeof err), -1);
	assert_non_null(strstr(err, "unknown key 'Hyper-J'"));
	static const char *const more[] = { "1", "2", "3", "4", "5", "6" };
	for (size_t i = 0; i < 6; i++)
		assert_int_equal(keymap_bind(&km, more[i], "quit", err, sizeof err), 0);
	assert_int_equal(keymap_bind(&km, "7", "quit", err, sizeof err), 0);
	assert_int_equal(keymap_bind(&km, "8", "quit", err, sizeof err), -1);
	assert_string_equal(err, "quit has 8 keys already; unbind one first");
	assert_null(keymap_find(&km, '8'));
}

static void config_bind_lines_apply_in_order_with_file_and_line(void **state)
{
	(void)state;
	lw_config c;
	lw_config_init(&c);
	const char *text = "bind J down\nbind K jump\nbind Hyper-J up\nunbind t\nbind t down\n";
	lw_config_parse(&c, text, strlen(text), "/u/config");
	assert_string_equal(c.warnings.buf ? c.warnings.buf : "", "");
	hud_keymap km;
	keymap_init(&km);
	strbuf warn;
	strbuf_init(&warn);
	keymap_apply(&km, &c, &warn);
	assert_non_null(warn.buf);
	assert_non_null(strstr(warn.buf, "/u/config:2: unknown action 'jump'"));
	assert_non_null(strstr(warn.buf, "/u/config:3: unknown key 'Hyper-J'"));
	assert_string_equal(by_action(&km, "down")->label, "Down/j/J/t");
	assert_string_equal(by_action(&km, "table")->label, "-");
	strbuf_free(&warn);
	lw_config_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(key_names_parse),
		cmocka_unit_test(key_names_round_trip),
		cmocka_unit_test(defaults_have_labels_and_unique_names),
		cmocka_unit_test(bind_adds_a_key_and_takes_it_from_elsewhere),
		cmocka_unit_test(unbind_leaves_nothing_on_the_key),
		cmocka_unit_test(quit_and_help_keep_a_key),
		cmocka_unit_test(bad_names_and_full_bindings_are_refused),
		cmocka_unit_test(config_bind_lines_apply_in_order_with_file_and_line),
	};
	return cmocka_run_group_tests_name("keymap", tests, NULL, NULL);
}
