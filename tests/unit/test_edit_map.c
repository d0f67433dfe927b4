/* test_edit_map.c — a mapping as a key's value (edit_set_map), byte for
 * byte: added, or replacing a null, a scalar or a collection, in JSON and
 * YAML, with values that need quoting in flow context; nested mappings and
 * sequences (edit_map, edit_seq) in flow style. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/edit/edit.h"
#include "tests/unit/helper_edit.h"

static const edit_pair event[] = {
	{ "event", { .kind = EDIT_STR, .str = "approval_granted", .len = 16 } },
	{ "from", { .kind = EDIT_STR, .str = "AWAITING_APPROVAL", .len = 17 } },
	{ "n", { .kind = EDIT_INT, .i = 2 } },
};

static void set_map(const char *src, const char *path, const char *key, const edit_pair *p, size_t n,
                    const char *want)
{
	te_edit t;
	te_open(&t, src, strlen(src), path);
	assert_int_equal(edit_set_map(t.ed, t.d.root, key, p, n), 0);
	assert_string_equal(te_apply(&t), want);
	te_close(&t);
}

static void json_added_and_replaced(void **state)
{
	(void)state;
	set_map("{\n  \"state\": \"COMPLETE\",\n  \"updated\": \"t\"\n}\n", "s.json", "last_event", event, 3,
	        "{\n  \"state\": \"COMPLETE\",\n  \"updated\": \"t\",\n"
	        "  \"last_event\": {\"event\": \"approval_granted\", \"from\": \"AWAITING_APPROVAL\", \"n\": 2}\n}\n");
	set_map("{\"state\":\"X\",\"last_event\":null}", "c.json", "last_event", event, 1,
	        "{\"state\":\"X\",\"last_event\":{\"event\":\"approval_granted\"}}");
	set_map("{\n  \"last_event\": {\n    \"event\": \"old\"\n  },\n  \"x\": 1\n}\n", "s.json", "last_event", event, 2,
	        "{\n  \"last_event\": {\"event\": \"approval_granted\", \"from\": \"AWAITING_APPROVAL\"},\n  \"x\": 1\n}\n");
	set_map("{}", "e.json", "last_event", event, 1, "{\"last_event\": {\"event\": \"approval_granted\"}}");
}

static void yaml_block_and_flow(void **state)
{
	(void)state;
	set_map("a: 1   # keep\nb: x\n", "t.yaml", "ev", event, 2,
	        "a: 1   # keep\nb: x\nev: {event: approval_granted, from: AWAITING_APPROVAL}\n");
	set_map("ev: old  # why\nz: 1\n", "t.yaml", "ev", event, 1, "ev: {event: approval_granted}  # why\nz: 1\n");
	set_map("ev:\n  event: old\n  from: x\nz: 1\n", "t.yaml", "ev", event, 1, "ev: {event: approval_granted}\nz: 1\n");
	set_map("ev:\r\nz: 1\r\n", "t.yaml", "ev", event, 1, "ev: {event: approval_granted}\r\nz: 1\r\n");
	set_map("{a: 1}\n", "t.yaml", "ev", event, 1, "{a: 1, ev: {event: approval_granted}}\n");
	/* values that mean something in flow context are quoted */
	static const edit_pair nasty[] = {
		{ "reason", { .kind = EDIT_STR, .str = "a, b: {c}", .len = 9 } },
		{ "empty", { .kind = EDIT_STR, .str = "", .len = 0 } },
		{ "yes", { .kind = EDIT_STR, .str = "yes", .len = 3 } },
		{ "none", { .kind = EDIT_NULL } },
		{ "multi", { .kind = EDIT_STR, .str = "one\ntwo", .len = 7 } },
	};
	te_edit t;
	const char *src = "k: v\n";
	te_open(&t, src, strlen(src), "t.yaml");
	assert_int_equal(edit_set_map(t.ed, t.d.root, "ev", nasty, 5), 0);
	const char *out = te_apply(&t);   /* te_apply: parsed and verified value by value */
	assert_memory_equal(out, "k: v\nev: {", 10);
	te_close(&t);
}

