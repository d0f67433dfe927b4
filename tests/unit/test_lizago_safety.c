/* test_lizago_safety.c — the edges of today's Liza's validation safety and
 * coding-allocation paths that the conformance cases (one state each) do not
 * spell out: where the break-glass marker counts (models.
 * hasLeadingDestructiveDBAllowMarker), which paths referencecontract.
 * ValidateAcceptancePath refuses and with which message, and that a
 * destructive command without the marker is one CRIT invalid_state naming
 * the entry, while the marked one is quiet. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "helper_liza.h"
#include "systems/liza/go/lizago_rule.h"
#include "systems/liza/go/lizago_safety.h"
#include "systems/liza/go/lizago_alloc.h"

#define M "LIZA_ALLOW_DESTRUCTIVE_DB=1"

static void the_marker_opens_a_real_command(void **state)
{
	(void)state;
	assert_true(lizago_safety_marked(M " make test"));
	assert_true(lizago_safety_marked(M "\tmake test"));
	assert_true(lizago_safety_marked("env " M " make migrate"));
	assert_false(lizago_safety_marked("make test"));
	assert_false(lizago_safety_marked(M));                 /* nothing after it */
	assert_false(lizago_safety_marked(M "   "));           /* only blanks */
	assert_false(lizago_safety_marked(M "make"));          /* no blank after the marker */
	assert_false(lizago_safety_marked(M " # make test"));  /* a comment */
	assert_false(lizago_safety_marked(M " ; rm -rf db"));  /* a separator first */
	assert_false(lizago_safety_marked(M " && make"));
	assert_false(lizago_safety_marked(M " | cat"));
	assert_false(lizago_safety_marked(" " M " make"));     /* not at the start */
	assert_false(lizago_safety_marked("LIZA_ALLOW_DESTRUCTIVE_DB=0 make"));
	assert_false(lizago_safety_marked(NULL));
}

static void acceptance_paths_are_clean_and_credential_free(void **state)
{
	(void)state;
	const char *clean = "path must be a clean repository-relative file path";
	const char *trav = "path must contain no traversal or empty segments";
	const char *cred = "path must not name credential material";
	assert_null(lizago_alloc_path_error("internal/example.go"));
	assert_null(lizago_alloc_path_error("a.md"));
	assert_string_equal(lizago_alloc_path_error(""), clean);
	assert_string_equal(lizago_alloc_path_error("/etc/x"), clean);
	assert_string_equal(lizago_alloc_path_error("a//b"), clean);
	assert_string_equal(lizago_alloc_path_error("a/./b"), clean);
	assert_string_equal(lizago_alloc_path_error("a/../b"), clean);  /* Clean folds it: not clean */
	assert_string_equal(lizago_alloc_path_error("a/"), clean);
	assert_string_equal(lizago_alloc_path_error("."), clean);
	assert_string_equal(lizago_alloc_path_error(" a"), clean);
	assert_string_equal(lizago_alloc_path_error("a#b"), clean);
	assert_string_equal(lizago_alloc_path_error("c:x"), clean);
	assert_string_equal(lizago_alloc_path_error("../a"), trav);     /* clean, but a traversal */
	assert_string_equal(lizago_alloc_path_error("a\tb"), "path must contain no control characters");
	assert_string_equal(lizago_alloc_path_error("config/prod.pem"), cred);
	assert_string_equal(lizago_alloc_path_error("deploy/.env.local"), cred);
	assert_string_equal(lizago_alloc_path_error("MySecrets/a.go"), cred);
	assert_string_equal(lizago_alloc_path_error("home/id_ed25519"), cred);
	assert_string_equal(lizago_alloc_path_error("gcp/ServiceAccountKey.json"), cred);
	assert_null(lizago_alloc_path_error("keys/README.md"));
}

static const char *state_with(const char *validation)
{
	static char lines[2048];
	snprintf(lines, sizeof lines, "    destructive_db: true\n    validation:\n%s", validation);
	return th_go_state(lines);
}

static void an_unmarked_destructive_command_is_invalid_state(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", th_go_pipeline);
	th_write(&r, "state.yaml", state_with("      - " M " make test\n      - make migrate\n"));
	assert_int_equal(th_load(&r, "2026-11-25T10:00:00Z"), 0);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "t-1",
	          "task t-1 validation[1] destructive_db requires command to start with " M " or env " M);
	if (th_count(&r, "invalid_state") != 1)
		th_dump(&r);
	assert_int_equal(th_count(&r, "invalid_state"), 1);
	th_close(&r);

	th_open(&r);
	th_write(&r, "pipeline.yaml", th_go_pipeline);
	th_write(&r, "state.yaml", state_with("      - " M " make test\n      - env " M " make migrate\n"));
	assert_int_equal(th_load(&r, "2026-11-25T10:00:00Z"), 0);
	if (th_count(&r, "invalid_state"))
		th_dump(&r);
	assert_int_equal(th_count(&r, "invalid_state"), 0);
	th_close(&r);
}

/* Go decodes a null list entry as "": an empty command, and no marker. */
static void a_null_command_is_an_empty_one(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "pipeline.yaml", th_go_pipeline);
	th_write(&r, "state.yaml", state_with("      - ~\n      - " M " make test\n"));
	assert_int_equal(th_load(&r, "2026-11-25T10:00:00Z"), 0);
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "t-1", "task t-1 validation[0] must not be empty");
	TH_EXPECT(&r, LW_CRIT, "invalid_state", "t-1", "task t-1 validation[0] destructive_db requires command to start with");
	assert_int_equal(th_count(&r, "invalid_state"), 2);
	th_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_marker_opens_a_real_command),
		cmocka_unit_test(acceptance_paths_are_clean_and_credential_free),
		cmocka_unit_test(an_unmarked_destructive_command_is_invalid_state),
		cmocka_unit_test(a_null_command_is_an_empty_one),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
