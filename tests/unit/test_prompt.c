/* test_prompt.c — the prompt's editor (issue 29): what is typed is kept
 * whole past the old 511-byte cut, moves and deletions take whole UTF-8
 * characters, C-w deletes the word before the cursor, a key past the limit
 * is refused with a message (nothing cut), and Enter on invalid UTF-8
 * keeps the prompt open with the text. No terminal needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include "tui/view.h"
#include "tui/prompt.h"

static int taken;
static char got[HUD_PROMPT_MAX + 1];
static void done(hud *h, const char *text)
{
	(void)h;
	taken++;
	snprintf(got, sizeof got, "%s", text ? text : "(cancelled)");
}

static void type(hud *h, const char *s)
{
	for (; *s; s++)
		prompt_key(h, (unsigned char)*s);
}

static void open_prompt(hud *h)
{
	memset(h, 0, sizeof *h);
	prompt_ask_text(h, "reason", "t", done);
}

static void long_non_ascii_is_kept_whole(void **state)
{
	(void)state;
	hud h;
	open_prompt(&h);
	char want[2048] = "";
	for (int i = 0; i < 300; i++)
		strcat(want, "é");   /* 600 bytes: past the old 512-byte buffer */
	type(&h, want);
	assert_int_equal(h.prompt.len, strlen(want));
	assert_string_equal(h.prompt.text, want);
	prompt_free(&h);
	hud_log_free(&h);
}

static void edits_by_whole_characters(void **state)
{
	(void)state;
	hud h;
	open_prompt(&h);
	type(&h, "aé漢");
	prompt_key(&h, KEY_BACKSPACE);
	assert_string_equal(h.prompt.text, "aé");
	prompt_key(&h, KEY_LEFT);
	assert_int_equal(h.prompt.cursor, 1);
	prompt_key(&h, KEY_DC);
	assert_string_equal(h.prompt.text, "a");
	prompt_free(&h);
	hud_log_free(&h);
}

static void ctrl_w_deletes_a_word(void **state)
{
	(void)state;
	hud h;
	open_prompt(&h);
	type(&h, "alpha beta gamma  ");
	prompt_key(&h, 'w' & 0x1f);
	assert_string_equal(h.prompt.text, "alpha beta ");
	prompt_key(&h, 'w' & 0x1f);
	assert_string_equal(h.prompt.text, "alpha ");
	type(&h, "délta");
	assert_string_equal(h.prompt.text, "alpha délta");
	prompt_key(&h, 'w' & 0x1f);
	prompt_key(&h, 'w' & 0x1f);
	prompt_key(&h, 'w' & 0x1f);
	assert_string_equal(h.prompt.text, "");
	prompt_free(&h);
	hud_log_free(&h);
}

static void the_limit_refuses_and_keeps(void **state)
{
	(void)state;
	hud h;
	open_prompt(&h);
	for (int i = 0; i < HUD_PROMPT_MAX; i++)
		prompt_key(&h, 'x');
	assert_int_equal(h.prompt.len, HUD_PROMPT_MAX);
	assert_true(h.message[0] == '\0');
	prompt_key(&h, 'y');
	assert_int_equal(h.prompt.len, HUD_PROMPT_MAX);
	assert_non_null(strstr(h.message, "at its limit"));
	assert_ptr_equal(views_top(&h), &view_prompt);
	prompt_free(&h);
	hud_log_free(&h);
}

static void invalid_utf8_stays_in_the_prompt(void **state)
{
	(void)state;
	hud h;
	open_prompt(&h);
	taken = 0;
	type(&h, "ok \xe9 latin-1");
	prompt_key(&h, '\n');
	assert_int_equal(taken, 0);
	assert_ptr_equal(views_top(&h), &view_prompt);
	assert_string_equal(h.prompt.text, "ok \xe9 latin-1");
	assert_int_equal(h.prompt.cursor, 3);
	assert_non_null(strstr(h.message, "not valid UTF-8 at byte 4"));
	prompt_free(&h);
	hud_log_free(&h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(long_non_ascii_is_kept_whole),
		cmocka_unit_test(edits_by_whole_characters),
		cmocka_unit_test(ctrl_w_deletes_a_word),
		cmocka_unit_test(the_limit_refuses_and_keeps),
		cmocka_unit_test(invalid_utf8_stays_in_the_prompt),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
