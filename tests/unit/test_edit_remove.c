/* test_edit_remove.c — items taken out of flow sequences (edit_remove_item),
 * byte for byte: the item and one separator go, everything else stays. */
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

static const char pretty[] =
	"{\n"
	"  \"active_skills\": [\n"
	"    {\"skill\": \"team\", \"active\": true},\n"
	"    {\"skill\": \"forge\", \"active\": true},\n"
	"    {\"skill\": \"ultrawork\", \"active\": true}\n"
	"  ],\n"
	"  \"x\": 1\n"
	"}\n";

/* Remove the items of root[key] whose bit is set in mask; want the output. */
static void remove_mask(const char *src, const char *key, unsigned mask, const char *want)
{
	te_edit t;
	te_open(&t, src, strlen(src), "s.json");
	const doc_node *seq = doc_get(t.d.root, key);
	unsigned bit = 1;
	for (const doc_node *i = doc_seq_first(seq); i; i = i->next, bit <<= 1)
		if (mask & bit)
			assert_int_equal(edit_remove_item(t.ed, seq, i), 0);
	assert_string_equal(te_apply(&t), want);
	te_close(&t);
}

static void json_pretty_every_position(void **state)
{
	(void)state;
	const char *head = "{\n  \"active_skills\": [\n", *tail = "  ],\n  \"x\": 1\n}\n";
	const char *team = "    {\"skill\": \"team\", \"active\": true}", *forge = "    {\"skill\": \"forge\", \"active\": true}",
		   *ultra = "    {\"skill\": \"ultrawork\", \"active\": true}";
	char want[600];
	snprintf(want, sizeof want, "%s%s,\n%s\n%s", head, forge, ultra, tail);
	remove_mask(pretty, "active_skills", 1, want);                 /* first */
	snprintf(want, sizeof want, "%s%s,\n%s\n%s", head, team, ultra, tail);
	remove_mask(pretty, "active_skills", 2, want);                 /* middle */
	snprintf(want, sizeof want, "%s%s,\n%s\n%s", head, team, forge, tail);
	remove_mask(pretty, "active_skills", 4, want);                 /* last */
	snprintf(want, sizeof want, "%s%s\n%s", head, ultra, tail);
	remove_mask(pretty, "active_skills", 3, want);                 /* a run, then a kept item */
	snprintf(want, sizeof want, "%s%s\n%s", head, team, tail);
	remove_mask(pretty, "active_skills", 6, want);                 /* a run to the end */
	snprintf(want, sizeof want, "%s%s\n%s", head, forge, tail);
	remove_mask(pretty, "active_skills", 5, want);                 /* two runs */
	remove_mask(pretty, "active_skills", 7, "{\n  \"active_skills\": [],\n  \"x\": 1\n}\n");   /* all */
}

static void json_compact_and_yaml_flow(void **state)
{
	(void)state;
	remove_mask("{\"l\":[1,2,3],\"m\":[]}", "l", 2, "{\"l\":[1,3],\"m\":[]}");
	remove_mask("{\"l\":[1,2,3],\"m\":[]}", "l", 4, "{\"l\":[1,2],\"m\":[]}");
	remove_mask("{\"l\":[1,2,3],\"m\":[]}", "l", 7, "{\"l\":[],\"m\":[]}");
	remove_mask("{\"l\":[\"a\"]}", "l", 1, "{\"l\":[]}");
	/* YAML: a flow sequence in a block mapping, comments and CRLF kept */
	remove_mask("# c\r\ntags: [a, b, c]   # why\r\nn: 1\r\n", "tags", 2, "# c\r\ntags: [a, c]   # why\r\nn: 1\r\n");
	remove_mask("tags: [ a , {k: v} ]\n", "tags", 2, "tags: [ a ]\n");
}

/* With other edits in the same change, in the same file. */
static void with_other_edits(void **state)
{
	(void)state;
	te_edit t;
	te_open(&t, pretty, strlen(pretty), "s.json");
	const doc_node *seq = doc_get(t.d.root, "active_skills");
	const doc_node *forge = doc_seq_first(seq)->next;
	assert_int_equal(edit_remove_item(t.ed, seq, forge), 0);
	assert_int_equal(edit_set_scalar(t.ed, doc_seq_first(seq), "active", edit_bool(false)), 0);
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "x", edit_int(2)), 0);
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "updated_at", edit_str("now")), 0);
	assert_string_equal(te_apply(&t),
		"{\n"
		"  \"active_skills\": [\n"
		"    {\"skill\": \"team\", \"active\": false},\n"
		"    {\"skill\": \"ultrawork\", \"active\": true}\n"
		"  ],\n"
		"  \"x\": 2,\n"
		"  \"updated_at\": \"now\"\n"
		"}\n");
	te_close(&t);
}

