/* test_edit.c — the editor, byte for byte: every test states the whole
 * expected output, so a stray space, a lost comment or a bare LF in a CRLF
 * file fails it. */
/* make valgrind: run under memcheck */
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

/* Set root[key] = v in src; the output must be want. */
static void set_root(const char *src, const char *key, edit_value v, const char *want)
{
	te_edit t;
	te_open(&t, src, strlen(src), "t.yaml");
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, key, v), 0);
	assert_string_equal(te_apply(&t), want);
	te_close(&t);
}

static const edit_pair approved_item[] = {
	{ "time", { .kind = EDIT_STR, .str = TS, .len = sizeof TS - 1 } },
	{ "event", { .kind = EDIT_STR, .str = "approved", .len = 8 } },
	{ "agent", { .kind = EDIT_STR, .str = "code-reviewer-2", .len = 15 } },
};

/* ---- replacing values ---- */

static void replaces_plain_keeping_comment(void **state)
{
	(void)state;
	set_root("a: 1\nstatus: READY_FOR_REVIEW   # comment\nb: x\n", "status", edit_str("APPROVED"),
	         "a: 1\nstatus: APPROVED   # comment\nb: x\n");
	set_root("status: READY_FOR_REVIEW#not-a-comment\n", "status", edit_str("APPROVED"),
	         "status: APPROVED\n");
}

static void replaces_single_quoted(void **state)
{
	(void)state;
	set_root("scope: 'IN: README. OUT: code.'  # c\n", "scope", edit_str("IN: docs, it's"),
	         "scope: 'IN: docs, it''s'  # c\n");
	/* Single quotes cannot hold a newline on one line: double quotes instead. */
	set_root("scope: 'x'  # c\n", "scope", edit_str("a\nb"), "scope: \"a\\nb\"  # c\n");
}

static void replaces_double_quoted(void **state)
{
	(void)state;
	set_root("lease: \"2026-01-20T10:31:00Z\"   # lease\n", "lease", edit_str(TS),
	         "lease: \"" TS "\"   # lease\n");
	/* A double-quoted value stays double-quoted even when plain would do. */
	set_root("who: \"coder-1\"\n", "who", edit_str("coder-2"), "who: \"coder-2\"\n");
}

static void replaces_null_and_writes_null(void **state)
{
	(void)state;
	set_root("reviewing_by: null              # cleared\nx: 1\n", "reviewing_by", edit_str("code-reviewer-2"),
	         "reviewing_by: code-reviewer-2              # cleared\nx: 1\n");
	set_root("reviewing_by: code-reviewer-1          # set\n", "reviewing_by", edit_null(),
	         "reviewing_by: null          # set\n");
	set_root("a: ~\n", "a", edit_int(-42), "a: -42\n");
	set_root("a: \"x\"\n", "a", edit_bool(true), "a: true\n");
	set_root("a: 'x'\n", "a", edit_null(), "a: null\n");
}

static void replaces_empty_values(void **state)
{
	(void)state;
	set_root("f:\ng: 1\n", "f", edit_str("x"), "f: x\ng: 1\n");
	set_root("f:   # c\ng: 1\n", "f", edit_str("x y"), "f: x y   # c\ng: 1\n");
	set_root("f:", "f", edit_str("x"), "f: x");
}

static void replaces_block_literal(void **state)
{
	(void)state;
	const char *src =
		"done_when: |-\n"
		"  python -m hello prints 'Hello'\n"
		"  and exits 0\n"
		"\n"
		"next: 1\n";
	/* Multi-line stays a literal, with the old indentation and chomping
	 * chosen for the new text; the blank line after it stays. */
	set_root(src, "done_when", edit_str("line one\n  indented two"),
	         "done_when: |-\n  line one\n    indented two\n\nnext: 1\n");
	set_root(src, "done_when", edit_str("ends with newline\nyes\n"),
	         "done_when: |\n  ends with newline\n  yes\n\nnext: 1\n");
	set_root(src, "done_when", edit_str("one line"), "done_when: one line\n\nnext: 1\n");
	/* The literal of a nested key keeps its own deeper indentation. */
	set_root("a: 1\nreason: |\n      deep\n", "reason", edit_str("x\ny"), "a: 1\nreason: |-\n      x\n      y\n");
	/* A plain value given newlines becomes a literal block when nothing
	 * follows it on its line; with a comment there, an escaped string. */
	set_root("r: null\n", "r", edit_str("a\nb"), "r: |-\n  a\n  b\n");
	set_root("r: null # why\n", "r", edit_str("a\nb"), "r: \"a\\nb\" # why\n");
	/* Folded becomes literal: folding would change the text. */
	set_root("r: >-\n  a\n  b\n", "r", edit_str("x\ny"), "r: |-\n  x\n  y\n");
}

