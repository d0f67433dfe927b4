/* lizago_summary.c — the sprint summary report today's Liza writes when a
 * sprint is checkpointed (liza-mas/liza internal/ops/sprint_checkpoint.go
 * generateSprintSummary and its sections, 0e3b5a7), rendered from the state
 * as it was before the checkpoint, as Liza renders it. Two differences, on
 * purpose: Go walks the agents and the anomaly types in map order (random
 * from one run to the next); we keep the file's order, one of Go's possible
 * orders. Times are UTC. */
#include "systems/liza/go/lizago_summary.h"
#include "core/util/timeparse.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A time.Duration, nanoseconds, as Go's Time.Sub gives it: saturated at
 * the int64 bounds (a missing deadline is the zero time, 2,000 years off). */
static int64_t go_sub(time_t a, time_t b)
{
	long long secs = (long long)a - (long long)b;
	if (secs > INT64_MAX / 1000000000)
		return INT64_MAX;
	if (secs < INT64_MIN / 1000000000)
		return INT64_MIN;
	return (int64_t)secs * 1000000000;
}

/* -d as Go computes it: the most negative duration stays itself. */
static int64_t go_neg(int64_t d) { return d == INT64_MIN ? d : -d; }

/* formatDuration: whole days, hours and minutes, truncated toward zero
 * (so Go's -47m for an overflowed deadline is ours too). */
static void duration(strbuf *out, int64_t d)
{
	long long hours = (long long)(d / 3600000000000LL), minutes = (long long)(d / 60000000000LL) % 60;
	if (hours >= 24)
		strbuf_printf(out, "%lldd %lldh %lldm", hours / 24, hours % 24, minutes);
	else if (hours > 0)
		strbuf_printf(out, "%lldh %lldm", hours, minutes);
	else
		strbuf_printf(out, "%lldm", minutes);
}

/* A time as Go's RFC 3339 of it (UTC): an absent one is Go's zero time. */
static time_t time_line(strbuf *out, const char *label, const doc_node *n)
{
	time_t t = 0;
	char buf[40];
	bool ok = doc_time(n, &t) == DOC_OK;
	strbuf_printf(out, "- **%s:** %s\n", label, ok ? lw_format_time(t, buf, sizeof buf) : "0001-01-01T00:00:00Z");
	return ok ? t : (time_t)-62135596800LL;
}

static long long count(const doc_node *n)
{
	long long v = 0;
	return doc_int(n, &v) == DOC_OK ? v : 0;
}

static const char *str_or(const doc_node *n, const char *dflt)
{
	const char *s = doc_str(n);
	return s ? s : dflt;
}

/* models.TaskStatus IsReadyForReviewStatus: the legacy and the code pair's
 * submitted statuses. */
static bool ready_for_review(const char *s)
{
	return !strcmp(s, "READY_FOR_REVIEW") || !strcmp(s, "CODE_READY_FOR_REVIEW") || !strcmp(s, "CODE_TO_REVIEW");
}

static void tasks_section(strbuf *out, const doc_node *tasks)
{
	static const char *const rows[] = { "MERGED", "APPROVED", "CODE_TO_REVIEW", "IMPLEMENTING", "REJECTED",
		                            "BLOCKED", "READY", "ABANDONED", "SUPERSEDED", "INTEGRATION_FAILED" };
	long long n[sizeof rows / sizeof *rows] = { 0 };
	for (const doc_node *i = doc_seq_first(tasks); i; i = i->next) {
		const char *st = doc_str(doc_get(doc_deref(i), "status"));
		if (!st)
			continue;
		for (size_t r = 0; r < sizeof rows / sizeof *rows; r++)
			if (r == 2 ? ready_for_review(st) : !strcmp(st, rows[r]))
				n[r]++;
	}
	strbuf_adds(out, "## Task Status\n\n| Status | Count |\n|--------|-------|\n");
	for (size_t r = 0; r < sizeof rows / sizeof *rows; r++)
		strbuf_printf(out, "| %s | %lld |\n", rows[r], n[r]);
	strbuf_adds(out, "\n");
}

static void metrics_section(strbuf *out, const doc_node *m)
{
	static const struct { const char *label, *key; bool pct; } rows[] = {
		{ "Tasks Done", "tasks_done", false },
		{ "Tasks In Progress", "tasks_in_progress", false },
		{ "Tasks Blocked", "tasks_blocked", false },
		{ "Total Iterations", "iterations_total", false },
		{ "Total Review Cycles", "review_cycles_total", false },
		{ "Review Verdict Approvals", "review_verdict_approvals", false },
		{ "Review Verdict Rejections", "review_verdict_rejections", false },
		{ "Review Verdict Approval Rate", "review_verdict_approval_rate_percent", true },
		{ "Task Outcome Approval Rate", "task_outcome_approval_rate_percent", true },
	};
	strbuf_adds(out, "## Sprint Metrics\n\n");
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
		strbuf_printf(out, "- **%s:** %lld%s\n", rows[i].label, count(doc_get(m, rows[i].key)), rows[i].pct ? "%" : "");
	strbuf_adds(out, "\n");
}

