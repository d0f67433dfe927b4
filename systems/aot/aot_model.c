/* aot_model.c — an aot_state into the neutral model: the loop as one
 * workflow (status, iteration gauge, stall and request flags), atoms as
 * cards (executable pending atoms are ready, the rest of pending is
 * backlog), and for each atom a detail tree that gathers what an operator
 * needs beside the atom itself: its binding and OR group, the whole DAG with
 * executable atoms marked, the objective with its checklist (shown, never
 * run), control, trail and corrections. */
#include "systems/aot/aot.h"
#include "core/doc/doc_build.h"
#include "core/util/strbuf.h"
#include <string.h>

static lw_lane lane_of(const aot_atom *a)
{
	switch (a->status) {
	case AS_RESOLVED: return LANE_DONE;
	case AS_IN_PROGRESS: return LANE_ACTIVE;
	case AS_PENDING: return a->executable ? LANE_READY : LANE_BACKLOG;
	default: return LANE_BLOCKED;
	}
}

/* One line per atom: "A2 pending EXECUTABLE <- A1". */
static doc_node *dag_lines(arena *a, const aot_state *st)
{
	doc_node *seq = doc_new_seq(a);
	for (size_t i = 0; i < st->natoms; i++) {
		const aot_atom *x = &st->atoms[i];
		strbuf b;
		strbuf_init(&b);
		strbuf_printf(&b, "%s %s%s", x->id, x->status_raw ? x->status_raw : "?", x->executable ? " EXECUTABLE" : "");
		for (size_t k = 0; k < x->ndeps; k++)
			strbuf_printf(&b, "%s%s", k ? ", " : " <- ", x->deps[k]);
		if (x->or_group)
			strbuf_printf(&b, "  [or: %s]", x->or_group);
		doc_seq_push(a, seq, doc_new_str(a, b.buf));
		strbuf_free(&b);
	}
	return seq;
}

/* The checklist flattened, one line per check, saying what it would run.
 * Nothing here is ever executed: a watcher that ran commands found in a
 * file would be a hole. */
static void checklist_lines(arena *a, doc_node *seq, const doc_node *items, int depth)
{
	for (const doc_node *i = doc_seq_first(items); i && depth < 8; i = i->next) {
		const char *item = doc_str(doc_get(i, "item"));
		const doc_node *check = doc_get(i, "check");
		const doc_node *group = doc_get(i, "group");
		const doc_node *any = doc_get(i, "any_of");
		strbuf b;
		strbuf_init(&b);
		for (int d = 0; d < depth; d++)
			strbuf_adds(&b, "  ");
		strbuf_adds(&b, item ? item : "(item)");
		if (check) {
			const char *type = doc_str(doc_get(check, "type"));
			const char *what = doc_str(doc_get(check, "value"));
			if (!what)
				what = doc_str(doc_get(check, "criteria"));
			strbuf_printf(&b, " [%s]%s%s", type ? type : "?", what ? " " : "", what ? what : "");
		}
		if (group)
			strbuf_adds(&b, " (all of:)");
		if (any)
			strbuf_adds(&b, " (any of:)");
		const char *result = doc_str(doc_get(i, "result"));
		if (!result)
			result = doc_str(doc_get(i, "passed"));
		strbuf_printf(&b, "  -- %s%s", result ? "recorded: " : "not run here", result ? result : "");
		doc_seq_push(a, seq, doc_new_str(a, b.buf));
		strbuf_free(&b);
		checklist_lines(a, seq, group ? group : any, depth + 1);
	}
}

static doc_node *waiting_on(arena *a, const aot_state *st, const aot_atom *x)
{
	if (x->status != AS_PENDING)
		return NULL;
	if (x->executable)
		return doc_new_str(a, "yes: every dependency is resolved");
	strbuf b;
	strbuf_init(&b);
	strbuf_adds(&b, "no: ");
	bool any = false;
	for (size_t k = 0; k < x->ndeps; k++) {
		const aot_atom *d = aot_find_atom(st, x->deps[k]);
		if (d && d->status == AS_RESOLVED)
			continue;
		strbuf_printf(&b, "%s%s (%s)", any ? ", " : "waits on ", x->deps[k], d ? d->status_raw ? d->status_raw : "?" : "no such atom");
		any = true;
	}
	if (!any)
		strbuf_adds(&b, "an alternative its OR group did not select");
	doc_node *n = doc_new_str(a, b.buf);
	strbuf_free(&b);
	return n;
}

