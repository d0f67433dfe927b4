/* test_doc_patch.c — re-parsing one changed task must give exactly the tree a
 * full parse gives: every node's kind, style, span, line, column and text.
 * 10,000 randomized text edits (inside tasks, across task boundaries, at
 * column 0, breaking indentation, breaking the YAML) are applied in a chain;
 * after each, the patched tree (when the patch was taken) is compared node
 * by node with a full parse, and becomes the base of the next edit. */
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
#include "core/doc/doc_shared.h"
#include "core/util/strbuf.h"
#include "tests/unit/helper_mutate.h"

static void build_state(strbuf *b, int ntasks)
{
	strbuf_adds(b, "# a state for the patch test\nversion: 1\ngoal: {id: g1, status: IN_PROGRESS}\ntasks:\n");
	for (int t = 0; t < ntasks; t++) {
		strbuf_printf(b, "  # task %d\n  - id: t%d\n    description: \"Tâche n° %d — 日本\"\n", t, t, t);
		strbuf_printf(b, "    status: %s   # why not\n    iteration: %d\n", t % 2 ? "CLAIMED" : "MERGED", t % 9);
		strbuf_adds(b, "    history:\n      - time: \"2026-01-20T09:00:00Z\"\n        event: claimed\n");
		strbuf_adds(b, "    done_when: |\n      line one\n      line two\n\n");
	}
	strbuf_adds(b, "agents:\n  coder-1: {role: coder}\nconfig:\n  max_coder_iterations: 10\n");
}

static const char *const tokens[] = {
	"x", "\"quoted: yes\"", "'single'", "12", "null", "[a, b]", "{k: v}", "é日本", "# only a comment",
	"\"unterminated", ": bad", "- x", "\"\\u00e9\"", "true", "~", "",
};
static const char *const added[] = { "    note: added\n" };
static const tm_vocab vocab = { tokens, sizeof tokens / sizeof *tokens, added, 1 };

/* a is a node of da (patched or not), b of the full parse db: positions
 * are compared where each doc says they lie. */
static void same_tree(const doc *da, const doc_node *a, const doc *db, const doc_node *b, int step)
{
	if (!a || !b) {
		if (a != b)
			fail_msg("step %d: one tree is empty", step);
		return;
	}
	doc_pos pa = doc_where(da, a), pb = doc_where(db, b);
	if (a->kind != b->kind || a->style != b->style || pa.start != pb.start || pa.end != pb.end ||
	    pa.line != pb.line || pa.col != pb.col)
		fail_msg("step %d: node differs: kind %d/%d style %d/%d span %zu-%zu / %zu-%zu line %u/%u col %u/%u", step,
		         a->kind, b->kind, a->style, b->style, pa.start, pa.end, pb.start, pb.end, pa.line, pb.line,
		         pa.col, pb.col);
	if (a->kind == DOC_SCALAR) {
		if (a->u.scalar.len != b->u.scalar.len || memcmp(a->u.scalar.str, b->u.scalar.str, a->u.scalar.len))
			fail_msg("step %d: scalar text differs at line %u", step, a->line);
		return;
	}
	if (a->u.coll.count != b->u.coll.count)
		fail_msg("step %d: %zu children vs %zu at line %u", step, a->u.coll.count, b->u.coll.count, a->line);
	for (const doc_node *x = a->u.coll.first, *y = b->u.coll.first; x; x = x->next, y = y->next)
		same_tree(da, x, db, y, step);
}

/* d (a patch, or a doc patched from) still equals a fresh full parse of its own text. */
static void still_exact(const doc *d, int step)
{
	doc full;
	lw_error err;
	assert_int_equal(doc_parse(&full, d->src, d->len, "s.yaml", NULL, &err), 0);
	same_tree(d, d->root, &full, full.root, step);
	assert_int_equal(d->nodes, full.nodes);
	doc_free(&full);
}

