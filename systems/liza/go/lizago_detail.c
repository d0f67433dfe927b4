/* lizago_detail.c — the detail view's lines for a task of today's Liza:
 * what no single field says (its role pair and quorum progress, attempt and
 * cycle budgets, the rejection-RCA gate, what Liza does next) and the
 * project's health (agents, circuit breaker, sprint, mode). */
#include "systems/liza/go/lizago_detail.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "systems/liza/go/lizago_tx.h"
#include "core/util/escape.h"
#include <stdio.h>
#include <string.h>

static void line(strbuf *out, const char *label, const char *text)
{
	strbuf_printf(out, "%-14s %s\n", label, text ? text : "-");
}

void lizago_detail(const lizago_state *st, const lw_task *lt, time_t now, strbuf *out)
{
	(void)now;
	const lg_task *t = lizago_find_task(st, lt->id);
	char b[512], nb[256];
	line(out, "generation", st->pipeline.embedded ? "today's Liza (Go), embedded pipeline"
	                                               : "today's Liza (Go), project pipeline");
	if (!t)
		return;
	const lg_pair *p = t->pair;
	snprintf(b, sizeof b, "%s / %s (%s, %s -> %s)", t->type ? t->type : "coding",
	         t->role_pair ? t->role_pair : "-", lizago_cat_name(t->st.cat), p && p->doer ? p->doer : "?",
	         p && p->reviewer ? p->reviewer : "?");
	line(out, "type / pair", b);
	snprintf(b, sizeof b, "%zu/%d", t->napprovals, t->quorum);
	for (size_t i = 0; i < t->napprovals; i++) {
		size_t n = strlen(b);
		snprintf(b + n, sizeof b - n, "%s%s%s%s%s", i ? ", " : " (", t->approvals[i].agent ? t->approvals[i].agent : "?",
		         t->approvals[i].provider && *t->approvals[i].provider ? "@" : "",
		         t->approvals[i].provider ? t->approvals[i].provider : "", i + 1 == t->napprovals ? ")" : "");
	}
	line(out, "approvals", b);
	if (t->impact != LGI_STANDARD || (p && lizago_max_quorum(p) != p->quorum)) {
		snprintf(b, sizeof b, "%s (quorum %d; base %d)", lizago_impact_name(t->impact), t->quorum, p ? p->quorum : 1);
		line(out, "impact", b);
	}
	snprintf(b, sizeof b, "attempt %lld/2, iteration %lld/%lld, review cycles %lld/%lld (total %lld)",
	         t->attempt >= 1 ? t->attempt : 1, t->iteration, lizago_iteration_limit(st, t), t->review_cycles_current,
	         lizago_review_limit(st), t->review_cycles_total);
	line(out, "budget", b);
	if (t->rca) {
		snprintf(b, sizeof b, "%s (%lld rejections, threshold %lld)", t->rca, t->rca_count, t->rca_threshold);
		line(out, "rejection RCA", b);
	}
	line(out, "next", lizago_next_step(st, t, nb, sizeof nb));
	size_t degraded = 0;
	for (size_t i = 0; i < st->nagents; i++)
		degraded += st->agents[i].health && strcmp(st->agents[i].health, "degraded") == 0;
	snprintf(b, sizeof b, "%zu registered, %zu degraded", st->nagents, degraded);
	line(out, "agents", b);
	for (size_t i = 0; i < st->nagents; i++)
		if (st->agents[i].health && strcmp(st->agents[i].health, "degraded") == 0) {
			snprintf(b, sizeof b, "%s (%s): degraded%s%s", st->agents[i].id, st->agents[i].role ? st->agents[i].role : "?",
			         st->agents[i].health_reason ? ": " : "", st->agents[i].health_reason ? st->agents[i].health_reason : "");
			line(out, "", b);
		}
	snprintf(b, sizeof b, "%s%s%s", st->cb_status ? st->cb_status : "OK", st->cb_pattern ? " pattern=" : "",
	         st->cb_pattern ? st->cb_pattern : "");
	line(out, "circuit", b);
	snprintf(b, sizeof b, "%s %s, mode %s", st->sprint_id ? st->sprint_id : "-",
	         st->sprint_status ? st->sprint_status : "-", st->config.mode ? st->config.mode : "RUNNING");
	line(out, "sprint", b);
}