static void agents_section(strbuf *out, const doc_node *agents)
{
	strbuf_adds(out, "## Active Agents\n\n");
	if (!doc_is_map(agents) || doc_len(agents) == 0) {
		strbuf_adds(out, "*No active agents*\n\n");
		return;
	}
	strbuf_adds(out, "| Agent ID | Role | Status | Current Task |\n|----------|------|--------|-------------|\n");
	for (const doc_node *k = doc_map_first(agents); k; k = doc_map_next(k)) {
		const doc_node *a = doc_deref(k->next);
		strbuf_printf(out, "| %s | %s | %s | %s |\n", str_or(k, ""), str_or(doc_get(a, "role"), ""),
		              str_or(doc_get(a, "status"), ""), str_or(doc_get(a, "current_task"), "—"));
	}
	strbuf_adds(out, "\n");
}

/* The anomalies counted by type, each type once, in the order first seen. */
static void anomalies_section(strbuf *out, const doc_node *anomalies)
{
	size_t total = doc_len(anomalies);
	strbuf_printf(out, "## Anomalies\n\n**Total:** %zu anomalies detected\n\n| Type | Count |\n|------|-------|\n", total);
	for (const doc_node *i = doc_seq_first(anomalies); i; i = i->next) {
		const char *type = str_or(doc_get(doc_deref(i), "type"), "");
		bool seen = false;
		for (const doc_node *j = doc_seq_first(anomalies); j != i && !seen; j = j->next)
			seen = !strcmp(str_or(doc_get(doc_deref(j), "type"), ""), type);
		if (seen)
			continue;
		size_t n = 0;
		for (const doc_node *j = i; j; j = j->next)
			n += !strcmp(str_or(doc_get(doc_deref(j), "type"), ""), type);
		strbuf_printf(out, "| %s | %zu |\n", type, n);
	}
	strbuf_adds(out, "\n");
}

static void breaker_section(strbuf *out, const doc_node *cb)
{
	const char *st = str_or(doc_get(cb, "status"), "");
	strbuf_printf(out, "## Circuit Breaker\n\n- **Status:** %s\n", st);
	const doc_node *tr = doc_deref(doc_get(cb, "current_trigger"));
	if (!strcmp(st, "TRIGGERED") && doc_is_map(tr))
		strbuf_printf(out, "- **Pattern:** %s\n- **Severity:** %s\n", str_or(doc_get(tr, "pattern"), ""),
		              str_or(doc_get(tr, "severity"), ""));
	strbuf_adds(out, "\n");
}

void lizago_summary_render(const doc_node *root, time_t now, strbuf *out)
{
	char ts[40];
	const doc_node *sp = doc_deref(doc_get(root, "sprint"));
	const doc_node *tl = doc_deref(doc_get(sp, "timeline"));
	strbuf_printf(out, "# Sprint Summary\n\n**Generated:** %s\n\n", lw_format_time(now, ts, sizeof ts));
	strbuf_printf(out, "## Sprint Status\n\n- **Sprint ID:** %s\n- **Status:** %s → CHECKPOINT\n",
	              str_or(doc_get(sp, "id"), ""), str_or(doc_get(sp, "status"), ""));
	time_t started = time_line(out, "Started", doc_get(tl, "started"));
	time_t deadline = time_line(out, "Deadline", doc_get(tl, "deadline"));
	strbuf_adds(out, "- **Elapsed:** ");
	duration(out, go_sub(now, started));
	int64_t left = go_sub(deadline, now);
	strbuf_adds(out, left > 0 ? "\n- **Remaining:** " : "\n- **Overdue by:** ");
	duration(out, left > 0 ? left : go_neg(left));
	strbuf_adds(out, "\n\n");
	tasks_section(out, doc_get(root, "tasks"));
	metrics_section(out, doc_deref(doc_get(sp, "metrics")));
	agents_section(out, doc_deref(doc_get(root, "agents")));
	const doc_node *an = doc_deref(doc_get(root, "anomalies"));
	if (doc_is_seq(an) && doc_len(an) > 0)
		anomalies_section(out, an);
	breaker_section(out, doc_deref(doc_get(root, "circuit_breaker")));
	strbuf_adds(out, "## Next Steps\n\n- [ ] Review sprint progress and metrics\n- [ ] Address any blocked tasks\n"
	                 "- [ ] Review anomalies and circuit breaker status\n- [ ] Adjust sprint scope if needed\n"
	                 "- [ ] Resume sprint with `liza resume`\n\n");
}