/* A value nested to any depth: written in flow style, verified level by
 * level, the caller's arrays copied at once (they may be gone at apply). */
static void nested_values(void **state)
{
	(void)state;
	te_edit t;
	const char *src = "task:\n  id: t-1\n  lifecycle: null\n";
	te_open(&t, src, strlen(src), "t.yaml");
	{
		edit_pair proj[] = { { "verdict", edit_str("APPROVED") } };
		edit_pair rec[] = { { "operation", edit_str("submit-verdict") }, { "sequence", edit_int(1) },
		                    { "projection", edit_map(proj, 1) } };
		edit_value recs[] = { edit_map(rec, 3) };
		edit_pair life[] = { { "revision", edit_int(1) }, { "receipts", edit_seq(recs, 1) },
		                     { "empty", edit_seq(NULL, 0) }, { "odd", edit_str("a, b") } };
		assert_int_equal(edit_set_scalar(t.ed, doc_get(t.d.root, "task"), "lifecycle", edit_map(life, 4)), 0);
	}
	assert_string_equal(te_apply(&t), "task:\n  id: t-1\n  lifecycle: {revision: 1, receipts: [{operation: "
	                    "submit-verdict, sequence: 1, projection: {verdict: APPROVED}}], empty: [], odd: \"a, b\"}\n");
	te_close(&t);
	/* JSON stays JSON */
	src = "{\"task\": {\"id\": \"t-1\"}}";
	te_open(&t, src, strlen(src), "t.json");
	{
		edit_value items[] = { edit_int(1), edit_str("x") };
		edit_pair m[] = { { "list", edit_seq(items, 2) } };
		assert_int_equal(edit_append_item(t.ed, doc_get(t.d.root, "task"), "log", m, 1), 0);
	}
	assert_string_equal(te_apply(&t), "{\"task\": {\"id\": \"t-1\", \"log\": [{\"list\": [1, \"x\"]}]}}");
	te_close(&t);
}

static void refusals(void **state)
{
	(void)state;
	char m[600];
	te_edit t;
	const char *src = "a: &x {k: 1}\nb: 1\n";
	te_open(&t, src, strlen(src), "r.yaml");
	assert_int_equal(edit_set_map(t.ed, t.d.root, "a", event, 1), -1);
	assert_non_null(strstr(lw_error_format(&t.err, m, sizeof m), "carries an anchor"));
	te_close(&t);
	te_open(&t, src, strlen(src), "r.yaml");
	assert_int_equal(edit_set_map(t.ed, t.d.root, "b", event, 0), -1);
	assert_non_null(strstr(lw_error_format(&t.err, m, sizeof m), "at least one key"));
	te_close(&t);
	te_open(&t, src, strlen(src), "r.yaml");
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "b", edit_int(2)), 0);
	assert_int_equal(edit_set_map(t.ed, t.d.root, "b", event, 1), -1);
	assert_non_null(strstr(lw_error_format(&t.err, m, sizeof m), "edited twice"));
	te_close(&t);
	static const edit_pair dup[] = { { "k", { .kind = EDIT_INT, .i = 1 } }, { "k", { .kind = EDIT_INT, .i = 2 } } };
	te_open(&t, src, strlen(src), "r.yaml");
	assert_int_equal(edit_set_map(t.ed, t.d.root, "c", dup, 2), -1);
	assert_non_null(strstr(lw_error_format(&t.err, m, sizeof m), "twice"));
	te_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(json_added_and_replaced),
		cmocka_unit_test(yaml_block_and_flow),
		cmocka_unit_test(nested_values),
		cmocka_unit_test(refusals),
	};
	return cmocka_run_group_tests_name("edit_map", tests, NULL, NULL);
}
