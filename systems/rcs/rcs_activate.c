/* rcs_activate.c — `transition rcs:MODE activate`: the seed's rule
 * (rcs_evaluate) is asked against the active set as it is on disk, under
 * the transaction engine (core/txn/txn.h), and the activation is written
 * (an entry in active_skills, the mode file on: both or neither) or the
 * denial is returned with every file left as it was, and no lock file left
 * behind: oh-my-codex takes no lock, so neither do we. */
#include "systems/rcs/rcs_tx.h"
#include "core/edit/edit.h"
#include "core/util/escape.h"
#include "core/util/fileio.h"
#include "core/util/dirlist.h"
#include "core/txn/txn.h"
#include "core/util/timeparse.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct act {
	const char *base, *mode;      /* mode: the canonical name */
	const char *name;             /* as written to disk */
	const char *sid;              /* the session written to, or NULL (root) */
	const char *skills_path, *mode_path;
	const char *surface;          /* "rcs" or "omx" */
	const tx_request *rq;
	tx_result *res;
	char ts[32];
	rcs_set result;               /* the set the rule says follows */
	rcs_set completed;            /* .omx: sources the handoff completes */
	char transiting[768];         /* the package's "mode transiting: a -> b" */
	const char *done_path;        /* the completed source's mode file being written */
	const char *done_mode;        /* its canonical name */
	bool stale_top;               /* .omx: the file's top level says it is over */
	bool joins;                   /* this attempt adds the member: the mode file follows */
	const char *scope;            /* the folder written: its mode files may be handoff sources */
} act;

static void json_pair(strbuf *b, const char *key, const char *val, bool last)
{
	strbuf_adds(b, "  ");
	esc_json_str(b, key);
	strbuf_adds(b, ": ");
	esc_json_str(b, val);
	strbuf_adds(b, last ? "\n" : ",\n");
}

/* A new skill-active-state.json: the activated workflow alone. */
static void new_skills_file(const act *a, strbuf *out)
{
	strbuf_adds(out, "{\n  \"version\": 1,\n  \"active\": true,\n");
	json_pair(out, "skill", a->name, false);
	json_pair(out, "phase", "starting", false);
	json_pair(out, "activated_at", a->ts, false);
	json_pair(out, "updated_at", a->ts, false);
	json_pair(out, "source", "liza-watch", false);
	if (a->sid)
		json_pair(out, "session_id", a->sid, false);
	strbuf_adds(out, "  \"active_skills\": [\n    { \"skill\": ");
	esc_json_str(out, a->name);
	strbuf_printf(out, ", \"phase\": \"starting\", \"active\": true, \"activated_at\": \"%s\", \"updated_at\": \"%s\"",
	              a->ts, a->ts);
	if (a->sid) {
		strbuf_adds(out, ", \"session_id\": ");
		esc_json_str(out, a->sid);
	}
	strbuf_adds(out, " }\n  ]\n}\n");
}

/* An entry of this workflow the current view can see, active or not. */
static const doc_node *own_entry(const act *a, const doc_node *list)
{
	for (const doc_node *i = doc_seq_first(list); i; i = i->next) {
		const char *skill = doc_str(doc_get(i, "skill"));
		const char *sid = doc_str(doc_get(i, "session_id"));
		if (skill && strcmp(rcs_canon(skill), a->mode) == 0 && (!a->sid || !sid || !*sid || strcmp(sid, a->sid) == 0))
			return doc_deref(i);
	}
	return NULL;
}

/* An active entry of a workflow the handoff completes, in this view. */
static bool completed_entry(const act *a, const doc_node *e)
{
	const char *skill = doc_str(doc_get(e, "skill"));
	const char *sid = doc_str(doc_get(e, "session_id"));
	bool on = true;
	doc_bool(doc_get(e, "active"), &on);
	return on && skill && rcs_set_has(&a->completed, rcs_canon(skill)) &&
	       (!a->sid || !sid || !*sid || strcmp(sid, a->sid) == 0);
}

/* The handoff's sources leave active_skills (as the package's
 * syncCanonicalSkillStateForMode drops an inactive mode's entry); a legacy
 * top-level skill naming one moves to the first workflow that follows, as
 * pickPrimaryWorkflowMode picks it. A change of its own, before the
 * activation's (the editor does not remove and append in one change). */
