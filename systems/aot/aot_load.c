/* aot_load.c — `.claude/aot-loop-state.md` into an aot_state and the
 * neutral model.
 *
 * Only the front matter is parsed, and it is parsed in place (the buffer is
 * the whole file, cut at the closing '---'), so every node's byte span and
 * line are the whole file's: an edit splices into the right place and the
 * Markdown body after it is never touched. What the State Contract forbids
 * (a missing section, duplicate ids, a cycle…) is a problem reported as
 * invalid_state; only a file we cannot read as front matter fails. */
#include "systems/aot/aot.h"
#include "core/model/field.h"
#include "core/util/fileio.h"
#include <stdlib.h>
#include <string.h>

static const char *const status_names[] = { "?", "pending", "in_progress", "resolved" };

aot_status aot_status_parse(const char *s)
{
	if (s)
		for (int i = 1; i < 4; i++)
			if (strcmp(s, status_names[i]) == 0)
				return (aot_status)i;
	return AS_UNKNOWN;
}

static const doc_node *section(field *f, const doc_node *root, const char *key, doc_kind kind, bool required)
{
	f->subject = key;
	const doc_node *v = doc_get(root, key);
	if (!v || doc_is_null(v)) {
		if (required)
			field_problem(f, "sections", NULL, "required section '%s' is missing", key);
		return NULL;
	}
	return kind == DOC_MAP ? field_map(f, root, key) : field_seq(f, root, key);
}

static void load_objective(field *f, aot_state *st)
{
	const doc_node *o = st->objective;
	f->subject = "objective";
	/* validate_state.py: an objective without goal or base_case is invalid
	 * (empty values are the gate's business, not validity's). */
	if (o && !doc_get(o, "goal"))
		field_problem(f, "objective", o, "objective.goal is missing");
	if (o && !doc_get(o, "base_case"))
		field_problem(f, "objective", o, "objective.base_case is missing");
	st->goal = field_str(f, o, "goal");
	st->background_intent = field_str(f, o, "background_intent");
	st->deliverables = field_str(f, o, "deliverables");
	st->definition_of_done = field_str(f, o, "definition_of_done");
	st->base_case = field_map(f, o, "base_case");
	st->constraints = field_map(f, o, "constraints");
	f->subject = "constraints";
	/* Defaults are the template's: 20 iterations, 3 agents, 3 stalls. */
	st->max_iterations = field_limit(f, st->constraints, "max_iterations", 20);
	st->max_parallel_agents = field_limit(f, st->constraints, "max_parallel_agents", 3);
	st->max_stall_count = field_limit(f, st->constraints, "max_stall_count", 3);
}

static void load_control(field *f, aot_state *st)
{
	const doc_node *c = st->control;
	f->subject = "control";
	/* validate_state.py warns (the file stays valid) without these three. */
	static const char *const counters[] = { "status", "iteration", "stall_count" };
	for (size_t i = 0; c && i < 3; i++)
		if (!doc_get(c, counters[i]))
			field_problem(f, "control_fields", c, "control.%s is missing", counters[i]);
	st->status = field_str(f, c, "status");
	static const char *const known[] = { "pending", "running", "stopped", "completed" };
	bool ok = !st->status;
	for (size_t i = 0; i < 4 && !ok; i++)
		ok = strcmp(st->status, known[i]) == 0;
	if (!ok)
		field_problem(f, "status", doc_get(c, "status"), "unknown control status '%s' (pending, running, stopped, "
		            "completed)", st->status);
	st->iteration = field_int(f, c, "iteration", 0);
	st->stall_count = field_int(f, c, "stall_count", 0);
	st->prev_pending_count = field_int(f, c, "prev_pending_count", -1);
	st->stop_requested = field_bool(f, c, "stop_requested") == 1;
	st->stop_reason = field_str(f, c, "stop_reason");
	st->redirect_requested = field_bool(f, c, "redirect_requested") == 1;
}

