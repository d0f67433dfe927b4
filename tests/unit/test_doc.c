/* test_doc.c — the document layer: spans in bytes, errors with positions,
 * limits that refuse hostile input. */
/* make valgrind: run under memcheck */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/doc/doc.h"

static const char *span(const doc_node *n, const char *src, char *buf, size_t bn)
{
	snprintf(buf, bn, "%.*s", (int)(n->end - n->start), src + n->start);
	return buf;
}

static void spans_are_bytes_in_utf8_text(void **state)
{
	(void)state;
	const char *src = "title: \"héllo wörld\"\nnext: 'ça va'\nlast: 日本語\n";
	doc d;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, src, strlen(src), "t.yaml", NULL, &err), 0);
	char buf[64];
	assert_string_equal(span(doc_get(d.root, "title"), src, buf, sizeof buf), "\"héllo wörld\"");
	assert_string_equal(span(doc_get(d.root, "next"), src, buf, sizeof buf), "'ça va'");
	assert_string_equal(span(doc_get(d.root, "last"), src, buf, sizeof buf), "日本語");
	assert_string_equal(doc_str(doc_get(d.root, "last")), "日本語");
	doc_free(&d);
}

/* YAML 1.1/1.2 core nulls, plain only: the empty value, ~, null, Null,
 * NULL; not their near misses, not quoted ones, not a missing key's
 * neighbours. */
static void nulls_are_the_core_schema_spellings(void **state)
{
	(void)state;
	const char *src = "a: null\nb: Null\nc: NULL\nd: ~\ne:\nf: nul\ng: nulls\nh: 'null'\n"
	                  "i: nUll\nj: ~x\nk: NuLL\nl: n\nm: N\nn: x\n";
	doc d;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, src, strlen(src), "t.yaml", NULL, &err), 0);
	for (const char *k = "abcde"; *k; k++) {
		char key[2] = { *k, 0 };
		assert_true(doc_is_null(doc_get(d.root, key)));
	}
	for (const char *k = "fghijklmn"; *k; k++) {
		char key[2] = { *k, 0 };
		assert_false(doc_is_null(doc_get(d.root, key)));
	}
	assert_true(doc_is_null(doc_get(d.root, "absent")));
	doc_free(&d);
}

static void spans_skip_a_bom(void **state)
{
	(void)state;
	const char *src = "\xEF\xBB\xBFkey: välue\n";
	doc d;
	lw_error err;
	assert_int_equal(doc_parse(&d, src, strlen(src), "t.yaml", NULL, &err), 0);
	char buf[64];
	assert_string_equal(span(doc_get(d.root, "key"), src, buf, sizeof buf), "välue");
	doc_free(&d);
}

/* libyaml, told the encoding is UTF-8, read a leading BOM as a character of
 * the first line and so took the first key as indented: a second root key
 * was "expected <document start>". */
static void bom_file_with_several_root_keys(void **state)
{
	(void)state;
	const char *src = "\xEF\xBB\xBF" "a: 1\nb: wörd\nc:\n  - x\n";
	doc d;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, src, strlen(src), "bom.yaml", NULL, &err), 0);
	char buf[64];
	assert_int_equal(doc_get_key(d.root, "a")->start, 3);
	assert_int_equal(doc_get_key(d.root, "a")->col, 1);
	assert_string_equal(span(doc_get(d.root, "b"), src, buf, sizeof buf), "wörd");
	assert_string_equal(span(doc_seq_first(doc_get(d.root, "c")), src, buf, sizeof buf), "x");
	doc_free(&d);
}

static void error_names_line_and_column(void **state)
{
	(void)state;
	const char *src = "a: 1\nb: [1, 2\nc: 3\n";
	doc d;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, src, strlen(src), "bad.yaml", NULL, &err), -1);
	char msg[600];
	lw_error_format(&err, msg, sizeof msg);
	assert_non_null(strstr(msg, "bad.yaml:3:"));
	doc_free(&d);
}

static void alias_bomb_is_refused_quickly(void **state)
{
	(void)state;
	const char *src =
		"a: &a [x,x,x,x,x,x,x,x,x]\n"
		"b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
		"c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
		"d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
		"e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
		"f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
		"g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n";
	doc d;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, src, strlen(src), "bomb.yaml", NULL, &err), -1);
	assert_non_null(strstr(err.msg, "alias"));
	doc_free(&d);
}

static void deep_nesting_is_refused(void **state)
{
	(void)state;
	size_t depth = 100000;
	char *src = malloc(depth * 2 + 1);
	memset(src, '[', depth);
	memset(src + depth, ']', depth);
	src[depth * 2] = '\0';
	doc d;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, src, depth * 2, "deep.yaml", NULL, &err), -1);
	assert_non_null(strstr(err.msg, "nesting"));
	assert_int_equal(err.line, 1);
	doc_free(&d);
	free(src);
}

