/* rcs_model.c — an rcs_state into the neutral model: one workflow row per
 * member of the active set (a combined set shows every member, none as
 * primary), then any workflow mode whose file says active outside the set
 * (flagged NOT-IN-SET; other *-state.json files are not workflows); the team
 * runtime's tasks as cards and its workers as agents; the status segment. */
#include "systems/rcs/rcs.h"
#include "core/util/strbuf.h"
#include "core/util/timeparse.h"
#include <string.h>

static bool done(const rcs_state *st, const char *team, const char *raw_id)
{
	for (size_t i = 0; i < st->ntasks; i++)
		if (strcmp(st->tasks[i].team, team) == 0 && strcmp(st->tasks[i].raw_id, raw_id) == 0)
			return st->tasks[i].status && strcmp(st->tasks[i].status, "completed") == 0;
	return false;
}

static lw_lane lane_of(const rcs_state *st, const rcs_task *t)
{
	const char *s = t->status ? t->status : "";
	if (strcmp(s, "pending") == 0) {
		/* Waiting on an unfinished dependency is backlog, not ready. */
		for (size_t i = 0; i < t->ndepends; i++)
			if (!done(st, t->team, t->depends_on[i]))
				return LANE_BACKLOG;
		return LANE_READY;
	}
	if (strcmp(s, "in_progress") == 0)
		return LANE_ACTIVE;
	if (strcmp(s, "completed") == 0)
		return LANE_DONE;
	return LANE_BLOCKED;    /* blocked, failed, or a status we do not know */
}

static void add_workflow(lw_snapshot *snap, const char *name, const char *phase, const rcs_mode *m,
                         const doc_node *fallback, const char *flags)
{
	lw_workflow *w = &snap->workflows[snap->nworkflows++];
	w->system = "rcs";
	w->name = name;
	w->phase = phase ? phase : "-";
	w->iteration = -1;
	w->max = -1;
	if (m && m->max_iterations > 0) {
		w->iteration = m->iteration > 0 ? (int)m->iteration : 0;
		w->max = (int)m->max_iterations;
	}
	bool err = m && (m->error || (m->run_outcome && strcmp(m->run_outcome, "failed") == 0));
	w->flags = arena_printf(&snap->mem, "%s%s%s", flags, *flags && err ? " " : "", err ? "ERROR" : "");
	w->node = m ? m->root : fallback;
}

static void project_workflows(lw_snapshot *snap, const rcs_state *st)
{
	snap->workflows = arena_alloc(&snap->mem, (st->nmembers + st->nmodes + 1) * sizeof *snap->workflows);
	strbuf seg;
	strbuf_init(&seg);
	snap->active_set = arena_alloc(&snap->mem, (st->nmembers + 1) * sizeof *snap->active_set);
	for (size_t i = 0; i < st->nmembers; i++) {
		const rcs_member *m = &st->members[i];
		snap->active_set[snap->nactive_set++] = m->name;
		add_workflow(snap, m->name, m->phase, m->mode, m->entry ? m->entry->node : NULL, "");
		strbuf_printf(&seg, "%s%s", i ? "+" : "", m->name);
	}
	for (size_t i = 0; i < st->nmodes; i++) {
		const rcs_mode *m = &st->modes[i];
		if (!m->active || !rcs_known(m->canon, st->surface) || rcs_set_has(&st->set, m->canon))
			continue;
		add_workflow(snap, m->name, m->phase, m, NULL, "NOT-IN-SET");
		strbuf_printf(&seg, "%s%s", seg.len ? "+" : "", m->name);
	}
	snap->status_segment = arena_strdup(&snap->mem, seg.len ? seg.buf : "idle");
	strbuf_free(&seg);
}

static const char *first_line(arena *a, const char *s)
{
	return s ? arena_strndup(a, s, strcspn(s, "\r\n")) : NULL;
}

void rcs_project(lw_snapshot *snap, const rcs_state *st)
{
	project_workflows(snap, st);
	snap->tasks = arena_alloc(&snap->mem, (st->ntasks + 1) * sizeof *snap->tasks);
	for (size_t i = 0; i < st->ntasks; i++) {
		const rcs_task *t = &st->tasks[i];
		lw_task *m = &snap->tasks[snap->ntasks++];
		m->system = "rcs";
		m->id = t->id;
		m->title = first_line(&snap->mem, t->subject ? t->subject : t->description);
		m->status = t->status ? t->status : "?";
		m->lane = lane_of(st, t);
		m->assignee = t->owner;
		m->iteration = m->iteration_max = m->review_cycles = m->review_max = -1;
		m->path = t->path;
		m->node = t->node;
	}
	snap->agents = arena_alloc(&snap->mem, (st->nworkers + 1) * sizeof *snap->agents);
	for (size_t i = 0; i < st->nworkers; i++) {
		const rcs_worker *w = &st->workers[i];
		lw_agent *a = &snap->agents[snap->nagents++];
		a->system = "rcs";
		a->id = w->name;
		a->role = w->role;
		a->status = w->state;
		a->task = w->task;
		a->heartbeat = w->heartbeat;
		a->node = w->node;
	}
}