static const doc_node *detail_of(arena *a, const aot_state *st, const aot_atom *x, const doc_node *dag,
                                 const doc_node *checklist)
{
	doc_node *m = doc_new_map(a);
	for (const doc_node *k = doc_map_first(x->node); k; k = doc_map_next(k))
		if (doc_str(k))
			doc_map_put(a, m, doc_str(k), k->next);
	doc_map_put(a, m, "executable", waiting_on(a, st, x));
	doc_map_put(a, m, "binding", doc_get(st->bindings, x->id));
	if (x->or_group)
		doc_map_put(a, m, "or_group_state", doc_get(st->or_groups, x->or_group));
	doc_map_put(a, m, "dag", dag);
	doc_map_put(a, m, "checklist", checklist);
	doc_map_put(a, m, "control", st->control);
	doc_map_put(a, m, "objective", st->objective);
	doc_map_put(a, m, "or_groups", st->or_groups);
	doc_map_put(a, m, "decompositions", st->decompositions);
	doc_map_put(a, m, "bindings", st->bindings);
	doc_map_put(a, m, "trail", st->trail);
	doc_map_put(a, m, "corrections", st->corrections);
	return m;
}

static const char *first_line(arena *a, const char *s)
{
	return s && *s ? arena_strndup(a, s, strcspn(s, "\r\n")) : NULL;
}

static void project_workflow(lw_snapshot *snap, const aot_state *st)
{
	arena *a = &snap->mem;
	snap->workflows = arena_alloc(a, sizeof *snap->workflows);
	lw_workflow *w = &snap->workflows[snap->nworkflows++];
	w->system = "aot";
	w->name = first_line(a, st->goal);
	if (!w->name)
		w->name = "aot-loop";
	w->phase = st->status ? st->status : "-";
	w->iteration = (int)st->iteration;
	w->max = (int)st->max_iterations;
	strbuf f;
	strbuf_init(&f);
	if (st->stall_count > 0)
		strbuf_printf(&f, "STALL %lld/%lld ", st->stall_count, st->max_stall_count);
	if (st->stop_requested)
		strbuf_adds(&f, "STOP-REQUESTED ");
	if (st->redirect_requested)
		strbuf_adds(&f, "REDIRECT ");
	w->flags = arena_strdup(a, f.len ? f.buf : "");
	strbuf_free(&f);
	w->node = st->root;
	/* "5/20 stall 1/3"; a loop that is not running says so first. */
	bool running = st->status && strcmp(st->status, "running") == 0;
	snap->status_segment = arena_printf(a, "%s%s%lld/%lld stall %lld/%lld", running ? "" : st->status ? st->status : "?",
	                                    running ? "" : " ", st->iteration, st->max_iterations, st->stall_count,
	                                    st->max_stall_count);
}

void aot_project(lw_snapshot *snap, aot_state *st)
{
	arena *a = &snap->mem;
	project_workflow(snap, st);
	const doc_node *dag = dag_lines(a, st);
	doc_node *checklist = doc_new_seq(a);
	const doc_node *bc = st->base_case;
	if (doc_get(bc, "checklist"))
		checklist_lines(a, checklist, doc_get(bc, "checklist"), 0);
	else if (bc) {   /* legacy {type, value} */
		const char *type = doc_str(doc_get(bc, "type")), *value = doc_str(doc_get(bc, "value"));
		doc_seq_push(a, checklist, doc_new_strf(a, "base case [%s] %s  -- not run here", type ? type : "?",
		                                         value ? value : ""));
	}
	snap->tasks = arena_alloc(a, (st->natoms + 1) * sizeof *snap->tasks);
	for (size_t i = 0; i < st->natoms; i++) {
		aot_atom *x = &st->atoms[i];
		x->detail = detail_of(a, st, x, dag, checklist);
		lw_task *t = &snap->tasks[snap->ntasks++];
		t->system = "aot";
		t->id = x->id;
		t->title = first_line(a, x->description);
		t->status = x->status_raw ? x->status_raw : "?";
		t->lane = lane_of(x);
		t->iteration = t->iteration_max = t->review_cycles = t->review_max = -1;
		t->path = st->path;
		t->node = x->detail;
	}
}