static void replaces_collections_with_scalars(void **state)
{
	(void)state;
	set_root("k:\n  a: 1\n  b: [2]\n# keep\nnext: 1\n", "k", edit_str("x"), "k: x\n# keep\nnext: 1\n");
	set_root("k: [a, b]  # c\nn: 1\n", "k", edit_null(), "k: null  # c\nn: 1\n");
	set_root("k: {a: 1}\n", "k", edit_str("v"), "k: v\n");
	set_root("a: &x 1\nk: *x\n", "k", edit_str("v"), "a: &x 1\nk: v\n");
}

/* ---- adding keys ---- */

static const char *two_tasks =
	"tasks:\n"
	"  - id: t1\n"
	"    status: READY_FOR_REVIEW\n"
	"    history:\n"
	"      - time: \"2026-01-20T10:01:00Z\"\n"
	"        event: claimed   # first\n"
	"\n"
	"  # the second task\n"
	"  - id: t2\n"
	"    status: DRAFT\n";

static void adds_key_before_next_item(void **state)
{
	(void)state;
	te_edit t;
	te_open(&t, two_tasks, strlen(two_tasks), "s.yaml");
	const doc_node *t1 = te_item(&t.d, "tasks", "t1");
	assert_int_equal(edit_set_scalar(t.ed, t1, "rejection_reason", edit_null()), 0);
	assert_int_equal(edit_set_scalar(t.ed, t1, "approved_by", edit_str("code-reviewer-2")), 0);
	assert_string_equal(te_apply(&t),
		"tasks:\n"
		"  - id: t1\n"
		"    status: READY_FOR_REVIEW\n"
		"    history:\n"
		"      - time: \"2026-01-20T10:01:00Z\"\n"
		"        event: claimed   # first\n"
		"    rejection_reason: null\n"
		"    approved_by: code-reviewer-2\n"
		"\n"
		"  # the second task\n"
		"  - id: t2\n"
		"    status: DRAFT\n");
	te_close(&t);
}

static void adds_key_at_eof_without_newline(void **state)
{
	(void)state;
	set_root("a: 1\nb: x", "c", edit_str("yy"), "a: 1\nb: x\nc: yy");
	set_root("a: 1\nb: x\n", "c", edit_str("multi\nline"), "a: 1\nb: x\nc: |-\n  multi\n  line\n");
	/* With no line break to end it, a literal cannot close: quoted instead. */
	set_root("a: 1", "c", edit_str("multi\nline"), "a: 1\nc: \"multi\\nline\"");
	set_root("a:\n  b: 1\n  c:\n    d: 2", "z", edit_int(3), "a:\n  b: 1\n  c:\n    d: 2\nz: 3");
}

static void adds_keys_in_nested_maps_at_one_point(void **state)
{
	(void)state;
	const char *src = "outer:\n  inner:\n    a: 1\n";
	te_edit t;
	te_open(&t, src, strlen(src), "n.yaml");
	/* Recorded shallow first; the deeper key must still land in its map. */
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "top", edit_str("x")), 0);
	assert_int_equal(edit_set_scalar(t.ed, doc_get(t.d.root, "outer"), "mid", edit_str("yy")), 0);
	assert_int_equal(edit_set_scalar(t.ed, doc_get(doc_get(t.d.root, "outer"), "inner"), "b", edit_int(2)), 0);
	assert_string_equal(te_apply(&t), "outer:\n  inner:\n    a: 1\n    b: 2\n  mid: yy\ntop: x\n");
	te_close(&t);
}

static void adds_key_after_keep_literal(void **state)
{
	(void)state;
	set_root("a: |+\n  text\n\nb: 1\n", "c", edit_str("x"), "a: |+\n  text\n\nb: 1\nc: x\n");
	set_root("b: 1\na: |+\n  text\n\n", "c", edit_str("x"), "b: 1\na: |+\n  text\n\nc: x\n");
}

/* ---- CRLF and UTF-8 ---- */

