/* test_doc_patch.c — re-parsing one changed task must give exactly the tree a
 * full parse gives: every node's kind, style, span, line, column and text.
 * 10,000 randomized text edits (inside tasks, across task boundaries, at
 * column 0, breaking indentation, breaking the YAML) are applied in a chain;
 * after each, the patched tree (when the patch was taken) is compared node
 * by node with a full parse, and becomes the base of the next edit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/doc.h"
#include "core/strbuf.h"

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

static unsigned rnd(unsigned *seed, unsigned n) { return (unsigned)rand_r(seed) % n; }

/* Line starts of buf, for picking lines to edit. */
static size_t lines_of(const char *s, size_t len, size_t *starts, size_t max)
{
	size_t n = 0;
	starts[n++] = 0;
	for (size_t i = 0; i < len && n < max; i++)
		if (s[i] == '\n' && i + 1 < len)
			starts[n++] = i + 1;
	return n;
}

static const char *const tokens[] = {
	"x", "\"quoted: yes\"", "'single'", "12", "null", "[a, b]", "{k: v}", "é日本", "# only a comment",
	"\"unterminated", ": bad", "- x", "\"\\u00e9\"", "true", "~", "",
};

/* One random edit of text into out. */
static void mutate(unsigned *seed, const strbuf *in, strbuf *out)
{
	size_t starts[8192];
	size_t n = lines_of(in->buf, in->len, starts, 8192);
	size_t li = 1 + rnd(seed, (unsigned)n - 1);
	size_t ls = starts[li], le = li + 1 < n ? starts[li + 1] : in->len;
	const char *line = in->buf + ls;
	size_t ll = le - ls;
	strbuf_reset(out);
	strbuf_add(out, in->buf, ls);
	switch (rnd(seed, 10)) {
	case 0: case 1: case 2: {   /* a new value after the first ": " */
		const char *colon = memchr(line, ':', ll);
		if (colon && (size_t)(colon - line) + 1 < ll && colon[1] == ' ') {
			strbuf_add(out, line, (size_t)(colon - line) + 2);
			strbuf_adds(out, tokens[rnd(seed, sizeof tokens / sizeof *tokens)]);
			strbuf_addc(out, '\n');
		} else {
			strbuf_add(out, line, ll);
		}
		break;
	}
	case 3:   /* a new key, at the task's indentation */
		strbuf_add(out, line, ll);
		strbuf_adds(out, "    note: added\n");
		break;
	case 4:   /* a new history item */
		strbuf_add(out, line, ll);
		strbuf_adds(out, "      - time: \"2026-01-20T10:00:00Z\"\n        event: approved\n");
		break;
	case 5:   /* delete the line */
		break;
	case 6:   /* a comment, indented or at column 0 */
		strbuf_add(out, line, ll);
		strbuf_adds(out, rnd(seed, 2) ? "    # a note\n" : "# column zero\n");
		break;
	case 7:   /* dedent the line by two */
		strbuf_add(out, ll > 2 && line[0] == ' ' && line[1] == ' ' ? line + 2 : line, ll > 2 && line[0] == ' ' ? ll - 2 : ll);
		break;
	case 8:   /* a key at column 0 inside the tasks */
		strbuf_add(out, line, ll);
		strbuf_adds(out, "extra: 1\n");
		break;
	default:  /* a character typed in the middle of the line */
		strbuf_add(out, line, ll / 2);
		strbuf_addc(out, "a:# -'\"[{"[rnd(seed, 9)]);
		strbuf_add(out, line + ll / 2, ll - ll / 2);
		break;
	}
	strbuf_add(out, in->buf + le, in->len - le);
}

static void same_tree(const doc_node *a, const doc_node *b, int step)
{
	if (!a || !b) {
		if (a != b)
			fail_msg("step %d: one tree is empty", step);
		return;
	}
	if (a->kind != b->kind || a->style != b->style || a->start != b->start || a->end != b->end ||
	    a->line != b->line || a->col != b->col)
		fail_msg("step %d: node differs: kind %d/%d style %d/%d span %zu-%zu / %zu-%zu line %u/%u col %u/%u", step,
		         a->kind, b->kind, a->style, b->style, a->start, a->end, b->start, b->end, a->line, b->line,
		         a->col, b->col);
	if (a->kind == DOC_SCALAR) {
		if (a->u.scalar.len != b->u.scalar.len || memcmp(a->u.scalar.str, b->u.scalar.str, a->u.scalar.len))
			fail_msg("step %d: scalar text differs at line %u", step, a->line);
		return;
	}
	if (a->u.coll.count != b->u.coll.count)
		fail_msg("step %d: %zu children vs %zu at line %u", step, a->u.coll.count, b->u.coll.count, a->line);
	for (const doc_node *x = a->u.coll.first, *y = b->u.coll.first; x; x = x->next, y = y->next)
		same_tree(x, y, step);
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
	for (int step = 0; step < steps; step++) {
		strbuf in = { cur_buf, cur_len, cur_len + 1 };
		mutate(&seed, &in, &next);
		size_t len;
		char *buf = strbuf_detach(&next, &len);
		doc full, inc;
		lw_error_clear(&err);
		int frc = doc_parse(&full, buf, len, "s.yaml", NULL, &err);
		int irc = doc_reparse_item(&inc, &cur_doc, doc_get(cur_doc.root, "tasks"), buf, len);
		if (irc == 0) {
			if (frc != 0)
				fail_msg("step %d: patched, yet the full parse fails: %s", step, err.msg);
			same_tree(inc.root, full.root, step);
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
		doc_free(&cur_doc);
		free(cur_buf);
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
	print_message("patch test: %d edits, %d patched, %d full parses (%d broke the file)\n", steps, patched,
	              fell_back, broken);
	assert_true(patched > steps / 4);   /* the fast path is really taken */
	doc_free(&cur_doc);
	free(cur_buf);
	strbuf_free(&next);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(patched_trees_equal_full_parses),
	};
	return cmocka_run_group_tests_name("doc_patch", tests, NULL, NULL);
}
