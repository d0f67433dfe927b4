/* test_export_docs.c — what an alert code means, as the system's page says
 * (cli/export_docs.h, built from docs/systems/NAME.md's table of
 * checks): found by page and code (Liza's two rooms each by its own page),
 * a row naming several codes gives each, backquotes gone, nothing for a
 * code the page does not list. */
/* make valgrind: run under memcheck */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "cli/export_docs.h"

static void found_by_page_and_code(void **state)
{
	(void)state;
	const char *t = export_docs_meaning("liza", "blocked");
	assert_non_null(t);
	assert_string_equal(t, "a BLOCKED task (the message carries blocked_reason)");
	assert_string_equal(export_docs_meaning("acp", "blocked"), "BLOCKED (with blocked_reason)");
	t = export_docs_meaning("liza-go", "blocked");
	assert_non_null(t);
	assert_non_null(strstr(t, "rejection-RCA gate"));
}

static void several_codes_in_one_row(void **state)
{
	(void)state;
	const char *a = export_docs_meaning("liza", "pause_stale");
	const char *b = export_docs_meaning("liza", "pause_forgotten");
	assert_non_null(a);
	assert_ptr_equal(a, b);
	assert_null(strchr(a, '`'));
	assert_non_null(export_docs_meaning("rcs", "dangling_link"));
}

static void unknown_code(void **state)
{
	(void)state;
	assert_null(export_docs_meaning("liza", "no_such_code"));
	assert_null(export_docs_meaning("nosystem", "blocked"));
	assert_null(export_docs_meaning("liza-go", "checkpoint_stale"));   /* the shell era's alone */
	assert_null(export_docs_meaning(NULL, NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(found_by_page_and_code),
		cmocka_unit_test(several_codes_in_one_row),
		cmocka_unit_test(unknown_code),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