static void crlf_stays_crlf(void **state)
{
	(void)state;
	const char *src =
		"tasks:\r\n"
		"  - id: t1\r\n"
		"    status: READY_FOR_REVIEW  # c\r\n"
		"    history:\r\n"
		"      - time: \"2026-01-20T10:01:00Z\"\r\n"
		"        event: claimed\r\n"
		"\r\n"
		"  - id: t2\r\n";
	te_edit t;
	te_open(&t, src, strlen(src), "crlf.yaml");
	const doc_node *t1 = te_item(&t.d, "tasks", "t1");
	assert_int_equal(edit_set_scalar(t.ed, t1, "status", edit_str("REJECTED")), 0);
	assert_int_equal(edit_set_scalar(t.ed, t1, "rejection_reason", edit_str("no tests\nat all")), 0);
	edit_pair item[] = { { "time", edit_str(TS) }, { "event", edit_str("rejected") },
	                     { "reason", edit_str("no tests\nat all") } };
	assert_int_equal(edit_append_item(t.ed, t1, "history", item, 3), 0);
	const char *out = te_apply(&t);
	assert_string_equal(out,
		"tasks:\r\n"
		"  - id: t1\r\n"
		"    status: REJECTED  # c\r\n"
		"    history:\r\n"
		"      - time: \"2026-01-20T10:01:00Z\"\r\n"
		"        event: claimed\r\n"
		"      - time: \"" TS "\"\r\n"
		"        event: rejected\r\n"
		"        reason: |-\r\n"
		"          no tests\r\n"
		"          at all\r\n"
		"    rejection_reason: |-\r\n"
		"      no tests\r\n"
		"      at all\r\n"
		"\r\n"
		"  - id: t2\r\n");
	for (const char *p = out; (p = strchr(p, '\n')); p++)
		assert_true(p > out && p[-1] == '\r');
	te_close(&t);

	/* A CRLF file without a final line break gets CRLF before the new key. */
	set_root("a: 1\r\nb: 2", "c", edit_int(3), "a: 1\r\nb: 2\r\nc: 3");
}

static void utf8_before_and_inside(void **state)
{
	(void)state;
	set_root("description: \"héllo — 日本\"\nstatus: READY   # ç\nz: ünï\n", "status", edit_str("日本語 ✓ — ok"),
	         "description: \"héllo — 日本\"\nstatus: 日本語 ✓ — ok   # ç\nz: ünï\n");
	set_root("d: 日本\ns: \"é\"\n", "s", edit_str("😀 \"q\""), "d: 日本\ns: \"😀 \\\"q\\\"\"\n");
	set_root("d: 日本\n", "e", edit_str("ü"), "d: 日本\ne: ü\n");
}

static void bom_and_lone_cr(void **state)
{
	(void)state;
	/* A byte order mark is not indentation: the new key goes to column 0. */
	set_root("\xEF\xBB\xBF" "a: 1\nb: 2\n", "c", edit_int(3), "\xEF\xBB\xBF" "a: 1\nb: 2\nc: 3\n");
	/* Old Mac line ends are line ends too. */
	set_root("a:\r  b: 1\rc: 2\r", "d", edit_int(3), "a:\r  b: 1\rc: 2\rd: 3\r");
	te_edit t;
	const char *src = "a:\r  b: 1\rc: 2";
	te_open(&t, src, strlen(src), "cr.yaml");
	assert_int_equal(edit_set_scalar(t.ed, doc_get(t.d.root, "a"), "x", edit_int(3)), 0);
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "d", edit_int(4)), 0);
	assert_string_equal(te_apply(&t), "a:\r  b: 1\r  x: 3\rc: 2\rd: 4");
	te_close(&t);
}

/* ---- flow style ---- */

static void flow_task_mapping(void **state)
{
	(void)state;
	const char *src = "tasks:\n  - {id: t1, status: READY_FOR_REVIEW}  # c\n  - {id: t2}\n";
	te_edit t;
	te_open(&t, src, strlen(src), "f.yaml");
	const doc_node *t1 = te_item(&t.d, "tasks", "t1");
	assert_int_equal(edit_set_scalar(t.ed, t1, "status", edit_str("APPROVED")), 0);
	assert_int_equal(edit_set_scalar(t.ed, t1, "approved_by", edit_str("code-reviewer-2")), 0);
	assert_int_equal(edit_set_scalar(t.ed, t1, "reason", edit_str("a, b: c")), 0);
	assert_int_equal(edit_append_item(t.ed, t1, "history", approved_item, 3), 0);
	assert_string_equal(te_apply(&t),
		"tasks:\n  - {id: t1, status: APPROVED, approved_by: code-reviewer-2, reason: \"a, b: c\", "
		"history: [{time: \"" TS "\", event: approved, agent: code-reviewer-2}]}  # c\n  - {id: t2}\n");
	te_close(&t);

	/* Into an empty flow mapping. */
	set_root("m: {}\n", "m", edit_str("x"), "m: x\n");
	te_open(&t, "m: {}\n", 6, "f.yaml");
	assert_int_equal(edit_set_scalar(t.ed, doc_get(t.d.root, "m"), "k", edit_str("v")), 0);
	assert_string_equal(te_apply(&t), "m: {k: v}\n");
	te_close(&t);
}

/* ---- appending to sequences ---- */