static int handoff_edits(act *a, editor *ed, const doc_node *root)
{
	const doc_node *list = doc_get(root, "active_skills");
	for (const doc_node *i = doc_seq_first(list); i; i = i->next)
		if (completed_entry(a, doc_deref(i)) && edit_remove_item(ed, list, i) < 0)
			return -1;
	if (a->stale_top) {
		/* The package reads no entry of a finished file and starts the list
		 * afresh (clearTerminalSkillActiveMarkers): so do we. Markers are
		 * nulled, which its readers take as absent. */
		static const char *const markers[] = { "completed_at", "cancel_reason", "run_outcome", "lifecycle_outcome",
		                                       "terminal_outcome", "terminal_reason" };
		for (const doc_node *i = doc_seq_first(list); i; i = i->next)
			if (!completed_entry(a, doc_deref(i)) && edit_remove_item(ed, list, i) < 0)
				return -1;
		for (size_t k = 0; k < sizeof markers / sizeof *markers; k++)
			if (doc_get(root, markers[k]) && !doc_is_null(doc_get(root, markers[k])) &&
			    edit_set_scalar(ed, root, markers[k], edit_null()) < 0)
				return -1;
		return edit_set_scalar(ed, root, "active", edit_bool(false)) < 0 ||
		       edit_set_scalar(ed, root, "skill", edit_str(a->name)) < 0 ||
		       edit_set_scalar(ed, root, "phase", edit_str("starting")) < 0 ? -1 : 0;
	}
	const char *legacy = doc_str(doc_get(root, "skill"));
	if (legacy && rcs_set_has(&a->completed, rcs_canon(legacy)) && a->result.n) {
		const char *next = rcs_disk_name(a->result.v[0], "omx");
		if (edit_set_scalar(ed, root, "skill", edit_str(next)) < 0 ||
		    (strcmp(rcs_canon(next), a->mode) == 0 && edit_set_scalar(ed, root, "phase", edit_str("starting")) < 0))
			return -1;
	}
	return 0;
}

/* The activation's edits of an existing skill-active-state.json. */
static int skills_edits(act *a, editor *ed, const doc_node *root)
{
	const doc_node *list = doc_get(root, "active_skills");
	const doc_node *mine = own_entry(a, list);
	bool top = false;
	doc_bool(doc_get(root, "active"), &top);
	const char *legacy = doc_str(doc_get(root, "skill"));
	if (mine) {   /* an inactive entry of ours: switch it back on */
		if (edit_set_scalar(ed, mine, "active", edit_bool(true)) < 0 ||
		    edit_set_scalar(ed, mine, "phase", edit_str("starting")) < 0 ||
		    edit_set_scalar(ed, mine, "updated_at", edit_str(a->ts)) < 0)
			return -1;
	} else {
		if (!doc_len(list) && top && legacy && strcmp(rcs_canon(legacy), a->mode) != 0) {
			/* The list was empty, so the legacy skill was the active set:
			 * a non-empty list would silently drop it. Carry it over. */
			edit_pair keep[] = {
				{ "skill", edit_str(legacy) },
				{ "phase", edit_str(doc_str(doc_get(root, "phase"))) },
				{ "active", edit_bool(true) },
			};
			if (edit_append_item(ed, root, "active_skills", keep, 3) < 0)
				return -1;
		}
		edit_pair item[] = {
			{ "skill", edit_str(a->name) },
			{ "phase", edit_str("starting") },
			{ "active", edit_bool(true) },
			{ "activated_at", edit_str(a->ts) },
			{ "updated_at", edit_str(a->ts) },
			{ "session_id", edit_str(a->sid) },
		};
		if (edit_append_item(ed, root, "active_skills", item, a->sid ? 6 : 5) < 0)
			return -1;
	}
	/* Nothing was active: the legacy fields name the newcomer. With a set
	 * already live they stay as they are (no member is primary). */
	if (!top && (edit_set_scalar(ed, root, "active", edit_bool(true)) < 0 ||
	             edit_set_scalar(ed, root, "skill", edit_str(a->name)) < 0 ||
	             edit_set_scalar(ed, root, "phase", edit_str("starting")) < 0))
		return -1;
	return edit_set_scalar(ed, root, "updated_at", edit_str(a->ts));
}

