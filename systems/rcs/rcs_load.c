/* rcs_load.c — an RCS state folder into an rcs_state and the neutral model.
 *
 * Scope (docs/systems/rcs.md): session.json names the current session; its
 * folder sessions/<id>/ is authoritative and the root folder is the
 * compatibility fallback. The active set comes from skill-active-state.json
 * (session copy, then the root entries a session may see), never from the
 * legacy top-level `skill` unless active_skills is empty. A file we cannot
 * parse fails the load (the HUD keeps the last good snapshot): upstream
 * writes these files in place, so a half-written one is common and brief. */
#include "systems/rcs/rcs.h"
#include "core/model/field.h"
#include "core/model/snapshot_file.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>

#define MAX_MODE_FILES 256
#define MAX_ENTRIES 1024

typedef struct ld {
	lw_snapshot *snap;
	rcs_state *st;
	field f;
	size_t cap_entries, cap_modes;
} ld;

static const char *scope_dir(ld *l, bool session)
{
	if (!session)
		return l->st->base;
	char p[LW_PATH_MAX];
	snprintf(p, sizeof p, "%s/sessions/%s", l->st->base, l->st->session_id);
	return arena_strdup(&l->snap->mem, p);
}

static const char *join(ld *l, const char *dir, const char *name)
{
	char p[LW_PATH_MAX];
	return arena_strdup(&l->snap->mem, lw_path_join(p, sizeof p, dir, name));
}

static int load_session(ld *l, lw_error *err)
{
	rcs_state *st = l->st;
	st->session_path = join(l, st->base, "session.json");
	const doc_node *root;
	int rc = rcs_read_json(l->snap, st->session_path, &root, err);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	l->f = (field){ .snap = l->snap, .path = st->session_path, .subject = "session.json", .mem = &l->snap->mem };
	const char *id = field_str(&l->f, root, "session_id");
	if (!id)
		return 0;
	/* The id becomes a path: anything but the pattern could climb out. */
	if (rcs_session_id_ok(id))
		st->session_id = id;
	else
		st->bad_session_id = id;
	return 0;
}

/* May the current view see an entry or a mode file of this session? */
static bool visible(const rcs_state *st, const char *sid)
{
	return !st->session_id || !sid || !*sid || strcmp(sid, st->session_id) == 0;
}

static rcs_entry *new_entry(ld *l)
{
	rcs_state *st = l->st;
	if (st->nentries == l->cap_entries) {
		size_t cap = l->cap_entries ? l->cap_entries * 2 : 16;
		rcs_entry *v = arena_alloc(&l->snap->mem, cap * sizeof *v);
		if (st->nentries)
			memcpy(v, st->entries, st->nentries * sizeof *v);
		st->entries = v;
		l->cap_entries = cap;
	}
	return &st->entries[st->nentries++];
}

static int load_skills(ld *l, const char *dir, lw_error *err)
{
	const char *path = join(l, dir, "skill-active-state.json");
	const doc_node *root;
	int rc = rcs_read_json(l->snap, path, &root, err);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	l->f = (field){ .snap = l->snap, .path = path, .subject = "skill-active-state", .mem = &l->snap->mem };
	if (rcs_is_omx(l->st->surface) && doc_is_map(root) && rcs_omx_terminal(root))
		return 0;
	const doc_node *list = field_seq(&l->f, root, "active_skills");
	for (const doc_node *i = doc_seq_first(list); i && l->st->nentries < MAX_ENTRIES; i = i->next) {
		const doc_node *m = doc_deref(i);
		if (m->kind != DOC_MAP) {
			field_problem(&l->f, "types", m, "an active_skills entry must be an object");
			continue;
		}
		const char *skill = field_str(&l->f, m, "skill");
		if (!skill) {
			field_problem(&l->f, "types", m, "an active_skills entry without a skill");
			continue;
		}
		const char *sid = field_str(&l->f, m, "session_id");
		if (!visible(l->st, sid))
			continue;
		rcs_entry *e = new_entry(l);
		e->skill = skill;
		e->canon = rcs_canon(skill);
		e->phase = field_str(&l->f, m, "phase");
		e->session_id = sid;
		e->active = field_bool(&l->f, m, "active") != 0;
		e->updated_at = field_time(&l->f, m, "updated_at");
		e->file = path;
		e->node = m;
	}
	if (doc_len(list))
		return 0;
	/* Legacy: only an empty list lets the top-level skill speak. */
	const char *skill = field_str(&l->f, root, "skill");
	const char *sid = field_str(&l->f, root, "session_id");
	if (skill && field_bool(&l->f, root, "active") == 1 && visible(l->st, sid)) {
		rcs_entry *e = new_entry(l);
		e->skill = skill;
		e->canon = rcs_canon(skill);
		e->phase = field_str(&l->f, root, "phase");
		e->session_id = sid;
		e->active = true;
		e->updated_at = field_time(&l->f, root, "updated_at");
		e->file = path;
		e->node = root;
	}
	return 0;
}

void rcs_active_set(const rcs_entry *e, size_t n, rcs_set *out, const rcs_entry **first)
{
	out->n = 0;
	for (size_t i = 0; i < n; i++) {
		if (!e[i].active || rcs_set_has(out, e[i].canon) || out->n == RCS_MAX_SET)
			continue;
		if (first)
			first[out->n] = &e[i];
		out->v[out->n++] = e[i].canon;
	}
}