static void refusals(void **state)
{
	(void)state;
	char m[700];
	te_edit t;
	const char *src = "block:\n  - a\n  - b\nflow: &f [a, b]\nother: [x]\nl: [1, 2]\n";
	te_open(&t, src, strlen(src), "r.yaml");
	const doc_node *block = doc_get(t.d.root, "block"), *flow = doc_get(t.d.root, "flow"),
		       *other = doc_get(t.d.root, "other"), *l = doc_get(t.d.root, "l");
	assert_int_equal(edit_remove_item(t.ed, block, doc_seq_first(block)), -1);
	lw_error_format(&t.err, m, sizeof m);
	assert_string_equal(m, "r.yaml:2:3: removing an item from a block sequence is not supported; only [ ... ] sequences");
	te_close(&t);

	te_open(&t, src, strlen(src), "r.yaml");
	flow = doc_get(t.d.root, "flow");
	assert_int_equal(edit_remove_item(t.ed, flow, doc_seq_first(flow)), -1);
	assert_non_null(strstr(lw_error_format(&t.err, m, sizeof m), "carries an anchor"));
	te_close(&t);

	te_open(&t, src, strlen(src), "r.yaml");
	other = doc_get(t.d.root, "other");
	l = doc_get(t.d.root, "l");
	assert_int_equal(edit_remove_item(t.ed, l, doc_seq_first(other)), -1);
	assert_non_null(strstr(lw_error_format(&t.err, m, sizeof m), "not in this sequence"));
	te_apply_fails(&t, m, sizeof m);   /* a refused edit refuses the change */
	te_close(&t);

	te_open(&t, src, strlen(src), "r.yaml");
	l = doc_get(t.d.root, "l");
	assert_int_equal(edit_remove_item(t.ed, l, doc_seq_first(l)), 0);
	assert_int_equal(edit_remove_item(t.ed, l, doc_seq_first(l)), -1);
	assert_non_null(strstr(lw_error_format(&t.err, m, sizeof m), "removed twice"));
	te_close(&t);

	te_open(&t, src, strlen(src), "r.yaml");
	l = doc_get(t.d.root, "l");
	assert_int_equal(edit_remove_item(t.ed, l, doc_seq_first(l)), 0);
	assert_int_equal(edit_append_scalar(t.ed, t.d.root, "l", edit_int(3)), 0);
	assert_non_null(strstr(te_apply_fails(&t, m, sizeof m), "appended to and have items removed"));
	te_close(&t);

	/* An edit inside the removed item overlaps its removal. */
	const char *j = "{\"l\": [{\"a\": 1}, {\"a\": 2}]}";
	te_open(&t, j, strlen(j), "j.json");
	l = doc_get(t.d.root, "l");
	assert_int_equal(edit_remove_item(t.ed, l, doc_seq_first(l)), 0);
	assert_int_equal(edit_set_scalar(t.ed, doc_seq_first(l), "a", edit_int(5)), 0);
	assert_non_null(strstr(te_apply_fails(&t, m, sizeof m), "overlaps"));
	te_close(&t);
}

/* The verification counts the items left: a splice that puts one back is
 * refused, not written. */
static void verify_counts_the_items_left(void **state)
{
	(void)state;
	char m[700];
	te_edit t;
	const char *src = "{\"l\": [1, 2, 3]}";
	te_open(&t, src, strlen(src), "v.json");
	const doc_node *l = doc_get(t.d.root, "l");
	assert_int_equal(edit_remove_item(t.ed, l, doc_seq_first(l)->next), 0);
	assert_int_equal(edit_splice_raw(t.ed, 7, 7, "9, "), 0);
	assert_non_null(strstr(te_apply_fails(&t, m, sizeof m), "should hold 2 items, holds 3"));
	te_close(&t);
	te_open(&t, src, strlen(src), "v.json");
	l = doc_get(t.d.root, "l");
	assert_int_equal(edit_remove_item(t.ed, l, doc_seq_first(l)), 0);
	assert_int_equal(edit_splice_raw(t.ed, 13, 14, "4"), 0);   /* 3 -> 4 */
	assert_non_null(strstr(te_apply_fails(&t, m, sizeof m), "the value changed"));
	te_close(&t);
}

/* ---- randomized: any layout, any subset ---- */

static unsigned long long rng = 88172645463325252ULL;
static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void gap(strbuf *b, bool yaml)
{
	static const char *const gaps[] = { "", " ", "  ", "\n", "\n    ", "\r\n  ", "\t" };
	strbuf_adds(b, gaps[rnd(7)]);
	if (yaml && rnd(6) == 0)
		strbuf_adds(b, " # note\n  ");
}