/* Parse cur, run edits, render into out: 0, or STORE_ERR with err set. */
static int edit_json(const char *cur, size_t len, const char *path, strbuf *out, lw_error *err,
                     int (*edits)(act *, editor *, const doc_node *), act *a)
{
	doc d;
	if (doc_parse(&d, cur, len, path, NULL, err) < 0) {
		doc_free(&d);
		return EDIT_TORN;   /* cut short by a writer (waited for), or broken */
	}
	int rc = STORE_ERR;
	const doc_node *root = doc_deref(d.root);
	editor *ed = doc_is_map(root) ? edit_new(&d, err) : NULL;
	char *buf;
	size_t n;
	if (!doc_is_map(root))
		lw_error_set(err, path, 1, 1, "must be a JSON object");
	else if (ed && edits(a, ed, root) == 0 && edit_apply(ed, &buf, &n) == 0) {
		strbuf_add(out, buf, n);
		free(buf);
		rc = 0;
	}
	edit_free(ed);
	doc_free(&d);
	return rc;
}

static int activate_edit(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	act *a = ctx;
	/* The rule is asked against the files as they are now, under the lock. */
	lw_snapshot *snap = rcs_tx_load(a->base, a->res);
	if (!snap)
		return EDIT_DENIED;
	const rcs_state *st = snap->sys;
	rcs_verdict v;
	rcs_set now_set = st->set;
	/* The package's root view also counts every mode file that says it is
	 * running (visibleTrackedModes), so a handoff completes those too. */
	for (size_t i = 0; rcs_is_omx(st->surface) && !st->session_id && i < st->nmodes; i++) {
		const rcs_mode *m = &st->modes[i];
		if (m->active && !m->session_scope && rcs_known(m->canon, st->surface) && rcs_omx_running_phase(m->phase))
			rcs_set_add(&now_set, m->canon);
	}
	rcs_decision d = rcs_evaluate(&now_set, a->mode, st->surface, &v);
	bool member = rcs_set_has(&st->set, a->mode);
	lw_snapshot_free(snap);
	a->result = v.result;
	a->completed = v.completed;
	if (v.completed.n)
		snprintf(a->transiting, sizeof a->transiting, "%s", v.message);
	if (d != RCS_ALLOW) {
		tx_set(a->res, d == RCS_DENY ? TX_DENIED : TX_USAGE, "%s", v.message);
		return EDIT_DENIED;
	}
	if (member) {
		tx_set(a->res, TX_DONE, "rcs: %s is already active; nothing to do", a->name);
		return EDIT_NOCHANGE;
	}
	a->joins = true;
	if (!cur) {
		new_skills_file(a, out);
		return 0;
	}
	if (rcs_is_omx(a->surface)) {
		doc pd;
		lw_error perr;
		const doc_node *root;
		if (doc_parse(&pd, cur, len, a->skills_path, NULL, &perr) == 0 && (root = doc_deref(pd.root)) &&
		    doc_is_map(root))
			a->stale_top = rcs_omx_terminal(root);
		doc_free(&pd);
	}
	if (!a->completed.n && !a->stale_top)
		return edit_json(cur, len, a->skills_path, out, err, skills_edits, a);
	strbuf mid;
	strbuf_init(&mid);
	int rc = edit_json(cur, len, a->skills_path, &mid, err, handoff_edits, a);
	if (rc == 0)
		rc = edit_json(mid.buf, mid.len, a->skills_path, out, err, skills_edits, a);
	strbuf_free(&mid);
	return rc;
}

static int mode_edits(act *a, editor *ed, const doc_node *root)
{
	return edit_set_scalar(ed, root, "active", edit_bool(true)) < 0 ||
	       edit_set_scalar(ed, root, "current_phase", edit_str("starting")) < 0 ||
	       edit_set_scalar(ed, root, "updated_at", edit_str(a->ts)) < 0 ? -1 : 0;
}

/* The mode file: on, at its first phase. A new one holds only what the
 * contract names; the workflow's own runtime fills in the rest. */