static const char *error_text(ld *l, const doc_node *m)
{
	const doc_node *v = doc_get(m, "error");
	if (!v || doc_is_null(v))
		return NULL;
	if (v->kind == DOC_SCALAR) {
		bool b;
		if (doc_bool(v, &b) == DOC_OK && !b)
			return NULL;
		return *v->u.scalar.str ? v->u.scalar.str : NULL;
	}
	const char *msg = doc_str(doc_get(v, "message"));
	return msg ? msg : arena_printf(&l->snap->mem, "%s set", v->kind == DOC_MAP ? "an error object" : "errors");
}

static rcs_mode *find_mode(rcs_state *st, const char *name)
{
	for (size_t i = 0; i < st->nmodes; i++)
		if (strcmp(st->modes[i].name, name) == 0)
			return &st->modes[i];
	return NULL;
}

static int load_mode(ld *l, const char *dir, const char *name, const char *file, bool session, lw_error *err)
{
	rcs_state *st = l->st;
	if (find_mode(st, name))
		return 0;             /* the session's copy was read first and wins */
	const char *path = join(l, dir, file);
	const doc_node *root;
	int rc = rcs_read_json(l->snap, path, &root, err);
	if (rc < 0 && err->code) {
		/* A mode file that cannot be read at all (a FIFO, permissions, a
		 * link to nothing) will not read better in a moment: one alert
		 * about it, and the session and the other modes stay. */
		lw_snapshot_unread(l->snap, path, err);
		lw_error_clear(err);
		return 0;
	}
	if (rc != 0)
		return rc < 0 ? -1 : 0;   /* gone since listed: fine */
	l->f = (field){ .snap = l->snap, .path = path, .subject = name, .mem = &l->snap->mem };
	const char *sid = field_str(&l->f, root, "session_id");
	if (!sid)
		sid = field_str(&l->f, root, "owner_omx_session_id");
	if (!session && !visible(st, sid))
		return 0;             /* another session's root file */
	if (st->nmodes == l->cap_modes)
		return 0;
	rcs_mode *m = &st->modes[st->nmodes++];
	m->name = name;
	m->canon = rcs_canon(name);
	m->path = path;
	m->root = root;
	m->session_scope = session;
	m->active = field_bool(&l->f, root, "active") == 1;
	m->phase = field_str(&l->f, root, "current_phase");
	m->task = field_str(&l->f, root, "task_description");
	m->error = error_text(l, root);
	m->run_outcome = field_str(&l->f, root, "run_outcome");
	m->session_id = sid;
	m->team_name = field_str(&l->f, root, "team_name");
	m->iteration = field_int(&l->f, root, "iteration", FLD_UNSET);
	m->max_iterations = field_limit(&l->f, root, "max_iterations", FLD_UNSET);
	m->last_turn_at = field_time(&l->f, root, "last_turn_at");
	m->updated_at = field_time(&l->f, root, "updated_at");
	return 0;
}

static int load_modes(ld *l, lw_error *err)
{
	rcs_state *st = l->st;
	const char *dirs[2] = { st->session_id ? scope_dir(l, true) : NULL, st->base };
	const char **names[2] = { NULL, NULL };
	size_t n[2] = { 0, 0 };
	for (int pass = 0; pass < 2; pass++)
		if (dirs[pass])
			n[pass] = rcs_list_dir(&l->snap->mem, dirs[pass], false, MAX_MODE_FILES, &names[pass]);
	l->cap_modes = n[0] + n[1];
	st->modes = arena_alloc(&l->snap->mem, (l->cap_modes + 1) * sizeof *st->modes);
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n[pass]; i++) {
			const char *mode = rcs_mode_of_file(&l->snap->mem, names[pass][i]);
			if (mode && load_mode(l, dirs[pass], mode, names[pass][i], pass == 0, err) < 0)
				return -1;
		}
	return 0;
}

/* The mode file of a member: the active one when both spellings exist. */
static const rcs_mode *mode_for(const rcs_state *st, const char *canon)
{
	const rcs_mode *found = NULL;
	for (size_t i = 0; i < st->nmodes; i++)
		if (strcmp(st->modes[i].canon, canon) == 0 && (!found || (!found->active && st->modes[i].active)))
			found = &st->modes[i];
	return found;
}

static void take_members(rcs_state *st)
{
	const rcs_entry *first[RCS_MAX_SET] = { 0 };
	rcs_active_set(st->entries, st->nentries, &st->set, first);
	for (size_t i = 0; i < st->set.n; i++) {
		rcs_member *m = &st->members[st->nmembers++];
		m->entry = first[i];
		m->name = first[i]->skill;
		m->canon = first[i]->canon;
		m->mode = mode_for(st, m->canon);
		m->phase = m->mode && m->mode->phase ? m->mode->phase : first[i]->phase;
	}
}

int rcs_load(const char *base, lw_snapshot *snap, lw_error *err)
{
	rcs_state *st = arena_alloc(&snap->mem, sizeof *st);
	st->base = arena_strdup(&snap->mem, base);
	st->surface = rcs_surface_of(base);
	ld l = { .snap = snap, .st = st };
	struct stat sb;
	if (!lw_exists(base, &sb) || !S_ISDIR(sb.st_mode)) {
		lw_error_set(err, base, 0, 0, "missing (no %s state folder)", st->surface);
		return -1;
	}
	if (load_session(&l, err) < 0)
		return -1;
	if (st->session_id && load_skills(&l, scope_dir(&l, true), err) < 0)
		return -1;
	if (load_skills(&l, st->base, err) < 0 || load_modes(&l, err) < 0)
		return -1;
	take_members(st);
	rcs_load_teams(base, snap, st);
	snap->sys = st;
	rcs_project(snap, st);
	return 0;
}