static void appends_block_items(void **state)
{
	(void)state;
	const char *src =
		"history:\n"
		"  - time: \"2026-01-20T10:01:00Z\"\n"
		"    event: claimed\n"
		"    agent: coder-1   # c\n"
		"next: 1\n";
	te_edit t;
	te_open(&t, src, strlen(src), "h.yaml");
	assert_int_equal(edit_append_item(t.ed, t.d.root, "history", approved_item, 3), 0);
	edit_pair second[] = { { "time", edit_str(TS) }, { "event", edit_str("note") }, { "n", edit_int(2) } };
	/* "n" is a YAML 1.1 boolean, even as a key: quoted. */
	assert_int_equal(edit_append_item(t.ed, t.d.root, "history", second, 3), 0);
	assert_string_equal(te_apply(&t),
		"history:\n"
		"  - time: \"2026-01-20T10:01:00Z\"\n"
		"    event: claimed\n"
		"    agent: coder-1   # c\n"
		"  - time: \"" TS "\"\n"
		"    event: approved\n"
		"    agent: code-reviewer-2\n"
		"  - time: \"" TS "\"\n"
		"    event: note\n"
		"    \"n\": 2\n"
		"next: 1\n");
	te_close(&t);

	/* Items written at the key's own column, as some writers do. */
	const char *col0 = "h:\n- a: 1\n  b: 2\nz: 0\n";
	te_open(&t, col0, strlen(col0), "h.yaml");
	edit_pair one[] = { { "a", edit_int(3) }, { "b", edit_str("x y") } };
	assert_int_equal(edit_append_item(t.ed, t.d.root, "h", one, 2), 0);
	assert_string_equal(te_apply(&t), "h:\n- a: 1\n  b: 2\n- a: 3\n  b: x y\nz: 0\n");
	te_close(&t);
}

static void appends_flow_items_in_block_sequence(void **state)
{
	(void)state;
	const char *src =
		"    history:\n"
		"      - { time: \"2025-01-17T14:05:00Z\", event: \"created\" }\n"
		"      - { time: \"2025-01-17T14:06:00Z\", event: \"claimed\", agent: \"coder-1\" }\n"
		"\n"
		"    next: 1\n";
	te_edit t;
	te_open(&t, src, strlen(src), "h.yaml");
	assert_int_equal(edit_append_item(t.ed, t.d.root, "history", approved_item, 3), 0);
	assert_string_equal(te_apply(&t),
		"    history:\n"
		"      - { time: \"2025-01-17T14:05:00Z\", event: \"created\" }\n"
		"      - { time: \"2025-01-17T14:06:00Z\", event: \"claimed\", agent: \"coder-1\" }\n"
		"      - { time: \"" TS "\", event: \"approved\", agent: \"code-reviewer-2\" }\n"
		"\n"
		"    next: 1\n");
	te_close(&t);
}

