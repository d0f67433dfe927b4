/* test_lizago_fastpath.c — a transition of today's Liza fired with the
 * caller's snapshot (the checks and edits prepared before Liza's lock on
 * the snapshot's parse, replayed under it when state.yaml still has those
 * bytes; an edit inside one task verified on that task alone; the log
 * entry rendered from the log's first and last items while log.yaml is
 * the file the snapshot parsed) must answer and write exactly what the
 * full path does (nothing held: one parse under the lock, every verify on
 * a full parse, the whole log parsed): random states and logs of today's
 * Liza, random verdicts and levers, with and without an agent's write
 * between the snapshot and the transition. helper_liza_diff.c runs both. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/helper_liza_diff.h"
#include "core/util/strbuf.h"

static unsigned long long rng = 0x2545f4914f6cdd1dull;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static const char *const statuses[] = { "REVIEWING_CODE", "REVIEWING_CODE", "REVIEWING_CODE", "DRAFT_CODE",
	                                    "CODE_APPROVED", "CODE_REJECTED", "IMPLEMENTING_CODE" };

/* One task as Liza writes it (block style), or a one-line flow mapping. */
static void gen_task(strbuf *b, unsigned i, const char *extra)
{
	const char *st = statuses[rnd(sizeof statuses / sizeof *statuses)];
	if (rnd(4) == 0) {
		strbuf_printf(b, "  - {id: t-%u, type: coding, role_pair: coding-pair, status: %s, spec_ref: s, done_when: d, "
		              "created: 2026-03-01T08:00:00Z%s}\n", i, st, i > 1 ? ", depends_on: [t-1]" : "");
		return;
	}
	strbuf_printf(b, "  - id: t-%u\n    type: coding\n    role_pair: coding-pair\n    description: %s\n    status: %s\n",
	              i, rnd(3) ? "plain task text" : "\"quoted: task\"", st);
	strbuf_printf(b, "    assigned_to: coder-1\n    iteration: %u\n    attempt: 1\n", 1 + rnd(3));
	strbuf_printf(b, "    review_cycles_current: %u\n    review_cycles_total: %u\n", rnd(3), rnd(3));
	if (rnd(6))
		strbuf_printf(b, "    review_commit: %s\n", rnd(2) ? "2222222222222222222222222222222222222222" : "abcdef0");
	if (rnd(5))
		strbuf_printf(b, "    reviewing_by: code-reviewer-%u\n    review_lease_expires: 2026-03-02T1%u:00:00Z\n", 1 + rnd(2),
		              rnd(4));
	if (rnd(4) == 0)
		strbuf_adds(b, "    # a comment inside the task\n");
	if (rnd(4) == 0)
		strbuf_adds(b, "    approvals:\n      - agent: code-reviewer-2\n        provider: claude\n"
		               "        timestamp: 2026-03-02T10:00:00Z\n");
	strbuf_printf(b, "    spec_ref: s\n    done_when: d\n    created: 2026-03-01T08:00:00Z\n%s", extra);
	unsigned h = rnd(4);
	if (h == 1)
		strbuf_adds(b, "    history: []\n");
	else if (h >= 2) {
		strbuf_adds(b, "    history:\n");
		for (unsigned k = 0; k < h; k++)
			strbuf_printf(b, "      - time: 2026-03-02T10:0%u:00Z\n        event: %s\n        agent: coder-1\n", k,
			              k + 1 == h ? "submitted_for_review" : rnd(3) ? "claimed" : "rejected");
	}
	if (rnd(2))
		strbuf_adds(b, "    handoff_events: [{timestamp: 2026-03-02T09:30:00Z, agent: coder-1, trigger: submission}]\n");
}

static void gen_state(strbuf *b, unsigned ntasks, unsigned edited, const char *extra)
{
	strbuf_adds(b, "version: 1\npipeline_version: 1\ngoal: {id: g-1, description: bench, status: IN_PROGRESS}\ntasks:\n");
	for (unsigned i = 1; i <= ntasks; i++)
		gen_task(b, i, i == edited ? extra : "");
	strbuf_adds(b, "agents:\n  coder-1: {role: coder, status: WORKING, current_task: t-1}\n");
	if (rnd(2))
		strbuf_printf(b, "  code-reviewer-1:\n    role: code-reviewer\n    status: WORKING\n    current_task: t-%u\n",
		              1 + rnd(ntasks));
	if (rnd(2))
		strbuf_adds(b, "human_notes: []\n");
	strbuf_printf(b, "config: {max_review_cycles: %u, lease_duration: 1800, integration_branch: integration, mode: %s}\n",
	              2 + rnd(4), rnd(4) ? "RUNNING" : "PAUSED");
}

