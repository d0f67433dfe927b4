/* test_field.c — the one field reader (core/model/field.h): a record's
 * keys hashed once answer as doc_get does (every key, absent ones, a
 * mapping too big or with a merge key left to doc_get), and a wrong type
 * is a problem at the value's line and column, read as absent. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "core/model/field.h"
#include "core/util/timeparse.h"

static void parse(doc *d, const char *src)
{
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(d, src, strlen(src), "t.yaml", NULL, &err), 0);
}

static void the_index_answers_as_doc_get(void **state)
{
	(void)state;
	doc d;
	parse(&d, "id: t-1\nstatus: DRAFT\niteration: 3\nlist: [a, b]\nempty:\n'quoted key': q\n");
	field_index x;
	field f = { .index = &x };
	field_index_keys(&f, d.root);
	assert_ptr_equal(x.map, d.root);
	const char *keys[] = { "id", "status", "iteration", "list", "empty", "quoted key", "absent", "i", "" };
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
		assert_ptr_equal(field_get(&f, d.root, keys[i]), doc_get(d.root, keys[i]));
	assert_null(field_get(&f, d.root, "absent"));
	assert_string_equal(field_str(&f, d.root, "status"), "DRAFT");
	assert_int_equal(field_int(&f, d.root, "iteration", -1), 3);
	/* Another mapping is read with doc_get, the index untouched. */
	const doc_node *inner = doc_get(d.root, "list");
	assert_null(field_get(&f, inner, "id"));
	field_index_keys(&f, NULL);
	assert_null(x.map);
	assert_ptr_equal(field_get(&f, d.root, "id"), doc_get(d.root, "id"));
	doc_free(&d);
}

static void big_or_merged_mappings_are_left_to_doc_get(void **state)
{
	(void)state;
	char src[1024] = "";
	for (int i = 0; i < 40; i++)
		snprintf(src + strlen(src), sizeof src - strlen(src), "k%d: %d\n", i, i);
	doc d;
	parse(&d, src);
	field_index x;
	field f = { .index = &x };
	field_index_keys(&f, d.root);
	assert_null(x.map);   /* more than 32 keys: not indexed */
	assert_int_equal(field_int(&f, d.root, "k39", -1), 39);
	doc_free(&d);
	parse(&d, "base: &b {a: 1}\nm:\n  <<: *b\n  c: 2\n");
	const doc_node *m = doc_get(d.root, "m");
	field_index_keys(&f, m);
	assert_null(x.map);   /* a merge key: doc_get resolves it */
	assert_int_equal(field_int(&f, m, "a", -1), doc_get(m, "a") ? 1 : -1);
	assert_int_equal(field_int(&f, m, "c", -1), 2);
	doc_free(&d);
}

static void a_wrong_type_is_a_problem_at_the_value(void **state)
{
	(void)state;
	doc d;
	parse(&d, "id: t-1\niteration: [1]\nmax: 0\nwhen: soon\n");
	lw_snapshot *snap = lw_snapshot_new();
	field_index x;
	field f = { .snap = snap, .path = "t.yaml", .subject = "t-1", .mem = &snap->mem, .d = &d, .index = &x };
	field_index_keys(&f, d.root);
	assert_int_equal(field_int(&f, d.root, "iteration", 7), 7);
	assert_int_equal(field_limit(&f, d.root, "max", 10), 10);   /* 0 would switch its check off */
	assert_true(field_time(&f, d.root, "when") == LW_NO_TIME);
	assert_int_equal(field_bool(&f, d.root, "absent"), -1);
	assert_int_equal(snap->nproblems, 3);
	assert_non_null(strstr(snap->problems[0].message, "t.yaml:2:12"));
	assert_non_null(strstr(snap->problems[0].message, "iteration must be an integer"));
	assert_non_null(strstr(snap->problems[1].message, "t.yaml:3:6"));
	assert_non_null(strstr(snap->problems[2].message, "t.yaml:4:7"));
	lw_snapshot_free(snap);
	doc_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_index_answers_as_doc_get),
		cmocka_unit_test(big_or_merged_mappings_are_left_to_doc_get),
		cmocka_unit_test(a_wrong_type_is_a_problem_at_the_value),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