static void appends_to_empty_null_and_missing(void **state)
{
	(void)state;
	static const struct { const char *src, *want; } cases[] = {
		{ "history: []\nx: 1\n", "history: [{time: \"" TS "\", event: approved, agent: code-reviewer-2}]\nx: 1\n" },
		{ "history: [a]\n", "history: [a, {time: \"" TS "\", event: approved, agent: code-reviewer-2}]\n" },
		{ "history: null\nx: 1\n",
		  "history:\n  - time: \"" TS "\"\n    event: approved\n    agent: code-reviewer-2\nx: 1\n" },
		{ "history:\nx: 1\n",
		  "history:\n  - time: \"" TS "\"\n    event: approved\n    agent: code-reviewer-2\nx: 1\n" },
		{ "history: ~  # none yet\n",
		  "history: [{time: \"" TS "\", event: approved, agent: code-reviewer-2}]  # none yet\n" },
		{ "x: 1\n", "x: 1\nhistory:\n  - time: \"" TS "\"\n    event: approved\n    agent: code-reviewer-2\n" },
		{ "x: 1", "x: 1\nhistory:\n  - time: \"" TS "\"\n    event: approved\n    agent: code-reviewer-2" },
		/* The file indents sequences at the key's column: so does the new one. */
		{ "l:\n- a\nx: 1\n", "l:\n- a\nx: 1\nhistory:\n- time: \"" TS "\"\n  event: approved\n  agent: code-reviewer-2\n" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		te_edit t;
		te_open(&t, cases[i].src, strlen(cases[i].src), "h.yaml");
		assert_int_equal(edit_append_item(t.ed, t.d.root, "history", approved_item, 3), 0);
		assert_string_equal(te_apply(&t), cases[i].want);
		te_close(&t);
	}
}

static void appends_multiline_reason(void **state)
{
	(void)state;
	const char *src = "h:\n  - event: claimed\n";
	const char *reason = "Blockers: 1\n- [blocker] x.py:3 — uses str | None\n  Why: 3.8\n\nOverall: no";
	te_edit t;
	te_open(&t, src, strlen(src), "h.yaml");
	edit_pair it[] = { { "event", edit_str("rejected") }, { "reason", edit_str(reason) } };
	assert_int_equal(edit_append_item(t.ed, t.d.root, "h", it, 2), 0);
	assert_string_equal(te_apply(&t),
		"h:\n  - event: claimed\n  - event: rejected\n    reason: |-\n"
		"      Blockers: 1\n      - [blocker] x.py:3 — uses str | None\n        Why: 3.8\n\n      Overall: no\n");
	te_close(&t);
}

static void appends_to_root_sequence(void **state)
{
	(void)state;
	edit_pair log[] = { { "timestamp", edit_str(TS) }, { "agent", edit_str("human") },
	                    { "action", edit_str("approved") }, { "task", edit_str("hello-docs") },
	                    { "detail", edit_str("Approved: ok") } };
	static const struct { const char *src, *want; } cases[] = {
		{ "# log\n- timestamp: 2026-01-20T09:00:00Z\n  agent: system\n# trailing\n",
		  "# log\n- timestamp: 2026-01-20T09:00:00Z\n  agent: system\n# trailing\n"
		  "- timestamp: \"" TS "\"\n  agent: human\n  action: approved\n  task: hello-docs\n  detail: \"Approved: ok\"\n" },
		{ "- a: 1",
		  "- a: 1\n- timestamp: \"" TS "\"\n  agent: human\n  action: approved\n  task: hello-docs\n  detail: \"Approved: ok\"" },
		{ "",
		  "- timestamp: \"" TS "\"\n  agent: human\n  action: approved\n  task: hello-docs\n  detail: \"Approved: ok\"\n" },
		{ "# empty log\n",
		  "# empty log\n- timestamp: \"" TS "\"\n  agent: human\n  action: approved\n  task: hello-docs\n  detail: \"Approved: ok\"\n" },
		/* An empty flow root could be JSON: written as JSON, which YAML reads too. */
		{ "[]\n", "[{\"timestamp\": \"" TS "\", \"agent\": \"human\", \"action\": \"approved\", "
		           "\"task\": \"hello-docs\", \"detail\": \"Approved: ok\"}]\n" },
		{ "- {a: 1}\n", "- {a: 1}\n- {timestamp: \"" TS "\", agent: human, action: approved, task: hello-docs, "
		                 "detail: \"Approved: ok\"}\n" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		te_edit t;
		te_open(&t, cases[i].src, strlen(cases[i].src), "log.yaml");
		assert_int_equal(edit_append_root_item(t.ed, log, 5), 0);
		assert_string_equal(te_apply(&t), cases[i].want);
		te_close(&t);
	}
}

/* ---- quoting ---- */

static void values_needing_quotes_read_back(void **state)
{
	(void)state;
	static const struct { const char *v, *text; } cases[] = {
		{ "a: b", "\"a: b\"" }, { "#x", "\"#x\"" }, { "x #y", "\"x #y\"" }, { "null", "\"null\"" },
		{ "~", "\"~\"" }, { "yes", "\"yes\"" }, { "No", "\"No\"" }, { "true", "\"true\"" }, { "123", "\"123\"" },
		{ "-1.5e3", "\"-1.5e3\"" }, { "0x1F", "\"0x1F\"" }, { ".inf", "\".inf\"" }, { TS, "\"" TS "\"" },
		{ " lead", "\" lead\"" }, { "trail ", "\"trail \"" }, { "", "\"\"" }, { "tab\there", "\"tab\\there\"" },
		{ "q\"uote", "q\"uote" }, { "\"q", "\"\\\"q\"" }, { "back\\slash", "back\\slash" },
		{ "\\lead", "\\lead" }, { "ctl\x01", "\"ctl\\u0001\"" }, { "del\x7f", "\"del\\u007F\"" },
		{ "nel\xc2\x85", "\"nel\\u0085\"" }, { "ls\xe2\x80\xa8", "\"ls\\u2028\"" },
		{ "bom\xef\xbb\xbf", "\"bom\\uFEFF\"" }, { "rlo\xe2\x80\xae", "\"rlo\\u202E\"" },
		{ "emoji 😀", "emoji 😀" }, { "-dash", "\"-dash\"" }, { "?q", "\"?q\"" }, { ":c", "\":c\"" },
		{ "end:", "\"end:\"" }, { "[a]", "\"[a]\"" }, { "{a}", "\"{a}\"" }, { "&a", "\"&a\"" },
		{ "*a", "\"*a\"" }, { "!t", "\"!t\"" }, { "|", "\"|\"" }, { ">", "\">\"" }, { "'s", "\"'s\"" },
		{ "%d", "\"%d\"" }, { "@x", "\"@x\"" }, { "`x", "\"`x\"" }, { "a,b", "a,b" }, { "<<", "\"<<\"" },
		{ "cr\rx", "\"cr\\rx\"" }, { "nl\n", "|\n  nl" }, { "a\n\nb", "|-\n  a\n\n  b" },
		{ "two\n\n", "\"two\\n\\n\"" }, { "\nlead", "\"\\nlead\"" }, { " x\ny", "\" x\\ny\"" },
		{ "x\n \n", "\"x\\n \\n\"" }, { "x\n\ty", "\"x\\n\\ty\"" }, { "x\n\t", "\"x\\n\\t\"" },
		{ "nul\0x", "\"nul\\u0000x\"" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		size_t vlen = strlen(cases[i].v);
		if (strcmp(cases[i].v, "nul") == 0)
			vlen = 5;
		char src[] = "a: 1\nv: plain\nz: 2\n";
		char want[256];
		snprintf(want, sizeof want, "a: 1\nv: %s\nz: 2\n", cases[i].text);
		te_edit t;
		te_open(&t, src, strlen(src), "q.yaml");
		assert_int_equal(edit_set_scalar(t.ed, t.d.root, "v", edit_strn(cases[i].v, vlen)), 0);
		const char *out = te_apply(&t);
		if (strcmp(out, want) != 0)
			fail_msg("case %zu: got\n%s\nwant\n%s", i, out, want);
		/* And independently of the editor's own check: */
		doc nd;
		lw_error err;
		assert_int_equal(doc_parse(&nd, out, t.out_len, "q.yaml", NULL, &err), 0);
		const doc_node *v = doc_get(nd.root, "v");
		assert_int_equal(v->u.scalar.len, vlen);
		assert_memory_equal(v->u.scalar.str, cases[i].v, vlen);
		doc_free(&nd);
		te_close(&t);
	}
}

static void invalid_utf8_is_refused(void **state)
{
	(void)state;
	te_edit t;
	te_open(&t, "a: 1\n", 5, "u.yaml");
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "a", edit_str("bad \xC3\x28")), -1);
	assert_non_null(strstr(t.err.msg, "UTF-8"));
	char m[700];
	te_apply_fails(&t, m, sizeof m);
	te_close(&t);
}

/* ---- JSON ---- */

static void json_pretty(void **state)
{
	(void)state;
	const char *src =
		"{\n"
		"  \"active\": true,\n"
		"  \"status\": \"READY\",\n"
		"  \"note\": null,\n"
		"  \"list\": [\n"
		"    \"a\"\n"
		"  ],\n"
		"  \"m\": {}\n"
		"}\n";
	te_edit t;
	te_open(&t, src, strlen(src), "s.json");
	assert_true(edit_is_json(t.ed));
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "status", edit_str("APPROVED")), 0);
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "note", edit_str("say \"hi\"\nbye\x01")), 0);
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "active", edit_str("yes")), 0);
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "by", edit_str("me")), 0);
	assert_int_equal(edit_append_item(t.ed, t.d.root, "list", approved_item, 2), 0);
	assert_int_equal(edit_append_item(t.ed, t.d.root, "history", approved_item, 2), 0);
	assert_int_equal(edit_set_scalar(t.ed, doc_get(t.d.root, "m"), "n", edit_int(7)), 0);
	assert_string_equal(te_apply(&t),
		"{\n"
		"  \"active\": \"yes\",\n"
		"  \"status\": \"APPROVED\",\n"
		"  \"note\": \"say \\\"hi\\\"\\nbye\\u0001\",\n"
		"  \"list\": [\n"
		"    \"a\",\n"
		"    {\"time\": \"" TS "\", \"event\": \"approved\"}\n"
		"  ],\n"
		"  \"m\": {\"n\": 7},\n"
		"  \"by\": \"me\",\n"
		"  \"history\": [{\"time\": \"" TS "\", \"event\": \"approved\"}]\n"
		"}\n");
	te_close(&t);
}