static void json_parses_through_the_same_layer(void **state)
{
	(void)state;
	const char *src = "{\"active\":true,\"iteration\":3,\"name\":\"t\\u00e9am\",\"list\":[1,2]}";
	doc d;
	lw_error err;
	assert_int_equal(doc_parse(&d, src, strlen(src), "s.json", NULL, &err), 0);
	bool b = false;
	long long n = 0;
	assert_int_equal(doc_bool(doc_get(d.root, "active"), &b), DOC_OK);
	assert_true(b);
	assert_int_equal(doc_int(doc_get(d.root, "iteration"), &n), DOC_OK);
	assert_int_equal(n, 3);
	assert_string_equal(doc_str(doc_get(d.root, "name")), "téam");
	assert_int_equal(doc_len(doc_get(d.root, "list")), 2);
	doc_free(&d);
}

/* Every scalar's span reads back as its source text, whatever the line
 * ends and character widths before it: CRLF, lone CR, NEL, BOM, 4-byte UTF-8. */
static void spans_survive_every_line_break_and_width(void **state)
{
	(void)state;
	const char *src = "\xEF\xBB\xBF# c\xC3\xA9\r\na: \"\xF0\x9F\x98\x80 x\"\r\nb: plain\rc: 'z\xC3\xA9'\n"
	                  "d: [1, \"\xE6\x97\xA5\"]\ne: v\n";
	doc d;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, src, strlen(src), "t.yaml", NULL, &err), 0);
	char buf[64];
	assert_string_equal(span(doc_get(d.root, "a"), src, buf, sizeof buf), "\"\xF0\x9F\x98\x80 x\"");
	assert_string_equal(span(doc_get(d.root, "b"), src, buf, sizeof buf), "plain");
	assert_string_equal(span(doc_get(d.root, "c"), src, buf, sizeof buf), "'z\xC3\xA9'");
	const doc_node *list = doc_get(d.root, "d");
	assert_string_equal(span(list->u.coll.first->next, src, buf, sizeof buf), "\"\xE6\x97\xA5\"");
	assert_string_equal(span(list, src, buf, sizeof buf), "[1, \"\xE6\x97\xA5\"]");
	assert_string_equal(span(doc_get(d.root, "e"), src, buf, sizeof buf), "v");
	doc_free(&d);
}

/* An anchor reused a few times is fine; the budget counts expanded nodes. */
static void aliases_within_budget_resolve(void **state)
{
	(void)state;
	const char *src = "base: &b {x: 1, y: [1, 2]}\none: *b\ntwo: *b\n";
	doc d;
	lw_error err;
	assert_int_equal(doc_parse(&d, src, strlen(src), "t.yaml", NULL, &err), 0);
	assert_int_equal(doc_len(doc_get(doc_get(d.root, "two"), "y")), 2);
	doc_free(&d);
	doc_limits tight = doc_default_limits;
	tight.max_alias_nodes = 9;   /* two uses of a 5-node anchor: 10 */
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, src, strlen(src), "t.yaml", &tight, &err), -1);
	assert_non_null(strstr(err.msg, "alias"));
	doc_free(&d);
}

static void duplicate_keys_are_refused_in_small_and_large_maps(void **state)
{
	(void)state;
	const char *small = "a: 1\nb: 2\na: 3\n";
	doc d;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, small, strlen(small), "t.yaml", NULL, &err), -1);
	assert_int_equal(err.line, 3);
	assert_non_null(strstr(err.msg, "duplicate key \"a\""));
	doc_free(&d);
	char big[4096] = "";
	for (int i = 0; i < 60; i++)
		snprintf(big + strlen(big), sizeof big - strlen(big), "k%d: %d\n", i, i);
	strcat(big, "k17: again\n");
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, big, strlen(big), "t.yaml", NULL, &err), -1);
	assert_int_equal(err.line, 61);
	doc_free(&d);
}

typedef struct trace { char text[512]; } trace;

static int record(const doc_event *ev, void *ctx)
{
	trace *t = ctx;
	static const char *const k[] = { "S", "A", "[", "{", "}" };
	size_t n = strlen(t->text);
	snprintf(t->text + n, sizeof t->text - n, "%s%u%s%s%s ", k[ev->kind], ev->depth, ev->is_key ? "k" : "",
	         ev->kind == DOC_EV_SCALAR ? ":" : "", ev->kind == DOC_EV_SCALAR ? ev->str : "");
	return 0;
}

static void stream_reports_depth_and_keys(void **state)
{
	(void)state;
	const char *src = "- a: 1\n  b: [x, {c: d}]\n- plain\n";
	trace t = { "" };
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_stream(src, strlen(src), "s.yaml", NULL, record, &t, &err), 0);
	assert_string_equal(t.text, "[0 {1 S2k:a S2:1 S2k:b [2 S3:x {3 S4k:c S4:d }3 }2 }1 S1:plain }0 ");
}