static int mode_on_edit(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	act *a = ctx;
	if (!a->joins)
		return EDIT_NOCHANGE;
	if (!cur) {
		strbuf_adds(out, "{\n  \"active\": true,\n");
		json_pair(out, "mode", a->name, false);
		json_pair(out, "current_phase", "starting", false);
		json_pair(out, "started_at", a->ts, false);
		json_pair(out, "updated_at", a->ts, !a->sid);
		if (a->sid)
			json_pair(out, "session_id", a->sid, true);
		strbuf_adds(out, "}\n");
		return 0;
	}
	/* Already on (its runtime got there first): leave its bytes alone. */
	const doc_node *root = NULL;
	doc d;
	bool on = false;
	if (doc_parse(&d, cur, len, a->mode_path, NULL, err) == 0 && (root = doc_deref(d.root)))
		doc_bool(doc_get(root, "active"), &on);
	doc_free(&d);
	if (on)
		return EDIT_NOCHANGE;
	return edit_json(cur, len, a->mode_path, out, err, mode_edits, a);
}

/* A handoff's source mode file, as the package's completeSourceModeState
 * leaves it: inactive, completed, and saying why. Only a file that says
 * active: true is touched. */
static int complete_edits(act *a, editor *ed, const doc_node *root)
{
	const char *src = rcs_disk_name(a->done_mode, "omx"), *dst = rcs_disk_name(a->mode, "omx");
	char note[300], reason[200];
	snprintf(note, sizeof note, "Auto-completed %s during allowlisted transition to %s.", src, dst);
	snprintf(reason, sizeof reason, "mode transiting: %s -> %s", src, dst);
	const char *done_at = doc_str(doc_get(root, "completed_at"));
	return edit_set_scalar(ed, root, "active", edit_bool(false)) < 0 ||
	       edit_set_scalar(ed, root, "current_phase", edit_str("completed")) < 0 ||
	       edit_set_scalar(ed, root, "completed_at", edit_str(done_at && *done_at ? done_at : a->ts)) < 0 ||
	       edit_set_scalar(ed, root, "auto_completed_reason", edit_str(reason)) < 0 ||
	       edit_set_scalar(ed, root, "completion_note", edit_str(note)) < 0 ||
	       edit_set_scalar(ed, root, "transition_source", edit_str("liza-watch")) < 0 ||
	       edit_set_scalar(ed, root, "transition_target_mode", edit_str(dst)) < 0 ||
	       edit_set_scalar(ed, root, "run_outcome", edit_str("finish")) < 0 ||
	       edit_set_scalar(ed, root, "lifecycle_outcome", edit_str("finished")) < 0 ? -1 : 0;
}

/* One mode file of the scope, declared to the transaction in case the
 * handoff completes its mode (the rule runs inside the transaction, in
 * activate_edit, before this file's turn). */
typedef struct done_file {
	act *a;
	const char *path;
} done_file;

static int complete_edit(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	done_file *f = ctx;
	act *a = f->a;
	a->done_mode = NULL;
	for (size_t i = 0; a->joins && i < a->completed.n && !a->done_mode; i++) {
		char p[LW_PATH_MAX];
		snprintf(p, sizeof p, "%s/%s-state.json", a->scope, rcs_disk_name(a->completed.v[i], "omx"));
		if (strcmp(p, f->path) == 0)
			a->done_mode = a->completed.v[i];
	}
	if (!a->done_mode || !cur)
		return EDIT_NOCHANGE;
	a->done_path = f->path;
	doc d;
	bool on = false;
	const doc_node *root;
	if (doc_parse(&d, cur, len, a->done_path, NULL, err) == 0 && (root = doc_deref(d.root)))
		doc_bool(doc_get(root, "active"), &on);
	doc_free(&d);
	if (!on)
		return EDIT_NOCHANGE;
	return edit_json(cur, len, a->done_path, out, err, complete_edits, a);
}

static void act_begin(void *ctx)
{
	act *a = ctx;
	a->joins = false;
	a->stale_top = false;
	a->completed.n = 0;
}