static void json_compact(void **state)
{
	(void)state;
	const char *src = "{\"a\":1,\"s\":\"R\",\"l\":[]}";
	te_edit t;
	te_open(&t, src, strlen(src), "c.json");
	assert_true(edit_is_json(t.ed));
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "s", edit_str("APPROVED")), 0);
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "a", edit_null()), 0);
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "by", edit_str("me")), 0);
	assert_int_equal(edit_append_item(t.ed, t.d.root, "l", approved_item, 2), 0);
	assert_string_equal(te_apply(&t),
		"{\"a\":null,\"s\":\"APPROVED\",\"l\":[{\"time\":\"" TS "\",\"event\":\"approved\"}],\"by\":\"me\"}");
	te_close(&t);
}

/* ---- refusals and verification ---- */

static void verify_catches_a_wrong_splice(void **state)
{
	(void)state;
	const char *src = "a: 1\nstatus: READY\nb: two\n";
	char m[700];
	te_edit t;
	/* A stray splice that changes another value. */
	te_open(&t, src, strlen(src), "v.yaml");
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "status", edit_str("APPROVED")), 0);
	assert_int_equal(edit_splice_raw(t.ed, 22, 25, "six"), 0);
	te_apply_fails(&t, m, sizeof m);
	assert_non_null(strstr(m, "v.yaml:3:4: verify failed"));
	assert_non_null(strstr(m, "b: the value changed"));
	te_close(&t);
	/* One that breaks the syntax. */
	te_open(&t, src, strlen(src), "v.yaml");
	assert_int_equal(edit_splice_raw(t.ed, 4, 4, "\n  - x: ["), 0);
	te_apply_fails(&t, m, sizeof m);
	assert_non_null(strstr(m, "would not parse"));
	te_close(&t);
	/* One that adds a key nobody asked for. */
	te_open(&t, src, strlen(src), "v.yaml");
	assert_int_equal(edit_splice_raw(t.ed, 26, 26, "c: 3\n"), 0);
	te_apply_fails(&t, m, sizeof m);
	assert_non_null(strstr(m, "unexpected key \"c\""));
	te_close(&t);
	/* One that changes the style of another value. */
	te_open(&t, src, strlen(src), "v.yaml");
	assert_int_equal(edit_splice_raw(t.ed, 3, 4, "'1'"), 0);
	te_apply_fails(&t, m, sizeof m);
	assert_non_null(strstr(m, "v.yaml:1:4"));
	te_close(&t);
	/* One that breaks an intended value (it lands inside the edit). */
	te_open(&t, src, strlen(src), "v.yaml");
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "status", edit_str("APPROVED")), 0);
	assert_int_equal(edit_splice_raw(t.ed, 13, 18, "READY"), 0);
	te_apply_fails(&t, m, sizeof m);
	assert_non_null(strstr(m, "overlaps"));
	te_close(&t);
	/* A splice that changes nothing passes. */
	te_open(&t, src, strlen(src), "v.yaml");
	assert_int_equal(edit_splice_raw(t.ed, 0, 1, "a"), 0);
	assert_string_equal(te_apply(&t), src);
	te_close(&t);
}

