/* test_escape.c — strings from state files reach terminals and tmux inert.
 * The corpus holds real injection shapes: OSC title sets, CSI cursor moves,
 * 8-bit CSI, bidi overrides, tmux #() commands and #[] styles. */
/* make valgrind: run under memcheck */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/util/escape.h"
#include "cli/report.h"

static char out_buf[1024];

static const char *term(const char *s, bool utf8)
{
	strbuf b;
	strbuf_init(&b);
	esc_term(&b, s, strlen(s), utf8);
	snprintf(out_buf, sizeof out_buf, "%s", b.buf ? b.buf : "");
	strbuf_free(&b);
	return out_buf;
}

static const char *tmux(const char *s)
{
	strbuf b;
	strbuf_init(&b);
	esc_tmux(&b, s, strlen(s));
	snprintf(out_buf, sizeof out_buf, "%s", b.buf ? b.buf : "");
	strbuf_free(&b);
	return out_buf;
}

static const char *json(const char *s, size_t len)
{
	strbuf b;
	strbuf_init(&b);
	esc_json(&b, s, len);
	snprintf(out_buf, sizeof out_buf, "%s", b.buf);
	strbuf_free(&b);
	return out_buf;
}

/* No byte below 0x20, no DEL, no C1 and no ESC in any escaped output. */
static void assert_inert(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		assert_true(*p >= 0x20);
		assert_true(*p != 0x7F);
	}
	assert_null(strstr(s, "\xC2\x9B"));   /* 8-bit CSI as UTF-8 */
	assert_null(strstr(s, "\xE2\x80\xAE")); /* RLO */
}

static void injection_corpus_is_inert(void **state)
{
	(void)state;
	static const char *const corpus[] = {
		"\x1b]0;pwned\x07",                 /* set the window title */
		"\x1b]52;c;cm0gLXJmIH4=\x07",       /* OSC 52: write the clipboard */
		"\x1b[2J\x1b[H",                    /* clear, home */
		"\x1b[6n",                          /* ask for the cursor: answers land as input */
		"\x1bP+q544e\x1b\\",                /* DCS request */
		"\x9b" "31m",                       /* raw 8-bit CSI byte */
		"\xC2\x9B" "31m",                   /* CSI as a UTF-8 C1 character */
		"safe\xE2\x80\xAE" "txt.exe",       /* RLO reorders what follows */
		"\xE2\x81\xA6" "isolate\xE2\x81\xA9",
		"line1\nline2\rline3\t",
		"nul\x01\x02\x7f",
		"\xff\xfe invalid utf-8 \xc3",
	};
	for (size_t i = 0; i < sizeof corpus / sizeof *corpus; i++) {
		assert_inert(term(corpus[i], true));
		assert_inert(term(corpus[i], false));
		assert_inert(tmux(corpus[i]));
	}
}

static void controls_show_as_caret_text(void **state)
{
	(void)state;
	assert_string_equal(term("a\x1b]0;x\x07z", true), "a^[]0;x^Gz");
	assert_string_equal(term("tab\there\nnl", true), "tab here nl");
	assert_string_equal(term("del\x7f", true), "del^?");
	assert_string_equal(term("x\xE2\x80\xAEy", true), "x?y");
	assert_string_equal(term("caf\xC3\xA9 \xE6\x97\xA5", true), "caf\xC3\xA9 \xE6\x97\xA5");
	assert_string_equal(term("caf\xC3\xA9", false), "caf?");   /* no UTF-8 locale */
	assert_string_equal(term("bad\xC3(", true), "bad?(");
	assert_string_equal(term("a\xE2\x80\xA8" "b\xE2\x80\xA9" "c\xEF\xBF\xBF", true), "a b c?");
}

static void tmux_doubles_every_hash(void **state)
{
	(void)state;
	assert_string_equal(tmux("#(rm -rf ~)"), "##(rm -rf ~)");
	assert_string_equal(tmux("#[fg=red]x#{pane_id}##"), "##[fg=red]x##{pane_id}####");
	assert_string_equal(tmux("\x1b]0;t\x07#"), "^[]0;t^G##");
}

static void json_escapes_and_replaces_invalid_utf8(void **state)
{
	(void)state;
	assert_string_equal(json("a\"b\\c\n\x01", 7), "\"a\\\"b\\\\c\\n\\u0001\"");
	assert_string_equal(json("\xff", 1), "\"\\ufffd\"");
	assert_string_equal(json("\xE2\x80\xAE", 3), "\"\\u202e\"");
	assert_string_equal(json("\xC3\xA9", 2), "\"\xC3\xA9\"");
	assert_string_equal(json("a\0b", 3), "\"a\\u0000b\"");
	/* Found by fuzz_report: a raw U+2028 folded away when read back. */
	assert_string_equal(json(" \xE2\x80\xA8", 4), "\" \\u2028\"");
	assert_string_equal(json("\xEF\xBF\xBE", 3), "\"\\ufffe\"");
}