int rcs_activate(const lw_source *src, const tx_request *rq, tx_result *res, const char *mode)
{
	lw_snapshot *snap = rcs_tx_load(src->root, res);
	if (!snap)
		return res->rc;
	const rcs_state *st = snap->sys;
	act a = { .base = src->root, .mode = mode, .sid = st->session_id, .surface = st->surface, .rq = rq, .res = res };
	lw_format_time(rq->now, a.ts, sizeof a.ts);
	const char *scope = rcs_tx_scope(&snap->mem, st, a.sid);
	/* Keep the spelling a mode file of this scope already uses. */
	a.name = rcs_disk_name(mode, st->surface);
	for (size_t i = 0; i < st->nmodes; i++)
		if (strcmp(st->modes[i].canon, mode) == 0 && st->modes[i].session_scope == (a.sid != NULL))
			a.name = st->modes[i].name;
	char skills[LW_PATH_MAX], modef[LW_PATH_MAX];
	snprintf(skills, sizeof skills, "%s/skill-active-state.json", scope);
	snprintf(modef, sizeof modef, "%s/%s-state.json", scope, a.name);
	a.skills_path = skills;
	a.mode_path = modef;
	a.scope = scope;
	if (a.sid) {
		char sessions[LW_PATH_MAX];
		snprintf(sessions, sizeof sessions, "%s/sessions", st->base);
		lw_error merr;
		lw_error_clear(&merr);
		/* store_mkdir: beneath the project's root, like every write. */
		if ((store_mkdir(sessions, &merr) < 0 && errno != EEXIST) || (store_mkdir(scope, &merr) < 0 && errno != EEXIST)) {
			char m[600];
			tx_set(res, TX_IO, "%s; nothing written", lw_error_format(&merr, m, sizeof m));
			lw_snapshot_free(snap);
			return res->rc;
		}
	}
	lw_error err;
	lw_error_clear(&err);
	/* The files one activation may write, all in one transaction: the set,
	 * every mode file of the scope a handoff could complete, then the mode
	 * file turned on. */
	lw_dirlist dl = { 0 };
	lw_dirlist_read(&dl, scope);
	size_t cap = 2 + dl.n;
	txn_file *files = calloc(cap, sizeof *files);
	done_file *done = calloc(dl.n + 1, sizeof *done);
	char (*paths)[LW_PATH_MAX] = calloc(dl.n + 1, sizeof *paths);
	if (!files || !done || !paths) {
		free(files);
		free(done);
		free(paths);
		lw_dirlist_free(&dl);
		lw_snapshot_free(snap);
		tx_set(res, TX_IO, "out of memory; nothing written");
		return res->rc;
	}
	size_t n = 0;
	files[n++] = (txn_file){ .path = skills, .mode = TXN_REPLACE, .edit = activate_edit, .ctx = &a };
	for (size_t i = 0; rcs_is_omx(st->surface) && i < dl.n; i++) {
		if (!lw_has_suffix(dl.names[i], "-state.json") || strcmp(dl.names[i], "skill-active-state.json") == 0)
			continue;
		snprintf(paths[i], sizeof paths[i], "%s/%s", scope, dl.names[i]);
		if (strcmp(paths[i], modef) == 0)
			continue;
		done[i] = (done_file){ .a = &a, .path = paths[i] };
		files[n++] = (txn_file){ .path = paths[i], .mode = TXN_REPLACE, .edit = complete_edit, .ctx = &done[i] };
	}
	files[n++] = (txn_file){ .path = modef, .mode = TXN_REPLACE, .edit = mode_on_edit, .ctx = &a };
	char join[LW_PATH_MAX + 8];
	snprintf(join, sizeof join, "%s.lock", skills);
	txn t = { .lock = NULL, .join_lock = join, .journal_dir = st->base, .files = files, .n = n, .begin = act_begin, .ctx = &a };
	int rc = rcs_tx_store_rc(txn_run(&t, &err), &err, res);
	if (rc == 0 && a.joins && a.completed.n)
		tx_set(res, TX_DONE, "rcs: activated %s (%s, %s); %s", a.name, skills, modef, a.transiting);
	else if (rc == 0 && a.joins)
		tx_set(res, TX_DONE, "rcs: activated %s (%s, %s)", a.name, skills, modef);
	free(files);
	free(done);
	free(paths);
	lw_dirlist_free(&dl);
	lw_snapshot_free(snap);
	return res->rc;
}