static void overlapping_edits_are_refused(void **state)
{
	(void)state;
	te_edit t;
	char m[700];
	te_open(&t, two_tasks, strlen(two_tasks), "o.yaml");
	assert_int_equal(edit_set_scalar(t.ed, te_item(&t.d, "tasks", "t1"), "status", edit_str("X")), 0);
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "tasks", edit_null()), 0);
	te_apply_fails(&t, m, sizeof m);
	assert_non_null(strstr(m, "o.yaml:3:13: this edit overlaps another one (at line 2, column 3)"));
	te_close(&t);
}

static void refusals(void **state)
{
	(void)state;
	te_edit t;
	char m[700];
	const char *src = "base: &b {k: 1}\nuse: *b\nkey: &v val\n*v : aliased\nlist: [1]\ns: x\n";
	te_open(&t, src, strlen(src), "r.yaml");
	/* A key that is an alias. */
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "val", edit_str("x")), -1);
	lw_error_format(&t.err, m, sizeof m);
	assert_string_equal(m, "r.yaml:4:1: key \"val\" is an alias: refusing to edit through it");
	te_apply_fails(&t, m, sizeof m);
	te_close(&t);

	static const struct { int op; const char *path, *key, *msg; } cases[] = {
		{ 0, "s", "x", "r.yaml:6:4: cannot edit a key of \"x\": not a mapping" },
		{ 0, "use", "k", "r.yaml:2:6: the mapping to edit is an alias" },
		{ 0, "base", "k", "r.yaml:1:7: the mapping carries an anchor" },
		{ 0, NULL, "key", "r.yaml:3:6: the value of \"key\" carries an anchor" },
		{ 1, NULL, "s", "r.yaml:6:4: cannot append to \"s\": it holds \"x\", not a sequence" },
		{ 1, NULL, "base", "r.yaml:1:7: cannot append to \"base\": it holds a mapping" },
		{ 2, NULL, NULL, "r.yaml:1:1: cannot append to the document: its root is a mapping" },
		{ 0, NULL, NULL, "r.yaml: no mapping to edit" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		te_open(&t, src, strlen(src), "r.yaml");
		const doc_node *map = cases[i].path ? doc_get_key(t.d.root, cases[i].path)->next : t.d.root;
		if (i == 7)
			map = NULL;
		edit_pair one[] = { { "a", edit_int(1) } };
		int rc = cases[i].op == 0 ? edit_set_scalar(t.ed, map, cases[i].key ? cases[i].key : "x", edit_int(1))
		       : cases[i].op == 1 ? edit_append_item(t.ed, map, cases[i].key, one, 1)
		                          : edit_append_root_item(t.ed, one, 1);
		assert_int_equal(rc, -1);
		lw_error_format(&t.err, m, sizeof m);
		if (strncmp(m, cases[i].msg, strlen(cases[i].msg)) != 0)
			fail_msg("case %zu: got \"%s\"", i, m);
		/* Nothing is produced after a refusal, even for valid later edits. */
		assert_int_equal(edit_set_scalar(t.ed, t.d.root, "s", edit_str("y")), -1);
		te_apply_fails(&t, m, sizeof m);
		te_close(&t);
	}

	/* The same key twice, or set and appended. */
	te_open(&t, src, strlen(src), "r.yaml");
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "s", edit_str("y")), 0);
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "s", edit_str("z")), -1);
	assert_non_null(strstr(t.err.msg, "edited twice"));
	te_close(&t);
	te_open(&t, src, strlen(src), "r.yaml");
	edit_pair one[] = { { "a", edit_int(1) } }, dup[] = { { "a", edit_int(1) }, { "a", edit_int(2) } };
	assert_int_equal(edit_append_item(t.ed, t.d.root, "list", one, 1), 0);
	assert_int_equal(edit_set_scalar(t.ed, t.d.root, "list", edit_null()), -1);
	te_close(&t);
	te_open(&t, src, strlen(src), "r.yaml");
	assert_int_equal(edit_append_item(t.ed, t.d.root, "list", dup, 2), -1);
	assert_non_null(strstr(t.err.msg, "twice"));
	te_close(&t);
	te_open(&t, src, strlen(src), "r.yaml");
	assert_int_equal(edit_append_item(t.ed, t.d.root, "list", one, 0), -1);
	te_close(&t);
}

