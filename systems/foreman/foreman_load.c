/* foreman_load.c — <tasks>/<id>/task.yaml files into an fm_state and the
 * neutral model.
 *
 * Upstream writes each task file in place, so one file can be caught half
 * written: a task file that does not read or parse is a problem of that file
 * (core/model/snapshot_file.h) and its task stays on the board as it last
 * read, marked stale, never a failed load, so the other tasks stay live. Only an unreadable tasks folder
 * fails the load. Keys are read by name (upstream does not keep key order);
 * unknown keys are ignored here and kept on write by the editor. */
#include "systems/foreman/foreman.h"
#include "core/util/dirlist.h"
#include "core/model/field.h"
#include "core/model/snapshot_file.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *foreman_tasks_dir(const char *root, char *buf, size_t n)
{
	lw_path_join(buf, n, root, "tasks");
	if (!lw_is_dir(buf))
		snprintf(buf, n, "%s", root);   /* -C named a tasks folder itself */
	return buf;
}

const char *foreman_factory_dir(const char *root, char *buf, size_t n)
{
	char t[LW_PATH_MAX];
	if (strcmp(foreman_tasks_dir(root, t, sizeof t), root) == 0)
		return NULL;
	return lw_path_join(buf, n, root, "factory");
}

static const char *first_line(arena *a, const char *s)
{
	return s ? arena_strndup(a, s, strcspn(s, "\r\n")) : NULL;
}

static void load_criteria(field *r, fm_task *t, const doc_node *root)
{
	arena *a = &r->snap->mem;
	const doc_node *ac = field_seq(r, root, "acceptanceCriteria");
	t->criteria = arena_alloc(a, (doc_len(ac) + 1) * sizeof *t->criteria);
	for (const doc_node *i = doc_seq_first(ac); i; i = i->next) {
		const char *s = doc_str(i);
		if (!s && doc_is_map(i))   /* an object criterion: its text */
			s = doc_str(doc_get(doc_deref(i), "text"));
		if (!s) {
			if (!doc_is_null(i))
				field_bad_type(r, "acceptanceCriteria item", i, "text");
			continue;
		}
		t->criteria[t->ncriteria++].text = s;
	}
	/* Verdicts recorded by the post-execution summary: matched by the
	 * criterion's text, else by position. */
	const doc_node *sum = field_map(r, root, "postExecutionSummary");
	const doc_node *cv = field_seq(r, sum, "criteriaValidation");
	size_t k = 0;
	for (const doc_node *i = doc_seq_first(cv); i; i = i->next, k++) {
		const doc_node *m = doc_deref(i);
		if (!doc_is_map(m))
			continue;
		const char *text = field_str(r, m, "criterion"), *status = field_str(r, m, "status");
		size_t at = t->ncriteria;
		for (size_t c = 0; text && c < t->ncriteria; c++)
			if (strcmp(t->criteria[c].text, text) == 0)
				at = c;
		if (at == t->ncriteria && k < t->ncriteria)
			at = k;
		if (at < t->ncriteria)
			t->criteria[at].verdict = status;
	}
}

static void load_plan(field *r, fm_task *t, const doc_node *root)
{
	const doc_node *plan = doc_get(root, "plan");
	/* Upstream tests `!!plan`: any value that is not null counts. */
	t->has_plan = plan && !doc_is_null(plan);
	const doc_node *steps = doc_is_map(plan) ? field_seq(r, doc_deref(plan), "steps") : NULL;
	t->steps = arena_alloc(&r->snap->mem, (doc_len(steps) + 1) * sizeof *t->steps);
	for (const doc_node *i = doc_seq_first(steps); i; i = i->next)
		if (doc_str(i))
			t->steps[t->nsteps++] = doc_str(i);
}

static void load_history(field *r, fm_task *t, const doc_node *root)
{
	const doc_node *h = field_seq(r, root, "history");
	t->history = arena_alloc(&r->snap->mem, (doc_len(h) + 1) * sizeof *t->history);
	for (const doc_node *i = doc_seq_first(h); i; i = i->next) {
		const doc_node *m = doc_deref(i);
		if (!doc_is_map(m)) {
			field_bad_type(r, "history entry", m, "a mapping");
			continue;
		}
		fm_history *e = &t->history[t->nhistory++];
		e->node = m;
		e->from = field_str(r, m, "from");
		e->to = field_str(r, m, "to");
		e->actor = field_str(r, m, "actor");
		e->reason = field_str(r, m, "reason");
		e->at = field_time(r, m, "timestamp");
	}
}

static void load_task(field *r, fm_task *t, const doc_node *root, const char *dirname)
{
	arena *a = &r->snap->mem;
	t->node = root;
	t->id = field_str(r, root, "id");
	if (!t->id)
		t->id = arena_strdup(a, dirname);
	r->subject = t->id;
	t->title = field_str(r, root, "title");
	t->description = field_str(r, root, "description");
	t->phase_raw = field_str(r, root, "phase");
	t->phase = foreman_phase_read(t->phase_raw);
	if (t->phase != FP_UNKNOWN)
		t->phase_raw = foreman_phase_name(t->phase);   /* as upstream reads it: a missing phase is backlog */
	t->planning_raw = field_str(r, root, "planningStatus");
	t->planning = foreman_planning_parse(t->planning_raw);
	t->assigned = field_str(r, root, "assigned");
	if (!field_int_get(r, root, "order", &t->order))
		t->order = 0;
	t->created = field_time(r, root, "created");
	t->updated = field_time(r, root, "updated");
	const doc_node *b = field_map(r, root, "blocked");
	t->blocked = field_bool(r, b, "isBlocked") == 1;
	t->blocked_reason = field_str(r, b, "reason");
	t->blocked_since = field_time(r, b, "since");
	load_criteria(r, t, root);
	load_plan(r, t, root);
	load_history(r, t, root);
	foreman_facts_of(root, &t->facts);
	t->has_plan = t->facts.has_plan;
	t->mode = foreman_mode_of(t->phase, t->planning, t->has_plan);
}