static void gen_log(strbuf *b, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		switch (rnd(4)) {
		case 0:
			strbuf_printf(b, "- {timestamp: 2026-03-01T10:00:%02uZ, agent: coder-1, action: claimed, task: t-%u}\n",
			              i % 60, i + 1);
			break;
		case 1:
			strbuf_printf(b, "- timestamp: \"2026-03-01T10:00:%02uZ\"\n  agent: coder-1\n  action: \"submitted\"\n"
			                 "  detail: |\n    line one\n    - not an item\n", i % 60);
			break;
		default:
			strbuf_printf(b, "- timestamp: 2026-03-01T10:00:%02uZ\n  agent: coder-%u\n  action: claimed\n  task: t-%u\n",
			              i % 60, i, i + 1);
		}
	}
}

static void one_case(unsigned round)
{
	strbuf s, l, other;
	strbuf_init(&s);
	strbuf_init(&l);
	strbuf_init(&other);
	unsigned ntasks = 1 + rnd(10);
	unsigned long long seed = rng;
	gen_state(&s, ntasks, 0, "");
	unsigned nlog = rnd(6);
	gen_log(&l, nlog);
	static const char *const events[] = { "approve", "approve", "approve", "reject", "note", "pause", "resume" };
	const char *ev = events[rnd(sizeof events / sizeof *events)];
	char id[16];
	snprintf(id, sizeof id, "t-%u", 1 + rnd(ntasks + 1));   /* now and then no such task */
	bool lever = !strcmp(ev, "pause") || !strcmp(ev, "resume") || (!strcmp(ev, "note") && rnd(2));
	liza_diff_case c = {
		.state = s.buf, .slen = s.len, .log = rnd(10) ? l.buf : NULL, .llen = l.len,
		.rq = { .subject = lever ? NULL : id, .event = ev, .as = rnd(3) ? "code-reviewer-1" : "code-reviewer-2",
		        .force = rnd(2), .reason = rnd(4) ? "because\nof \"this\"" : NULL, .now = 1772452800 },
	};
	if (c.log && !c.llen)
		c.log = NULL;
	switch (rnd(6)) {
	case 0: {   /* an agent wrote one task again between the snapshot and the transition */
		unsigned long long keep = rng;
		rng = seed;   /* the same state but for that task's extra line */
		gen_state(&other, ntasks, 1 + rnd(ntasks), "    priority: 2\n");
		rng = keep;
		c.state_now = other.buf;
		c.state_now_len = other.len;
		c.reload = rnd(2);
		break;
	}
	case 1:   /* …or another state altogether */
		gen_state(&other, ntasks, 0, "");
		c.state_now = other.buf;
		c.state_now_len = other.len;
		break;
	case 2:   /* an agent appended to the log meanwhile */
		c.log_append = "- timestamp: 2026-03-02T11:59:00Z\n  agent: coder-9\n  action: claimed\n";
		break;
	default:
		break;
	}
	const char *why = liza_diff_run(&c);
	if (why)
		print_error("round %u (%s %s as %s, %u tasks, %u log entries): %s\n--- state ---\n%s\n--- log ---\n%s\n", round,
		            ev, c.rq.subject ? c.rq.subject : "-", c.rq.as, ntasks, nlog, why, s.buf, c.log ? c.log : "(none)");
	strbuf_free(&other);
	strbuf_free(&s);
	strbuf_free(&l);
	assert_null(why);
}

static void fast_path_equals_full_path(void **state)
{
	(void)state;
	for (unsigned r = 0; r < 300; r++)
		one_case(r);
}

/* The log's odd shapes: each either takes the short way to the same bytes
 * or the full one. */
static void odd_logs_give_the_same_bytes(void **state)
{
	(void)state;
	strbuf s;
	strbuf_init(&s);
	gen_state(&s, 3, 0, "");
	for (size_t i = 0; i < liza_diff_nodd_logs; i++) {
		liza_diff_case c = { .state = s.buf, .slen = s.len, .log = liza_diff_odd_logs[i],
		                     .llen = strlen(liza_diff_odd_logs[i]),
		                     .rq = { .event = "note", .as = "code-reviewer-1", .reason = "hello", .now = 1772452800 } };
		const char *why = liza_diff_run(&c);
		if (why)
			print_error("log %zu: %s\n", i, why);
		assert_null(why);
	}
	strbuf_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fast_path_equals_full_path),
		cmocka_unit_test(odd_logs_give_the_same_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