/* Found by fuzz_report: the alert line printed system and code raw. Every
 * field of an alert line is escaped, whoever filled it. */
static const char *prom(const char *s)
{
	strbuf b;
	strbuf_init(&b);
	esc_prom_label(&b, s);
	snprintf(out_buf, sizeof out_buf, "%s", b.buf ? b.buf : "");
	strbuf_free(&b);
	return out_buf;
}

/* The text format allows only \\, \" and \n escapes in a label value; every
 * other control, format control or bad byte must not reach the scraper. */
static void prom_label_escapes_what_the_format_asks(void **state)
{
	(void)state;
	assert_string_equal(prom("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
	assert_string_equal(prom("\x1b]0;x\x07"), "\"\xEF\xBF\xBD]0;x\xEF\xBF\xBD\"");
	assert_string_equal(prom("r\xe2\x80\xaeL"), "\"r\xEF\xBF\xBDL\"");      /* U+202E */
	assert_string_equal(prom("\xff\xc3\xa9"), "\"\xEF\xBF\xBD\xc3\xa9\"");  /* bad byte, then é */
	assert_string_equal(prom(NULL), "\"\"");
}

static void alert_line_escapes_every_field(void **state)
{
	(void)state;
	lw_alert a = { .level = LW_WARN, .system = "sys\x1b[2J", .code = "co\nde", .subject = "s#\x07",
	               .message = "m\xE2\x80\xAE" };
	strbuf b;
	strbuf_init(&b);
	report_alert_line(&b, &a);
	assert_string_equal(b.buf, "WARN sys^[[2J co de s#^G: m?\n");
	strbuf_free(&b);
}

/* Zero-width characters hide text or make two ids look alike: '?' on a
 * terminal, \uXXXX in JSON, like the bidi controls. */
static void zero_width_characters_are_shown(void **state)
{
	(void)state;
	static const char *const zw[] = { "\xE2\x80\x8B", "\xE2\x80\x8C", "\xE2\x80\x8D", "\xE2\x80\x8E",
	                                  "\xE2\x80\x8F", "\xE2\x81\xA0", "\xEF\xBB\xBF" };
	static const char *const as_json[] = { "\"a\\u200bb\"", "\"a\\u200cb\"", "\"a\\u200db\"", "\"a\\u200eb\"",
	                                       "\"a\\u200fb\"", "\"a\\u2060b\"", "\"a\\ufeffb\"" };
	for (size_t i = 0; i < sizeof zw / sizeof *zw; i++) {
		char s[16];
		snprintf(s, sizeof s, "a%sb", zw[i]);
		assert_string_equal(term(s, true), "a?b");
		assert_string_equal(json(s, strlen(s)), as_json[i]);
	}
	/* Every C1 control and every bidi override or isolate. */
	for (unsigned cp = 0x80; cp <= 0x9F; cp++) {
		char s[4] = { (char)(0xC0 | cp >> 6), (char)(0x80 | (cp & 0x3F)), 0 };
		assert_string_equal(term(s, true), "?");
	}
	for (unsigned cp = 0x202A; cp <= 0x2069; cp++) {
		if (cp > 0x202E && cp < 0x2066)
			continue;
		char s[4] = { (char)(0xE0 | cp >> 12), (char)(0x80 | ((cp >> 6) & 0x3F)), (char)(0x80 | (cp & 0x3F)), 0 };
		assert_string_equal(term(s, true), "?");
	}
}

/* esc_print, the messages' choke point: the whole line is escaped. */
static void print_escapes_the_whole_line(void **state)
{
	(void)state;
	char buf[256] = "";
	FILE *f = fmemopen(buf, sizeof buf, "w");
	assert_non_null(f);
	esc_print(f, "review-1: %s -> %s", "READY\x1b]52;c;cm0=\x07", "A\xE2\x80\xAE\xE2\x80\x8Bz\x9b");
	fclose(f);
	assert_string_equal(buf, "review-1: READY^[]52;c;cm0=^G -> A??z?\n");
	/* A long message is written whole, not cut at a buffer's end. */
	char big[2000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	char *out = NULL;
	size_t n = 0;
	f = open_memstream(&out, &n);
	esc_print(f, "%s\x1b", big);
	fclose(f);
	assert_int_equal(n, sizeof big - 1 + 3);
	assert_memory_equal(out + n - 3, "^[\n", 3);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(injection_corpus_is_inert),
		cmocka_unit_test(controls_show_as_caret_text),
		cmocka_unit_test(tmux_doubles_every_hash),
		cmocka_unit_test(json_escapes_and_replaces_invalid_utf8),
		cmocka_unit_test(alert_line_escapes_every_field),
		cmocka_unit_test(prom_label_escapes_what_the_format_asks),
		cmocka_unit_test(zero_width_characters_are_shown),
		cmocka_unit_test(print_escapes_the_whole_line),
	};
	return cmocka_run_group_tests_name("escape", tests, NULL, NULL);
}
