/* liza_sim_read.c — questions the simulated team asks of a loaded Liza
 * state: who is a coder, what an agent holds, whether a task's
 * dependencies are merged, when something last happened to a task. */
#include "systems/liza/shell/liza_sim.h"
#include "systems/liza/shell/liza.h"
#include "core/util/timeparse.h"
#include <stdlib.h>
#include <string.h>

bool liza_sim_is_role(const liza_agent *ag, const char *role)
{
	if (ag->role)
		return strcmp(ag->role, role) == 0;
	size_t n = strlen(role);   /* no role field: the id says it (coder-2) */
	return strncmp(ag->id, role, n) == 0 && ag->id[n] == '-';
}

const liza_task *liza_sim_active_task(const liza_state *st, const char *agent)
{
	for (size_t i = 0; i < st->ntasks; i++) {
		const liza_task *t = &st->tasks[i];
		if (t->assigned_to && strcmp(t->assigned_to, agent) == 0 &&
		    (t->status == LS_CLAIMED || t->status == LS_READY_FOR_REVIEW || t->status == LS_REJECTED))
			return t;
	}
	return NULL;
}

bool liza_sim_deps_merged(const liza_state *st, const liza_task *t)
{
	for (size_t i = 0; i < t->depends_on.n; i++) {
		const liza_task *d = liza_find_task(st, t->depends_on.v[i]);
		if (!d || d->status != LS_MERGED)
			return false;
	}
	return true;
}

time_t liza_sim_last_event(const liza_task *t, const char *event)
{
	time_t last = LW_NO_TIME;
	for (size_t i = 0; i < t->nhistory; i++)
		if (t->history[i].event && strcmp(t->history[i].event, event) == 0 && t->history[i].time != LW_NO_TIME &&
		    (last == LW_NO_TIME || t->history[i].time > last))
			last = t->history[i].time;
	return last;
}

const liza_agent *liza_sim_first_with_role(const liza_state *st, const char *role)
{
	for (size_t i = 0; i < st->nagents; i++)
		if (doc_is_map(st->agents[i].node) && liza_sim_is_role(&st->agents[i], role))
			return &st->agents[i];
	return NULL;
}

const liza_agent *liza_sim_holder(const liza_state *st, const liza_task *t, const char *role)
{
	const liza_agent *ag = t->assigned_to ? liza_find_agent(st, t->assigned_to) : NULL;
	return ag && doc_is_map(ag->node) && liza_sim_is_role(ag, role) ? ag : NULL;
}

bool liza_sim_status_is(const liza_agent *ag, const char *s)
{
	return ag->status && strcmp(ag->status, s) == 0;
}

bool liza_sim_needs_repair(const liza_state *st, const liza_agent *ag)
{
	if (!doc_is_map(ag->node) || !ag->status)
		return false;
	const liza_task *t = ag->current_task ? liza_find_task(st, ag->current_task) : NULL;
	bool mine = t && t->assigned_to && strcmp(t->assigned_to, ag->id) == 0;
	if (liza_sim_status_is(ag, "WORKING") || liza_sim_status_is(ag, "HANDOFF"))
		return !mine || (t->status != LS_CLAIMED && t->status != LS_REJECTED);
	if (liza_sim_status_is(ag, "REVIEWING"))
		return !t || t->status != LS_READY_FOR_REVIEW || !t->reviewing_by || strcmp(t->reviewing_by, ag->id) != 0;
	if (liza_sim_status_is(ag, "WAITING") && ag->current_task)
		return !mine || (t->status != LS_READY_FOR_REVIEW && t->status != LS_APPROVED);
	return false;
}

const liza_task *liza_sim_oldest_review(const liza_state *st, size_t *count)
{
	const liza_task *best = NULL;
	time_t best_t = LW_NO_TIME;
	*count = 0;
	for (size_t i = 0; i < st->ntasks; i++) {
		const liza_task *t = &st->tasks[i];
		if (t->status != LS_READY_FOR_REVIEW)
			continue;
		(*count)++;
		time_t s = liza_sim_last_event(t, "submitted_for_review");
		if (!best || (best_t != LW_NO_TIME && (s == LW_NO_TIME || s < best_t))) {
			best = t;
			best_t = s;
		}
	}
	return best;
}

/* Does from depend, directly or not, on target? Depth-first with a visited
 * mark per task, so shared dependencies are walked once. */
static bool reach(const liza_state *st, const liza_task *from, const liza_task *target, unsigned char *seen)
{
	if (from == target)
		return true;
	size_t i = (size_t)(from - st->tasks);
	if (seen[i])
		return false;
	seen[i] = 1;
	for (size_t k = 0; k < from->depends_on.n; k++) {
		const liza_task *d = liza_find_task(st, from->depends_on.v[k]);
		if (d && reach(st, d, target, seen))
			return true;
	}
	return false;
}

bool liza_sim_reaches(const liza_state *st, const liza_task *from, const liza_task *target)
{
	unsigned char *seen = calloc(st->ntasks + 1, 1);
	if (!seen)
		return true;   /* cannot tell: say yes, so no dependency is added */
	bool r = reach(st, from, target, seen);
	free(seen);
	return r;
}
