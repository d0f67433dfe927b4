/* test_status_format.c — a status template's grammar (core/model/
 * status_format.h, what the config checks) and its drawing (cli/report.h)
 * live in two layers: they must agree on every directive. Each directive
 * the grammar takes is one the line draws (never printed back as "%X"),
 * each byte it refuses is named with its offset, and "long" and a lone %
 * at the end are fine. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "cli/report.h"
#include "core/model/status_format.h"

static char *drawn(const char *fmt, status_style style)
{
	static lw_project p;   /* no system: "no state" for %L, zeros for the counts */
	lw_alerts al = { 0 };
	strbuf out;
	strbuf_init(&out);
	report_status(&out, &p, &al, style, fmt);
	char *s = strdup(out.buf ? out.buf : "");
	strbuf_free(&out);
	return s;
}

static void every_directive_is_drawn(void **state)
{
	(void)state;
	char buf[512];
	for (const char *d = LW_STATUS_DIRECTIVES; *d; d++) {
		char fmt[3] = { '%', *d, '\0' };
		assert_null(lw_status_format_check(fmt, buf, sizeof buf));
		for (status_style st = STATUS_PLAIN; st <= STATUS_TMUX; st++) {
			char *s = drawn(fmt, st);
			if (*d == '%')
				assert_string_equal(s, "%");
			else
				assert_null(strstr(s, fmt));   /* replaced, not echoed */
			free(s);
		}
	}
	char *s = drawn("%T/%W %L", STATUS_PLAIN);
	assert_string_equal(s, "0/0 no state");
	free(s);
}

static void an_unknown_directive_is_named(void **state)
{
	(void)state;
	char buf[512];
	assert_null(lw_status_format_check(NULL, buf, sizeof buf));
	assert_null(lw_status_format_check("long", buf, sizeof buf));
	assert_null(lw_status_format_check("50%", buf, sizeof buf));   /* a % at the end is text */
	const char *why = lw_status_format_check("ok %T %Z", buf, sizeof buf);
	assert_ptr_equal(why, buf);
	assert_non_null(strstr(why, "unknown directive '%Z' in the status format (byte 7)"));
	why = lw_status_format_check("%\x01", buf, sizeof buf);
	assert_non_null(strstr(why, "'%\\x01'"));
	/* Every printable byte outside the list is refused. */
	for (int c = 0x21; c < 0x7f; c++) {
		char fmt[3] = { '%', (char)c, '\0' };
		bool known = strchr(LW_STATUS_DIRECTIVES, c) != NULL;
		assert_true((lw_status_format_check(fmt, buf, sizeof buf) == NULL) == known);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_directive_is_drawn),
		cmocka_unit_test(an_unknown_directive_is_named),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
