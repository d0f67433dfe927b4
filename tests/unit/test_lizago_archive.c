/* test_lizago_archive.c — the envelope of a terminal archive object of
 * today's Liza (db/terminal_archive.go readTerminalTask, 4717d7a): what the
 * JSON decoder with DisallowUnknownFields accepts, and the reason each
 * refusal names, which the one CRIT of an archived task quotes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "systems/liza/go/lizago_archive.h"

static char *env(arena *a, const char *json, const char *id, const char **reason)
{
	return lizago_archive_envelope(a, json, strlen(json), id, reason);
}

static void a_whole_envelope_gives_its_yaml(void **state)
{
	(void)state;
	arena a;
	arena_init(&a);
	const char *why = NULL;
	char *y = env(&a, "{\"format_version\":2,\"task_id\":\"t-1\",\"field\":\"terminal_task\",\"value_yaml\":\"id: t-1\\n\"}\n",
	              "t-1", &why);
	assert_non_null(y);
	assert_string_equal(y, "id: t-1\n");
	free(y);
	arena_free(&a);
}

static void each_refusal_names_liza_s_reason(void **state)
{
	(void)state;
	static const struct { const char *json, *reason; } c[] = {
		{ "{\"format_version\":2,\"task_id\":\"t-9\",\"field\":\"terminal_task\",\"value_yaml\":\"id: t-9\"}",
		  "unsupported envelope or task identity" },
		{ "{\"format_version\":1,\"task_id\":\"t-1\",\"field\":\"terminal_task\",\"value_yaml\":\"id: t-1\"}",
		  "unsupported envelope or task identity" },
		{ "{\"format_version\":2,\"task_id\":\"t-1\",\"field\":\"task\",\"value_yaml\":\"id: t-1\"}",
		  "unsupported envelope or task identity" },
		{ "{\"format_version\":2,\"task_id\":\"t-1\",\"field\":\"terminal_task\",\"value_yaml\":\"\"}",
		  "unsupported envelope or task identity" },
		{ "{\"format_version\":2,\"task_id\":\"t-1\",\"field\":\"terminal_task\",\"value_yaml\":\"x\",\"note\":1}",
		  "decode: json: unknown field \"note\"" },
		{ "{\"format_version\":\"2\",\"task_id\":\"t-1\",\"field\":\"terminal_task\",\"value_yaml\":\"x\"}",
		  "decode: json: cannot unmarshal" },
		{ "format_version: 2\ntask_id: t-1\nfield: terminal_task\nvalue_yaml: x\n", "decode: json: cannot unmarshal" },
		{ "{\"format_version\":2", "decode: " },
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		arena a;
		arena_init(&a);
		const char *why = NULL;
		char *y = env(&a, c[i].json, "t-1", &why);
		if (y || !why || strncmp(why, c[i].reason, strlen(c[i].reason)) != 0)
			fail_msg("case %zu: %s -> %s", i, c[i].json, why ? why : "(accepted)");
		free(y);
		arena_free(&a);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_whole_envelope_gives_its_yaml),
		cmocka_unit_test(each_refusal_names_liza_s_reason),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
