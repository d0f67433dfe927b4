/* test_edit_liza.c — the editor on real Liza files: an operator's approve,
 * reject and note on a copy of examples/liza/state.yaml, and a log entry on
 * log.yaml, must change exactly the lines the transition names; a line diff
 * of the whole file proves every other line identical. */
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

#define TS "2026-01-20T10:20:00Z"

typedef struct lines {
	char **v;
	size_t n;
} lines;

static lines split(const char *s)
{
	lines l = { 0 };
	size_t cap = 0;
	while (*s) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		if (l.n == cap) {
			cap = cap ? cap * 2 : 64;
			l.v = realloc(l.v, cap * sizeof *l.v);
		}
		l.v[l.n] = malloc(n + 1);
		memcpy(l.v[l.n], s, n);
		l.v[l.n++][n] = '\0';
		s += n + (e ? 1 : 0);
	}
	return l;
}

static void lines_free(lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

/* Longest common subsequence of lines; what is left over on each side is
 * what was removed and what was added, in order. Both must equal the lists
 * given (NULL-terminated). */
static void assert_line_diff(const char *old, const char *new, const char *const *removed,
                             const char *const *added)
{
	lines a = split(old), b = split(new);
	size_t w = b.n + 1;
	unsigned *t = calloc((a.n + 1) * w, sizeof *t);
	for (size_t i = a.n; i-- > 0;)
		for (size_t j = b.n; j-- > 0;)
			t[i * w + j] = strcmp(a.v[i], b.v[j]) == 0 ? t[(i + 1) * w + j + 1] + 1
			             : t[(i + 1) * w + j] > t[i * w + j + 1] ? t[(i + 1) * w + j] : t[i * w + j + 1];
	size_t i = 0, j = 0, r = 0, d = 0;
	while (i < a.n || j < b.n) {
		if (i < a.n && j < b.n && strcmp(a.v[i], b.v[j]) == 0) {
			i++, j++;
		} else if (j < b.n && (i == a.n || t[i * w + j + 1] >= t[(i + 1) * w + j])) {
			if (!added[d] || strcmp(added[d], b.v[j]) != 0)
				fail_msg("unexpected added line %zu: \"%s\" (expected \"%s\")", j + 1, b.v[j],
				         added[d] ? added[d] : "nothing");
			d++, j++;
		} else {
			if (!removed[r] || strcmp(removed[r], a.v[i]) != 0)
				fail_msg("unexpected removed line %zu: \"%s\" (expected \"%s\")", i + 1, a.v[i],
				         removed[r] ? removed[r] : "nothing");
			r++, i++;
		}
	}
	if (removed[r] || added[d])
		fail_msg("missing change: %s \"%s\"", removed[r] ? "removed" : "added", removed[r] ? removed[r] : added[d]);
	free(t);
	lines_free(&a);
	lines_free(&b);
}

static char *load_state(size_t *len)
{
	char *src = te_read_fixture("examples/liza/state.yaml", len);
	if (!src)
		fail_msg("cannot read examples/liza/state.yaml under $LW_FIXTURES or tests/fixtures");
	return src;
}

static void approve_changes_only_its_lines(void **state)
{
	(void)state;
	size_t len;
	char *src = load_state(&len);
	te_edit t;
	te_open(&t, src, len, ".liza/state.yaml");
	const doc_node *task = te_item(&t.d, "tasks", "hello-docs");
	assert_non_null(task);
	/* The approve row of the transition table, field for field. */
	assert_int_equal(edit_set_scalar(t.ed, task, "status", edit_str("APPROVED")), 0);
	assert_int_equal(edit_set_scalar(t.ed, task, "approved_by", edit_str("code-reviewer-2")), 0);
	assert_int_equal(edit_set_scalar(t.ed, task, "rejection_reason", edit_null()), 0);
	assert_int_equal(edit_set_scalar(t.ed, task, "reviewing_by", edit_null()), 0);
	assert_int_equal(edit_set_scalar(t.ed, task, "review_lease_expires", edit_null()), 0);
	edit_pair h[] = { { "time", edit_str(TS) }, { "event", edit_str("approved") },
	                  { "agent", edit_str("code-reviewer-2") } };
	assert_int_equal(edit_append_item(t.ed, task, "history", h, 3), 0);
	const char *out = te_apply(&t);

	static const char *const removed[] = {
		"    status: READY_FOR_REVIEW",
		"    reviewing_by: code-reviewer-1          # written by liza-agent.sh claim_reviewer_task (supervisor)",
		"    review_lease_expires: \"2026-01-20T10:40:00Z\"   # now + config.lease_duration (1800 s)",
		NULL,
	};
	static const char *const added[] = {
		"    status: APPROVED",
		"      - time: \"" TS "\"",
		"        event: approved",
		"        agent: code-reviewer-2",
		"    reviewing_by: null          # written by liza-agent.sh claim_reviewer_task (supervisor)",
		"    review_lease_expires: null   # now + config.lease_duration (1800 s)",
		"    approved_by: code-reviewer-2",
		"    rejection_reason: null",
		NULL,
	};
	assert_line_diff(src, out, removed, added);

	/* And the result reads as intended. */
	doc nd;
	lw_error err;
	assert_int_equal(doc_parse(&nd, out, t.out_len, "s", NULL, &err), 0);
	const doc_node *nt = te_item(&nd, "tasks", "hello-docs");
	assert_string_equal(doc_str(doc_get(nt, "status")), "APPROVED");
	assert_true(doc_is_null(doc_get(nt, "rejection_reason")));
	assert_non_null(doc_get(nt, "rejection_reason"));
	assert_int_equal(doc_len(doc_get(nt, "history")), 3);
	doc_free(&nd);
	te_close(&t);
	free(src);
}

static void reject_with_multiline_reason(void **state)
{
	(void)state;
	size_t len;
	char *src = load_state(&len);
	const char *reason = "Blockers: 1\n- [blocker] README.md:1 — no example for --name\n  Why: spec\n\nOverall: \"almost\"";
	te_edit t;
	te_open(&t, src, len, ".liza/state.yaml");
	const doc_node *task = te_item(&t.d, "tasks", "hello-docs");
	assert_int_equal(edit_set_scalar(t.ed, task, "status", edit_str("REJECTED")), 0);
	assert_int_equal(edit_set_scalar(t.ed, task, "rejection_reason", edit_str(reason)), 0);
	assert_int_equal(edit_set_scalar(t.ed, task, "reviewing_by", edit_null()), 0);
	assert_int_equal(edit_set_scalar(t.ed, task, "review_lease_expires", edit_null()), 0);
	edit_pair h[] = { { "time", edit_str(TS) }, { "event", edit_str("rejected") },
	                  { "agent", edit_str("human") }, { "reason", edit_str(reason) } };
	assert_int_equal(edit_append_item(t.ed, task, "history", h, 4), 0);
	const char *out = te_apply(&t);
	static const char *const removed[] = {
		"    status: READY_FOR_REVIEW",
		"    reviewing_by: code-reviewer-1          # written by liza-agent.sh claim_reviewer_task (supervisor)",
		"    review_lease_expires: \"2026-01-20T10:40:00Z\"   # now + config.lease_duration (1800 s)",
		NULL,
	};
	static const char *const added[] = {
		"    status: REJECTED",
		"      - time: \"" TS "\"",
		"        event: rejected",
		"        agent: human",
		"        reason: |-",
		"          Blockers: 1",
		"          - [blocker] README.md:1 — no example for --name",
		"            Why: spec",
		"",
		"          Overall: \"almost\"",
		"    reviewing_by: null          # written by liza-agent.sh claim_reviewer_task (supervisor)",
		"    review_lease_expires: null   # now + config.lease_duration (1800 s)",
		"    rejection_reason: |-",
		"      Blockers: 1",
		"      - [blocker] README.md:1 — no example for --name",
		"        Why: spec",
		"",
		"      Overall: \"almost\"",
		NULL,
	};
	assert_line_diff(src, out, removed, added);
	te_close(&t);
	free(src);
}

static void note_goes_into_human_notes(void **state)
{
	(void)state;
	size_t len;
	char *src = load_state(&len);
	te_edit t;
	te_open(&t, src, len, ".liza/state.yaml");
	edit_pair note[] = { { "timestamp", edit_str(TS) }, { "message", edit_str("check the: README") },
	                     { "for", edit_str("coder-1") } };
	assert_int_equal(edit_append_item(t.ed, t.d.root, "human_notes", note, 3), 0);
	const char *out = te_apply(&t);
	static const char *const removed[] = { "human_notes: []", NULL };
	static const char *const added[] = {
		"human_notes: [{timestamp: \"" TS "\", message: \"check the: README\", for: coder-1}]", NULL,
	};
	assert_line_diff(src, out, removed, added);
	te_close(&t);
	free(src);
}

static void log_entry_appended(void **state)
{
	(void)state;
	size_t len;
	char *src = te_read_fixture("examples/liza/log.yaml", &len);
	assert_non_null(src);
	te_edit t;
	te_open(&t, src, len, ".liza/log.yaml");
	edit_pair e[] = { { "timestamp", edit_str(TS) }, { "agent", edit_str("human") },
	                  { "action", edit_str("approved") }, { "task", edit_str("hello-docs") },
	                  { "detail", edit_str("Approved by operator") } };
	assert_int_equal(edit_append_root_item(t.ed, e, 5), 0);
	const char *out = te_apply(&t);
	assert_int_equal(memcmp(out, src, len), 0);
	assert_string_equal(out + len,
		"- timestamp: \"" TS "\"\n  agent: human\n  action: approved\n  task: hello-docs\n"
		"  detail: \"Approved by operator\"\n");
	te_close(&t);
	free(src);
}

/* The schema example writes history as flow mappings: a new entry must
 * follow suit, and only the status line may change besides. */
static void schema_example_flow_history(void **state)
{
	(void)state;
	size_t len;
	char *src = te_read_fixture("examples/liza/state.schema-example.yaml", &len);
	assert_non_null(src);
	te_edit t;
	te_open(&t, src, len, ".liza/state.yaml");
	const doc_node *task = te_item(&t.d, "tasks", "task-7");
	assert_non_null(task);
	assert_int_equal(edit_set_scalar(t.ed, task, "status", edit_str("BLOCKED")), 0);
	edit_pair h[] = { { "time", edit_str(TS) }, { "event", edit_str("blocked") },
	                  { "agent", edit_str("human") }, { "reason", edit_str("Two coders failed:\nrescope") } };
	assert_int_equal(edit_append_item(t.ed, task, "history", h, 4), 0);
	const char *out = te_apply(&t);
	static const char *const removed[] = { "    status: CLAIMED", NULL };
	static const char *const added[] = {
		"    status: BLOCKED",
		"      - { time: \"" TS "\", event: \"blocked\", agent: \"human\", reason: \"Two coders failed:\\nrescope\" }",
		NULL,
	};
	assert_line_diff(src, out, removed, added);
	te_close(&t);
	free(src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(approve_changes_only_its_lines),
		cmocka_unit_test(reject_with_multiline_reason),
		cmocka_unit_test(note_goes_into_human_notes),
		cmocka_unit_test(log_entry_appended),
		cmocka_unit_test(schema_example_flow_history),
	};
	return cmocka_run_group_tests_name("edit_liza", tests, NULL, NULL);
}
