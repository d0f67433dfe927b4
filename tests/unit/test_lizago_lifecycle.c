/* test_lizago_lifecycle.c — the digests today's Liza names lifecycle
 * transitions and requests by: Go's encoding/json text (escapes, times in
 * UTC with their fraction) under SHA-256. Expected digests were computed
 * from the JSON Go writes for the same values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "systems/liza/go/lizago_lifecycle.h"

static void json_strings_escape_as_go_does(void **state)
{
	(void)state;
	strbuf b;
	strbuf_init(&b);
	lizago_json_str(&b, "<a&b>\"\\\n\t\x01\b\f\xc3\xa9\xe2\x80\xa8\xe2\x80\xa9\xff!");
	assert_string_equal(b.buf, "\"\\u003ca\\u0026b\\u003e\\\"\\\\\\n\\t\\u0001\\b\\f\xc3\xa9\\u2028\\u2029\\ufffd!\"");
	strbuf_free(&b);
	/* an overlong or truncated sequence is invalid byte by byte */
	strbuf_init(&b);
	lizago_json_str(&b, "\xc0\xaf|\xe2\x82");
	assert_string_equal(b.buf, "\"\\ufffd\\ufffd|\\ufffd\\ufffd\"");
	strbuf_free(&b);
}

/* models.TaskTransitionID: times in UTC with the fraction the file held
 * (trailing zeros dropped), nil pointers as null, strings escaped. */
static void transition_id_is_go_json_under_sha256(void **state)
{
	(void)state;
	lg_boundary b = { .id = "t-1", .created = "2026-11-25T10:00:00.500+01:00", .status = "X", .revision = 2,
	                  .attempt = 1, .history = 1, .reviewer = "r<1>", .has_last = true,
	                  .last_time = "2026-11-25T09:59:59.123456789Z", .last_event = "claimed" };
	char id[65];
	assert_string_equal(lizago_transition_id(&b, id), "8bce68a2867d09b252ced853b828773a6dc1fec39e80339fe176398d1909e9a5");
	/* no history, no created: zero times */
	lg_boundary z = { .id = "t-1", .status = "REVIEWING_CODE", .revision = 9, .attempt = 1, .assignee = "coder-1",
	                  .reviewer = "code-reviewer-1", .review_commit = "2222222222222222222222222222222222222222",
	                  .created = "2026-11-25T09:45:00Z" };
	assert_string_equal(lizago_transition_id(&z, id), "788ef8e1696cce625236c577ece5aaa22c2322da1773b32dac1132f8ac6ef835");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(json_strings_escape_as_go_does),
		cmocka_unit_test(transition_id_is_go_json_under_sha256),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