static void load_atoms(field *f, lw_snapshot *snap, aot_state *st)
{
	const doc_node *seq = st->atoms_node;
	st->atoms = arena_alloc(&snap->mem, (doc_len(seq) + 1) * sizeof *st->atoms);
	if (seq && !doc_len(seq)) {
		f->subject = "atoms";
		field_problem(f, "atoms", seq, "no atoms: the work graph needs at least one");
	}
	size_t index = 0;
	for (const doc_node *i = doc_seq_first(seq); i; i = i->next, index++) {
		const doc_node *m = doc_deref(i);
		f->subject = "atoms";
		if (m->kind != DOC_MAP) {
			field_problem(f, "types", m, "atoms[%zu] must be a mapping", index);
			continue;
		}
		aot_atom *a = &st->atoms[st->natoms++];
		a->node = m;
		a->id = field_str(f, m, "id");
		if (!a->id) {
			field_problem(f, "atom_id", m, "atoms[%zu] has no id", index);
			a->id = arena_printf(&snap->mem, "atoms[%zu]", index);
		}
		f->subject = a->id;
		a->description = field_str(f, m, "description");
		a->status_raw = field_str(f, m, "status");
		a->status = aot_status_parse(a->status_raw);
		if (a->status == AS_UNKNOWN)
			field_problem(f, "status", doc_get(m, "status") ? doc_get(m, "status") : m,
			            "unknown atom status '%s' (pending, in_progress, resolved)",
			            a->status_raw ? a->status_raw : "");
		a->or_group = field_str(f, m, "or_group");
		a->deps = field_strv(f, m, "depends_on", &a->ndeps);
	}
}

int aot_load(const char *path, lw_snapshot *snap, lw_error *err)
{
	char *buf;
	size_t len;
	int rc = lw_read_file(path, doc_default_limits.max_bytes, &buf, &len, err);
	if (rc == LW_READ_MISSING) {
		lw_error_set(err, path, 0, 0, "missing (the AoT loop state was removed)");
		return -1;
	}
	if (rc != LW_READ_OK)
		return -1;
	size_t yaml_end, body;
	switch (aot_front_matter(buf, len, &yaml_end, &body)) {
	case AOT_FM_NO_OPEN:
		free(buf);
		lw_error_set(err, path, 1, 1, "no front matter: the file must start with a '---' line");
		return -1;
	case AOT_FM_NO_CLOSE:
		free(buf);
		lw_error_set(err, path, 0, 0, "not ready: the front matter has no closing '---' line yet "
		             "(the file is being written?)");
		return -1;
	default:
		break;
	}
	/* The snapshot owns the whole buffer; the parser sees the front matter. */
	const doc *d = lw_snapshot_parse(snap, buf, yaml_end, path, err);
	snap->state_bytes += len - yaml_end;
	if (!d)
		return -1;
	const doc_node *root = doc_deref(d->root);
	if (doc_is_null(root))
		root = NULL;   /* an empty front matter: every section is missing */
	if (root && root->kind != DOC_MAP) {
		lw_error_set(err, path, root->line, root->col, "the front matter must be a mapping (objective, control, "
		             "atoms, …)");
		return -1;
	}
	aot_state *st = arena_alloc(&snap->mem, sizeof *st);
	st->path = arena_strdup(&snap->mem, path);
	st->root = root;
	field f = { .snap = snap, .path = st->path, .subject = "front matter", .mem = &snap->mem };
	st->objective = section(&f, root, "objective", DOC_MAP, true);
	st->control = section(&f, root, "control", DOC_MAP, true);
	st->atoms_node = section(&f, root, "atoms", DOC_SEQ, true);
	st->decompositions = section(&f, root, "decompositions", DOC_SEQ, false);
	st->or_groups = section(&f, root, "or_groups", DOC_MAP, false);
	st->bindings = section(&f, root, "bindings", DOC_MAP, false);
	st->trail = section(&f, root, "trail", DOC_SEQ, false);
	st->corrections = section(&f, root, "corrections", DOC_SEQ, false);
	load_objective(&f, st);
	load_control(&f, st);
	load_atoms(&f, snap, st);
	aot_dag(snap, st);
	snap->sys = st;
	aot_project(snap, st);
	return 0;
}