static void stream_fails_with_positions_and_limits(void **state)
{
	(void)state;
	trace t = { "" };
	lw_error err;
	lw_error_clear(&err);
	const char *bad = "- a: 1\n- b: [2\n";
	assert_int_equal(doc_stream(bad, strlen(bad), "s.yaml", NULL, record, &t, &err), -1);
	assert_string_equal(err.file, "s.yaml");
	assert_int_equal(err.line, 3);
	doc_limits lim = doc_default_limits;
	lim.max_depth = 3;
	lw_error_clear(&err);
	const char *deep = "[[[[1]]]]";
	assert_int_equal(doc_stream(deep, strlen(deep), "d.yaml", &lim, record, &t, &err), -1);
	assert_non_null(strstr(err.msg, "nesting deeper than 3"));
	lw_error_clear(&err);
	assert_int_equal(doc_stream("a: \0", 4, "n.yaml", NULL, record, &t, &err), -1);
	assert_non_null(strstr(err.msg, "NUL byte"));
}

/* Python's json.dumps writes non-BMP characters as surrogate pairs and keeps
 * lone surrogates; libyaml refuses both. They must read back as UTF-8 (a lone
 * one as U+FFFD), and every span and column must still point at the file's
 * own bytes, since the editor splices there. */
static void json_surrogate_escapes_parse_with_true_spans(void **state)
{
	(void)state;
	const char *src = "{\"a\": \"go \\ud83d\\ude80!\", \"lone\": \"x\\udc00y\", "
	                  "\"lit\": \"\\\\ud83d\", \"b\": \"after\", \"n\": 7}";
	doc d;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, src, strlen(src), "s.json", NULL, &err), 0);
	assert_string_equal(doc_str(doc_get(d.root, "a")), "go \xF0\x9F\x9A\x80!");
	assert_string_equal(doc_str(doc_get(d.root, "lone")), "x\xEF\xBF\xBDy");
	assert_string_equal(doc_str(doc_get(d.root, "lit")), "\\ud83d");   /* an escaped backslash, then text */
	char buf[64];
	assert_string_equal(span(doc_get(d.root, "b"), src, buf, sizeof buf), "\"after\"");
	assert_string_equal(span(doc_get(d.root, "n"), src, buf, sizeof buf), "7");
	assert_int_equal(doc_get(d.root, "b")->col, (unsigned)(strstr(src, "\"after\"") - src) + 1);
	assert_int_equal(d.root->end, strlen(src));
	doc_free(&d);
}

/* YAML merge keys (<<: *defaults, or a list of them): libyaml leaves them
 * to its user, and doc_get resolves them, own keys first, then the merged
 * mappings in order; a quoted "<<" is an ordinary key. */
static void merge_keys_resolve(void **state)
{
	(void)state;
	const char *src = "base: &b\n  status: UNCLAIMED\n  spec_ref: s.md\nmore: &m\n  done_when: tests\n  status: DRAFT\n"
	                  "one:\n  <<: *b\n  id: t1\n"
	                  "two:\n  <<: [*m, *b]\n  id: t2\n"
	                  "own:\n  <<: *b\n  status: CLAIMED\n"
	                  "quoted:\n  \"<<\": *b\n";
	doc d;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, src, strlen(src), "t.yaml", NULL, &err), 0);
	const doc_node *one = doc_get(d.root, "one"), *two = doc_get(d.root, "two");
	assert_string_equal(doc_str(doc_get(one, "status")), "UNCLAIMED");
	assert_string_equal(doc_str(doc_get(one, "spec_ref")), "s.md");
	assert_string_equal(doc_str(doc_get(one, "id")), "t1");
	assert_string_equal(doc_str(doc_get(two, "status")), "DRAFT");   /* the first merged mapping wins */
	assert_string_equal(doc_str(doc_get(two, "spec_ref")), "s.md");
	assert_string_equal(doc_str(doc_get(two, "done_when")), "tests");
	assert_string_equal(doc_str(doc_get(doc_get(d.root, "own"), "status")), "CLAIMED");   /* own keys first */
	assert_null(doc_get(doc_get(d.root, "quoted"), "status"));
	assert_null(doc_get(one, "nothing"));
	doc_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(spans_are_bytes_in_utf8_text),
		cmocka_unit_test(merge_keys_resolve),
		cmocka_unit_test(spans_skip_a_bom),
		cmocka_unit_test(nulls_are_the_core_schema_spellings),
		cmocka_unit_test(bom_file_with_several_root_keys),
		cmocka_unit_test(error_names_line_and_column),
		cmocka_unit_test(alias_bomb_is_refused_quickly),
		cmocka_unit_test(deep_nesting_is_refused),
		cmocka_unit_test(json_parses_through_the_same_layer),
		cmocka_unit_test(spans_survive_every_line_break_and_width),
		cmocka_unit_test(aliases_within_budget_resolve),
		cmocka_unit_test(duplicate_keys_are_refused_in_small_and_large_maps),
		cmocka_unit_test(stream_reports_depth_and_keys),
		cmocka_unit_test(json_surrogate_escapes_parse_with_true_spans),
		cmocka_unit_test(stream_fails_with_positions_and_limits),
	};
	return cmocka_run_group_tests_name("doc", tests, NULL, NULL);
}
