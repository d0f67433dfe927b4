/* test_liza_fastpath.c — a Liza transition fired with the caller's
 * snapshot (the edit prepared before the lock on its parse, replayed when
 * the file still has those bytes; the edit verified on the edited task
 * alone; the log entry rendered from the log's first and last items) must
 * answer and write exactly what the full path does (no snapshot, one parse
 * under the lock, every verify on a full parse, the whole log parsed):
 * random states and logs in the scripts' shapes and odd ones, random
 * events on random tasks, with and without a write by an agent between
 * the snapshot and the transition. helper_liza_diff.c runs both. */
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
#include "core/util/timeparse.h"

static unsigned long long rng = 0x9e3779b97f4a7c15ull;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static const char *const statuses[] = { "READY_FOR_REVIEW", "READY_FOR_REVIEW", "CLAIMED", "UNCLAIMED", "REJECTED",
	                                    "APPROVED", "DRAFT", "BLOCKED" };

/* A state in the scripts' shape, with some of the variations real files
 * have: comments, quoted values, history present or not, a flow history,
 * multi-line reasons, CRLF (rarely). */
static void gen_state(strbuf *b, unsigned ntasks, bool crlf)
{
	const char *nl = crlf ? "\r\n" : "\n";
	strbuf_printf(b, "# liza state%sversion: 1%sgoal:%s  id: g-1%s  status: IN_PROGRESS%s", nl, nl, nl, nl, nl);
	strbuf_printf(b, "agents:%s  code-reviewer-1:%s    role: code-reviewer%s    status: IDLE%s", nl, nl, nl, nl);
	strbuf_printf(b, "tasks:%s", nl);
	for (unsigned i = 0; i < ntasks; i++) {
		const char *st = statuses[rnd(sizeof statuses / sizeof *statuses)];
		strbuf_printf(b, "  - id: t-%u%s    description: %s%s", i + 1, nl,
		            rnd(3) == 0 ? "\"quoted: task\"" : "plain task text", nl);
		strbuf_printf(b, "    status: %s%s", st, nl);
		if (rnd(2))
			strbuf_printf(b, "    reviewing_by: code-reviewer-%u%s    review_lease_expires: 2026-03-02T1%u:00:00Z%s",
			            rnd(3) + 1, nl, rnd(4), nl);
		if (rnd(3) == 0)
			strbuf_printf(b, "    rejection_reason: |%s      first line%s      second line%s", nl, nl, nl);
		if (rnd(4) == 0)
			strbuf_printf(b, "    # a comment inside the task%s", nl);
		unsigned h = rnd(4);
		if (h == 1)
			strbuf_printf(b, "    history: []%s", nl);
		else if (h >= 2) {
			strbuf_printf(b, "    history:%s", nl);
			for (unsigned k = 0; k < h; k++)
				strbuf_printf(b, "      - time: 2026-03-01T10:0%u:00Z%s        event: claimed%s        agent: coder-%u%s", k,
				            nl, nl, k, nl);
		}
	}
	if (rnd(2))
		strbuf_printf(b, "human_notes: []%s", nl);
}

static void gen_log(strbuf *b, unsigned n)
{
	if (rnd(10) == 0)
		strbuf_adds(b, "# the log\n");
	for (unsigned i = 0; i < n; i++) {
		switch (rnd(5)) {
		case 0:
			strbuf_printf(b, "- {timestamp: 2026-03-01T10:00:%02uZ, agent: coder-1, action: claimed, task: t-%u}\n", i % 60,
			            i + 1);
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
	if (rnd(8) == 0)
		strbuf_adds(b, "\n# trailing comment\n");
}

static void one_case(unsigned round)
{
	strbuf s, l;
	strbuf_init(&s);
	strbuf_init(&l);
	unsigned ntasks = 1 + rnd(12);
	gen_state(&s, ntasks, rnd(20) == 0);
	unsigned nlog = rnd(6);
	gen_log(&l, nlog);
	static const char *const events[] = { "approve", "approve", "reject", "block", "note" };
	char id[16];
	snprintf(id, sizeof id, "t-%u", 1 + rnd(ntasks + 1));   /* now and then no such task */
	const char *ev = events[rnd(sizeof events / sizeof *events)];
	liza_diff_case c = {
		.state = s.buf, .slen = s.len, .log = rnd(10) ? l.buf : NULL, .llen = l.len,
		.rq = { .subject = id, .event = ev, .as = rnd(2) ? "code-reviewer-1" : "human", .force = rnd(2),
		        .reason = "because\nof \"this\"", .question = "why?", .now = 1772452800 },
	};
	if (c.log && !c.llen)
		c.log = NULL;
	strbuf other;
	strbuf_init(&other);
	switch (rnd(7)) {
	case 0:   /* an agent rewrote the state between the snapshot and the transition */
		gen_state(&other, ntasks, false);
		c.state_now = other.buf;
		c.state_now_len = other.len;
		break;
	case 2: {   /* an agent edited one task, and the HUD reloaded (a patched parse) */
		const char *at = strstr(s.buf, "plain task text");
		if (at) {
			strbuf_add(&other, s.buf, (size_t)(at - s.buf));
			strbuf_adds(&other, "plain task text, edited");
			strbuf_adds(&other, at + strlen("plain task text"));
			c.state_now = other.buf;
			c.state_now_len = other.len;
			c.reload = true;
		}
		break;
	}
	case 1:   /* an agent appended to the log meanwhile */
		c.log_append = "- timestamp: 2026-03-02T11:59:00Z\n  agent: coder-9\n  action: claimed\n";
		break;
	default:
		break;
	}
	const char *why = liza_diff_run(&c);
	if (why) {
		print_error("round %u (%s %s, %u tasks, %u log entries): %s\n--- state ---\n%s\n--- log ---\n%s\n", round, ev,
		            id, ntasks, nlog, why, s.buf, c.log ? c.log : "(none)");
	}
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
	const char *st = "tasks:\n  - id: t-1\n    status: READY_FOR_REVIEW\n";
	for (size_t i = 0; i < liza_diff_nodd_logs; i++) {
		liza_diff_case c = { .state = st, .slen = strlen(st), .log = liza_diff_odd_logs[i],
		                     .llen = strlen(liza_diff_odd_logs[i]),
		                     .rq = { .subject = "t-1", .event = "approve", .as = "code-reviewer-1", .now = 1772452800 } };
		const char *why = liza_diff_run(&c);
		if (why)
			fail_msg("log %zu (%s): %s", i, liza_diff_odd_logs[i], why);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fast_path_equals_full_path),
		cmocka_unit_test(odd_logs_give_the_same_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