static void patched_trees_equal_full_parses(void **state)
{
	(void)state;
	unsigned seed = getenv("LW_PATCH_SEED") ? (unsigned)atoi(getenv("LW_PATCH_SEED")) : 4242;
	int steps = getenv("LW_PATCH_STEPS") ? atoi(getenv("LW_PATCH_STEPS")) : 10000;
	strbuf cur, next;
	strbuf_init(&cur);
	strbuf_init(&next);
	build_state(&cur, 40);
	char *cur_buf = strbuf_detach(&cur, NULL);
	size_t cur_len = strlen(cur_buf);
	doc cur_doc;
	lw_error err;
	assert_int_equal(doc_parse(&cur_doc, cur_buf, cur_len, "s.yaml", NULL, &err), 0);
	int patched = 0, fell_back = 0, broken = 0;
	/* Now and then a doc that was patched from is kept a while longer, so
	 * shared nodes are freed in both orders and an old doc is seen to stay
	 * exact after its nodes were reused. */
	doc held = { 0 };
	char *held_buf = NULL;
	for (int step = 0; step < steps; step++) {
		strbuf in = { cur_buf, cur_len, cur_len + 1 };
		tm_mutate(&seed, &in, &next, &vocab);
		size_t len, item = 0;
		char *buf = strbuf_detach(&next, &len);
		doc full, inc;
		lw_error_clear(&err);
		int frc = doc_parse(&full, buf, len, "s.yaml", NULL, &err);
		const doc_node *old_tasks = doc_get(cur_doc.root, "tasks");
		int irc = doc_reparse_item(&inc, &cur_doc, old_tasks, buf, len, &item);
		if (irc == 0) {
			if (frc != 0)
				fail_msg("step %d: patched, yet the full parse fails: %s", step, err.msg);
			same_tree(&inc, inc.root, &full, full.root, step);
			assert_int_equal(inc.nodes, full.nodes);
			/* Reused, not copied: every other item's children are old's own. */
			size_t i = 0;
			for (const doc_node *x = doc_seq_first(old_tasks), *y = doc_seq_first(doc_get(inc.root, "tasks"));
			     x; x = x->next, y = y->next, i++)
				if (i != item && doc_is_map(x) && x->u.coll.first != y->u.coll.first)
					fail_msg("step %d: item %zu was copied, not shared", step, i);
			patched++;
		} else {
			fell_back++;
		}
		if (frc != 0 || !doc_get(full.root, "tasks") || !doc_is_seq(doc_get(full.root, "tasks"))) {
			/* Broken or reshaped beyond recognition: keep the old text for the next edit. */
			broken++;
			if (irc == 0)
				doc_free(&inc);
			doc_free(&full);
			free(buf);
			continue;
		}
		if (step % 97 == 0)
			still_exact(&cur_doc, step);
		if (irc == 0 && tm_rnd(&seed, 3) == 0) {
			doc_free(&held);
			free(held_buf);
			held = cur_doc;
			held_buf = cur_buf;
		} else {
			doc_free(&cur_doc);
			free(cur_buf);
		}
		if (held_buf && step % 13 == 0)
			still_exact(&held, step);
		cur_buf = buf;
		cur_len = len;
		/* Chain: the next edit patches the patched tree when there is one. */
		if (irc == 0) {
			cur_doc = inc;
			doc_free(&full);
		} else {
			cur_doc = full;
		}
	}
	still_exact(&cur_doc, steps);
	doc_free(&held);
	free(held_buf);
	print_message("patch test: %d edits, %d patched, %d full parses (%d broke the file)\n", steps, patched,
	              fell_back, broken);
	assert_true(patched > steps / 4);   /* the fast path is really taken */
	doc_free(&cur_doc);
	free(cur_buf);
	strbuf_free(&next);
}

/* Each patch keeps the item it replaced alive in an older share; a chain
 * of patches must give way to a full parse (which frees them all) before
 * that garbage outgrows its budget, however long the HUD runs. */
static void a_chain_of_patches_is_bounded(void **state)
{
	(void)state;
	strbuf b;
	strbuf_init(&b);
	build_state(&b, 400);
	size_t len;
	char *buf = strbuf_detach(&b, &len), *prev_buf = NULL;
	doc cur;
	lw_error err;
	assert_int_equal(doc_parse(&cur, buf, len, "s.yaml", NULL, &err), 0);
	size_t base = cur.mem.used_total;
	int patches = 0;
	for (;;) {
		/* The same task edited again and again, its value growing. */
		char *at = strstr(buf, "iteration: ");
		assert_non_null(at);
		strbuf_init(&b);
		strbuf_add(&b, buf, (size_t)(at - buf) + 11);
		strbuf_printf(&b, "%d", patches + 10);
		strbuf_adds(&b, strchr(at, '\n'));
		size_t nlen, item;
		char *next = strbuf_detach(&b, &nlen);
		doc d;
		if (doc_reparse_item(&d, &cur, doc_get(cur.root, "tasks"), next, nlen, &item) < 0) {
			free(next);
			break;
		}
		assert_int_equal(item, 0);
		still_exact(&d, patches);
		doc_free(&cur);
		free(prev_buf);
		prev_buf = buf;
		buf = next;
		cur = d;
		patches++;
		assert_true(patches < 100000);
	}
	print_message("chain test: %d patches, then a full parse\n", patches);
	/* Stopped by the budget: a quarter of the first parse plus 256 KiB. */
	assert_true(patches > 10);
	assert_true(cur.shared->patch_bytes <= base / 4 + 256 * 1024);
	doc_free(&cur);
	free(prev_buf);
	free(buf);
}

/* The "tasks" sequence of a root mapping, or a root sequence. */
static const doc_node *the_seq(const doc *d)
{
	const doc_node *t = doc_is_map(d->root) ? doc_get(d->root, "tasks") : d->root;
	return doc_is_seq(t) ? t : NULL;
}

/* Patch the parse of old_text into new_text: when the patch is taken, the
 * full parse of new_text must succeed and equal it. Returns whether it was
 * taken; *full_rc (when given) is the full parse's result. */