/* One task folder: 1 loaded, 0 skipped (no task.yaml, or a problem noted
 * and no last good version to show). */
static int load_one(lw_snapshot *snap, fm_state *st, const char *dirname)
{
	char p[LW_PATH_MAX], sub[LW_PATH_MAX];
	lw_path_join(sub, sizeof sub, st->tasks_dir, dirname);
	if (!lw_is_dir(sub)) {
		lw_snapshot_dangling(snap, sub, arena_strdup(&snap->mem, sub));   /* a task folder linked to nothing */
		return 0;
	}
	lw_path_join(p, sizeof p, sub, "task.yaml");
	const char *path = arena_strdup(&snap->mem, p);
	bool stale;
	const doc_node *root = lw_snapshot_file(snap, path, path, "task.yaml must be a mapping (id, title, phase, …)",
	                                        &stale);
	if (!root)
		return 0;
	field r = { .snap = snap, .path = path };
	fm_task *t = &st->tasks[st->ntasks++];
	t->path = r.path;
	t->stale = stale;
	load_task(&r, t, root, dirname);
	return 1;
}

static lw_lane lane_of(fm_phase p)
{
	switch (p) {
	case FP_BACKLOG: return LANE_BACKLOG;
	case FP_READY: return LANE_READY;
	case FP_EXECUTING: return LANE_ACTIVE;
	case FP_COMPLETE: return LANE_REVIEW;     /* upstream: done, the user is reviewing */
	case FP_ARCHIVED: return LANE_DONE;
	default: return LANE_BLOCKED;             /* an unknown phase is nowhere: make it seen */
	}
}

static void project_model(lw_snapshot *snap, const fm_state *st)
{
	arena *a = &snap->mem;
	size_t count[FP_COUNT] = { 0 };
	snap->tasks = arena_alloc(a, (st->ntasks + 1) * sizeof *snap->tasks);
	for (size_t i = 0; i < st->ntasks; i++) {
		const fm_task *t = &st->tasks[i];
		lw_task *m = &snap->tasks[snap->ntasks++];
		m->system = "foreman";
		m->id = t->id;
		const char *title = first_line(a, t->title ? t->title : t->description);
		m->title = t->blocked ? arena_printf(a, "[blocked] %s", title ? title : "") : title;
		if (t->stale)   /* its file no longer reads: the board says this is old */
			m->title = arena_printf(a, "[stale] %s", m->title ? m->title : "");
		m->stale = t->stale;
		m->status = t->phase_raw ? t->phase_raw : "?";
		m->lane = lane_of(t->phase);
		m->assignee = t->assigned;
		m->iteration = m->iteration_max = m->review_cycles = m->review_max = -1;
		m->path = t->path;
		m->node = t->node;
		if (t->phase != FP_UNKNOWN)
			count[t->phase]++;
	}
	snap->workflows = arena_alloc(a, sizeof *snap->workflows);
	lw_workflow *w = &snap->workflows[snap->nworkflows++];
	w->system = "foreman";
	w->name = "tasks";
	/* WIP: executing against its limit is the gauge; ready's limit is in the words. */
	w->phase = arena_printf(a, "ready %zu/%lld", count[FP_READY], st->wip_ready);
	w->iteration = (int)count[FP_EXECUTING];
	w->max = (int)st->wip_executing;
	w->flags = "";
	snap->status_segment = arena_printf(a, "wip %zu/%lld", count[FP_EXECUTING], st->wip_executing);
}

static int cmp_task(const void *pa, const void *pb)
{
	/* Upstream's board order: `order` ascending, then the id. */
	const fm_task *a = pa, *b = pb;
	if (a->order != b->order)
		return a->order < b->order ? -1 : 1;
	return strcmp(a->id, b->id);
}

int foreman_load(const char *root, lw_snapshot *snap, lw_error *err)
{
	fm_state *st = arena_alloc(&snap->mem, sizeof *st);
	char p[LW_PATH_MAX];
	st->tasks_dir = arena_strdup(&snap->mem, foreman_tasks_dir(root, p, sizeof p));
	const char *fd = foreman_factory_dir(root, p, sizeof p);
	st->factory_dir = fd ? arena_strdup(&snap->mem, fd) : NULL;
	lw_dirlist dl;
	if (lw_dirlist_read(&dl, st->tasks_dir) < 0) {
		lw_error_set(err, st->tasks_dir, 0, 0, "cannot read the tasks folder: %s", strerror(errno));
		return -1;
	}
	st->tasks = arena_alloc(&snap->mem, (dl.n + 1) * sizeof *st->tasks);
	for (size_t i = 0; i < dl.n; i++)
		load_one(snap, st, dl.names[i]);
	lw_dirlist_free(&dl);
	if (st->ntasks > 1)
		qsort(st->tasks, st->ntasks, sizeof *st->tasks, cmp_task);
	foreman_load_factory(st, snap);
	snap->sys = st;
	project_model(snap, st);
	foreman_activity_project(snap, st);
	return 0;
}

const fm_task *foreman_find(const fm_state *st, const char *id)
{
	for (size_t i = 0; i < st->ntasks; i++)
		if (strcmp(st->tasks[i].id, id) == 0)
			return &st->tasks[i];
	return NULL;
}