static void value(strbuf *b, bool yaml, int depth)
{
	static const char *const scalars[] = { "1", "-2.5", "true", "null", "\"x\"", "\"a, b]\"", "\"\\u00e9\"",
		                               "\"[{,}]\"" };
	static const char *const plain[] = { "a", "b c", "'q, ]'", "~" };
	unsigned k = depth > 1 ? 0 : rnd(4);
	if (k == 2) {   /* an object */
		strbuf_addc(b, '{');
		gap(b, false);
		strbuf_adds(b, "\"k\": ");
		value(b, yaml, depth + 1);
		if (rnd(2)) {
			strbuf_adds(b, ", \"j\":");
			value(b, yaml, depth + 1);
		}
		gap(b, false);
		strbuf_addc(b, '}');
	} else if (k == 3) {   /* an array */
		strbuf_addc(b, '[');
		for (unsigned i = 0, n = rnd(3); i < n; i++) {
			if (i)
				strbuf_addc(b, ',');
			gap(b, false);
			value(b, yaml, depth + 1);
		}
		strbuf_addc(b, ']');
	} else {
		strbuf_adds(b, yaml && rnd(2) ? plain[rnd(4)] : scalars[rnd(8)]);
	}
}

static void randomized_removals_keep_every_other_byte(void **state)
{
	(void)state;
	for (int round = 0; round < 3000; round++) {
		bool yaml = rnd(3) == 0;
		strbuf b;
		strbuf_init(&b);
		strbuf_adds(&b, yaml ? "# top\na: 1\nl: [" : "{\"a\": 1, \"l\": [");
		unsigned n = 1 + rnd(6);
		for (unsigned i = 0; i < n; i++) {
			gap(&b, yaml);
			value(&b, yaml, 0);
			gap(&b, yaml);
			if (i + 1 < n)
				strbuf_addc(&b, ',');
		}
		strbuf_adds(&b, yaml ? "]  # after\nz: [2]\n" : "],\n \"z\": [2]}\n");
		te_edit t;
		te_open(&t, b.buf, b.len, yaml ? "r.yaml" : "r.json");
		const doc_node *seq = doc_get(t.d.root, "l");
		assert_int_equal(seq->u.coll.count, n);
		unsigned mask = 1 + rnd((1u << n) - 1);
		/* the kept items' own bytes, in order */
		strbuf kept;
		strbuf_init(&kept);
		strbuf_adds(&kept, "");
		unsigned bit = 1;
		for (const doc_node *i = seq->u.coll.first; i; i = i->next, bit <<= 1) {
			if (mask & bit)
				assert_int_equal(edit_remove_item(t.ed, seq, i), 0);
			else
				strbuf_printf(&kept, "<%.*s>", (int)(i->end - i->start), t.src + i->start);
		}
		const char *out = te_apply(&t);
		/* Before '[' and after ']': the same bytes. */
		size_t open = (size_t)(strchr(b.buf + (yaml ? 11 : 0), '[') - b.buf);
		size_t close = seq->end;
		assert_memory_equal(out, b.buf, open + 1);
		size_t tail = b.len - close, out_len = strlen(out);
		assert_true(out_len >= tail);
		assert_memory_equal(out + out_len - tail, b.buf + close, tail);
		/* In between: the kept items, byte for byte. */
		doc nd;
		lw_error err;
		assert_int_equal(doc_parse(&nd, out, out_len, "new", NULL, &err), 0);
		const doc_node *ns = doc_get(nd.root, "l");
		strbuf got;
		strbuf_init(&got);
		strbuf_adds(&got, "");
		for (const doc_node *i = ns->u.coll.first; i; i = i->next)
			strbuf_printf(&got, "<%.*s>", (int)(i->end - i->start), out + i->start);
		if (strcmp(got.buf, kept.buf) != 0) {
			print_error("from:\n%s\nmask %x gave:\n%s\n", b.buf, mask, out);
			assert_string_equal(got.buf, kept.buf);
		}
		doc_free(&nd);
		strbuf_free(&got);
		strbuf_free(&kept);
		te_close(&t);
		strbuf_free(&b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(json_pretty_every_position),
		cmocka_unit_test(json_compact_and_yaml_flow),
		cmocka_unit_test(with_other_edits),
		cmocka_unit_test(refusals),
		cmocka_unit_test(verify_counts_the_items_left),
		cmocka_unit_test(randomized_removals_keep_every_other_byte),
	};
	return cmocka_run_group_tests_name("edit_remove", tests, NULL, NULL);
}