static bool patch_matches_full_parse(const char *old_text, const char *new_text, int tag, int *full_rc)
{
	doc old, full, inc;
	lw_error err;
	size_t item;
	assert_int_equal(doc_parse(&old, old_text, strlen(old_text), "s.yaml", NULL, &err), 0);
	int frc = doc_parse(&full, new_text, strlen(new_text), "s.yaml", NULL, &err);
	bool taken = doc_reparse_item(&inc, &old, the_seq(&old), new_text, strlen(new_text), &item) == 0;
	if (taken) {
		assert_int_equal(frc, 0);
		same_tree(&inc, inc.root, &full, full.root, tag);
		doc_free(&inc);
	}
	if (full_rc)
		*full_rc = frc;
	doc_free(&full);
	doc_free(&old);
	return taken;
}

/* The item lies one level deeper in the file than in the slice parsed
 * alone: nesting one level short of the limit in the slice is over it in
 * the file, and the patch must refuse what a full parse refuses. */
static void nesting_limit_as_in_a_full_parse(void **state)
{
	(void)state;
	strbuf b;
	strbuf_init(&b);
	build_state(&b, 10);
	char *old = strbuf_detach(&b, NULL), *at = strstr(old, "iteration: 5");
	assert_non_null(at);
	for (int depth = 252; depth <= 255; depth++) {
		strbuf_init(&b);
		strbuf_add(&b, old, (size_t)(at - old) + 11);
		for (int i = 0; i < depth; i++)
			strbuf_addc(&b, '[');
		for (int i = 0; i < depth; i++)
			strbuf_addc(&b, ']');
		strbuf_adds(&b, at + 12);
		char *next = strbuf_detach(&b, NULL);
		int frc;
		bool taken = patch_matches_full_parse(old, next, depth, &frc);
		assert_int_equal(frc, depth < 254 ? 0 : -1);
		assert_int_equal(taken, frc == 0);
		free(next);
	}
	free(old);
}

/* An edit of the line break that ends an item's last line (a comment
 * before the next item, here) joins the next item's dash line onto it: the
 * dash goes into the comment and the item is gone. The item's text alone
 * still parses, so the patch must see the join itself (found by fuzz_patch). */
static void a_joined_line_is_not_patched(void **state)
{
	(void)state;
	int frc;   /* "  # next7  - id: b": b's y joins a */
	patch_matches_full_parse("tasks:\n  - id: a\n    x: 1\n  # next\n  - id: b\n    y: 2\nagents: {}\n",
	                         "tasks:\n  - id: a\n    x: 1\n  # next7  - id: b\n    y: 2\nagents: {}\n", 0, &frc);
	assert_int_equal(frc, 0);
}

/* The next item's content may start on the line after its dash ("-" alone,
 * then "  k: v"): the item before it then ends at the dash's line, not at
 * the line its content starts on. Joining the two lines must not patch
 * (found by fuzz_patch: the full parse fails on it). */
static void a_dash_alone_ends_the_item_before(void **state)
{
	(void)state;   /* the line break typed over */
	patch_matches_full_parse("tasks:\n  - a\n  -\n    k: v\nz: 1\n", "tasks:\n  - a\"é\"  -\n    k: v\nz: 1\n", 0, NULL);
}

/* libyaml ends a line at a PS (U+2029) as at a LF: a PS on the last item's
 * last line ends the sequence there, so that line is the item's though no
 * LF starts the next one (found by fuzz_patch: the line was left out). */
static void a_paragraph_separator_ends_a_line(void **state)
{
	(void)state;
	int frc;
	patch_matches_full_parse("tasks:\n  - id: a\n  - id: b\n    e: c\xe2\x80\xa9" "d: g\nz: 1\n",
	                         "tasks:\n  - id: a\n  - id: bb\n    e: c\xe2\x80\xa9" "d: g\nz: 1\n", 0, &frc);
	assert_int_equal(frc, 0);
}

/* An explicit key ("? k") with no value at the end of an item: libyaml
 * places the empty value on the next token, the next item's dash, after
 * any comment lines; in the slice it lies at the slice's end (found by
 * fuzz_patch). */
static void an_empty_value_ends_on_the_next_token(void **state)
{
	(void)state;
	assert_true(patch_matches_full_parse("tasks:\n  - id: a\n    k: v\n  # c\n\n  - id: b\nz: 1\n",
	                                     "tasks:\n  - id: a\n    ? k\n  # c\n\n  - id: b\nz: 1\n", 0, NULL));
	/* The same at the end of a text whose last line has no line break:
	 * libyaml puts the empty value at the start of the line after it. */
	assert_true(patch_matches_full_parse("- id: a\n  k: v", "- id: a\n  ? k", 1, NULL));
	/* But an empty item after a last "-" is placed after the dash. */
	patch_matches_full_parse("- ", "-", 2, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(patched_trees_equal_full_parses),
		cmocka_unit_test(a_chain_of_patches_is_bounded),
		cmocka_unit_test(nesting_limit_as_in_a_full_parse),
		cmocka_unit_test(a_joined_line_is_not_patched),
		cmocka_unit_test(a_dash_alone_ends_the_item_before),
		cmocka_unit_test(a_paragraph_separator_ends_a_line),
		cmocka_unit_test(an_empty_value_ends_on_the_next_token),
	};
	return cmocka_run_group_tests_name("doc_patch", tests, NULL, NULL);
}
