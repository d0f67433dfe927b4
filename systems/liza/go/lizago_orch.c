/* lizago_orch.c — the Go watcher's ORCHESTRATOR MISSING check (internal/
 * commands/watch.go checkMissingOrchestrator over evaluateOrchestratorPresence
 * and orchestratorAbsentSince): a running goal whose pipeline declares an
 * orchestrator-type role needs one agent of such a role holding effective
 * ownership (ops.AgentProcessOwnership: lease-first, so a fresh lease counts
 * whatever its process looks like). Absence is alerted once it has lasted
 * OrchestratorMissingGracePeriod, which absorbs launch ordering and
 * supervisor restarts.
 *
 * Liza's watcher times the absence from the tick that first saw it and keeps
 * that in memory; liza-watch reads one state at a time, so it times it from
 * what the state shows: the moment the last orchestrator row stopped holding
 * ownership (its lease's expiry, or for a row without a lease its heartbeat
 * plus the liveness window), never before the goal was created. With no such
 * evidence it is the goal's creation, and with no creation time the absence
 * is taken to start now (no alert, as on Liza's first tick).
 * docs/systems/liza-go.md states the difference. */
#include "systems/liza/go/lizago_orch.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "systems/liza/go/lizago_rule.h"
#include <stdio.h>
#include <string.h>

enum {
	MISSING_GRACE = 60,           /* watch.go OrchestratorMissingGracePeriod */
	LEASE_GRACE = 120,            /* models.LeaseExpiryGracePeriod */
	HEARTBEAT_DEFAULT = 60,       /* models.DefaultHeartbeatIntervalSec */
	HEARTBEAT_MAX = 300,          /* models.MaxHeartbeatIntervalSeconds */
};

/* models.AgentLivenessWindow: NormalizeHeartbeatInterval + lease grace. */
static time_t liveness_window(const lizago_state *st)
{
	long long hb = st->config.heartbeat_interval;
	if (hb <= 0 || hb > HEARTBEAT_MAX)
		hb = HEARTBEAT_DEFAULT;
	return (time_t)hb + LEASE_GRACE;
}

/* When the row's ownership ends (occupied while now is before it), or
 * LW_NO_TIME when the row never holds it: a registration with no role or
 * no heartbeat (models.AgentRegistrationLive, and the heartbeat Liza's
 * watcher test requires beside a fresh lease). */
static time_t owned_until(const lizago_state *st, const lg_agent *a)
{
	if (!a->role || !*a->role || a->heartbeat == LW_NO_TIME)
		return LW_NO_TIME;
	return a->lease_expires != LW_NO_TIME ? a->lease_expires : a->heartbeat + liveness_window(st);
}

void lizago_orch(lizago_check_ctx *c)
{
	const lizago_state *st = c->st;
	const lg_pipeline *p = &st->pipeline;
	time_t now = c->ctx->now;
	/* Liza's check needs its pipeline resolver: none without pipeline.yaml,
	 * none when it does not read */
	if (st->pipeline_missing || st->pipeline_error || p->norchestrators == 0)
		return;
	const char *mode = st->config.mode && *st->config.mode ? st->config.mode : "RUNNING";
	if (strcmp(mode, "RUNNING") != 0 || !st->goal_status || strcmp(st->goal_status, "IN_PROGRESS") != 0)
		return;
	time_t since = LW_NO_TIME, until = LW_NO_TIME;
	char stale[512] = "";
	size_t used = 0;
	for (size_t i = 0; i < c->nagents; i++) {   /* sorted by id, as Liza walks them */
		const lg_agent *a = c->agents[i];
		if (!lizago_pipeline_orchestrator(p, a->role))
			continue;
		time_t end = owned_until(st, a);
		if (end != LW_NO_TIME && end > now) {
			if (until == LW_NO_TIME || end > until)
				until = end;
			continue;
		}
		if (end != LW_NO_TIME && (since == LW_NO_TIME || end > since))
			since = end;
		if (used < sizeof stale)
			used += (size_t)snprintf(stale + used, sizeof stale - used, "%s%s lease_expired_or_stale",
			                         used ? ", " : "", a->id);
	}
	if (until != LW_NO_TIME) {
		/* present: the answer changes when the last ownership ends */
		lw_check_deadline(c->ctx, until + MISSING_GRACE);
		return;
	}
	if (st->goal_created != LW_NO_TIME && (since == LW_NO_TIME || st->goal_created > since))
		since = st->goal_created;
	if (since == LW_NO_TIME || since > now)
		since = now;
	if (!lw_check_due(c->ctx, since + MISSING_GRACE))
		return;
	char roles[256] = "";
	size_t rn = 0;
	for (size_t i = 0; i < p->norchestrators && rn < sizeof roles; i++)
		rn += (size_t)snprintf(roles + rn, sizeof roles - rn, "%s%s", i ? "/" : "", p->orchestrators[i]);
	char at[32];
	lw_format_time(since, at, sizeof at);
	lw_check_emit(c->ctx, LW_CRIT, "liza", "orchestrator_missing", roles, NULL, since,
	              "no live %s agent while goal is IN_PROGRESS (absent since %s%s%s); planning, blocked-task "
	              "assessment and checkpoints are not being handled; start one with 'liza agent %s'",
	              roles, at, *stale ? "; last row: " : "", stale, p->orchestrators[0]);
}