/* Editing an anchored node would change every alias of it: the verifier
 * must notice when such an edit slips through (a raw splice here). */
static void verify_checks_aliases(void **state)
{
	(void)state;
	const char *src = "a: &x 1\nb: *x\n";
	te_edit t;
	char m[700];
	te_open(&t, src, strlen(src), "al.yaml");
	assert_int_equal(edit_splice_raw(t.ed, 6, 7, "2"), 0);
	te_apply_fails(&t, m, sizeof m);
	assert_non_null(strstr(m, "verify failed"));
	te_close(&t);
}

/* A JSON file with surrogate escapes before the edit point: the splice lands
 * on the file's own bytes and the escapes survive untouched. */
static void json_with_surrogate_escapes_is_edited_in_place(void **state)
{
	(void)state;
	const char *src = "{\n  \"note\": \"ship \\ud83d\\ude80 now\",\n  \"state\": \"IDLE\"\n}\n";
	doc d;
	lw_error err;
	lw_error_clear(&err);
	assert_int_equal(doc_parse(&d, src, strlen(src), "a.json", NULL, &err), 0);
	editor *ed = edit_new(&d, &err);
	assert_non_null(ed);
	assert_int_equal(edit_set_scalar(ed, d.root, "state", edit_str("READY")), 0);
	char *out;
	size_t len;
	assert_int_equal(edit_apply(ed, &out, &len), 0);
	assert_string_equal(out, "{\n  \"note\": \"ship \\ud83d\\ude80 now\",\n  \"state\": \"READY\"\n}\n");
	free(out);
	edit_free(ed);
	doc_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(replaces_plain_keeping_comment),
		cmocka_unit_test(replaces_single_quoted),
		cmocka_unit_test(replaces_double_quoted),
		cmocka_unit_test(replaces_null_and_writes_null),
		cmocka_unit_test(replaces_empty_values),
		cmocka_unit_test(replaces_block_literal),
		cmocka_unit_test(replaces_collections_with_scalars),
		cmocka_unit_test(adds_key_before_next_item),
		cmocka_unit_test(adds_key_at_eof_without_newline),
		cmocka_unit_test(adds_keys_in_nested_maps_at_one_point),
		cmocka_unit_test(adds_key_after_keep_literal),
		cmocka_unit_test(crlf_stays_crlf),
		cmocka_unit_test(utf8_before_and_inside),
		cmocka_unit_test(bom_and_lone_cr),
		cmocka_unit_test(flow_task_mapping),
		cmocka_unit_test(appends_block_items),
		cmocka_unit_test(appends_flow_items_in_block_sequence),
		cmocka_unit_test(appends_to_empty_null_and_missing),
		cmocka_unit_test(appends_multiline_reason),
		cmocka_unit_test(appends_to_root_sequence),
		cmocka_unit_test(values_needing_quotes_read_back),
		cmocka_unit_test(invalid_utf8_is_refused),
		cmocka_unit_test(json_pretty),
		cmocka_unit_test(json_compact),
		cmocka_unit_test(verify_catches_a_wrong_splice),
		cmocka_unit_test(overlapping_edits_are_refused),
		cmocka_unit_test(refusals),
		cmocka_unit_test(verify_checks_aliases),
		cmocka_unit_test(json_with_surrogate_escapes_is_edited_in_place),
	};
	return cmocka_run_group_tests_name("edit", tests, NULL, NULL);
}
