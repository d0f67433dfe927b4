/* rcs_clear.c — `clear MODE`: one member leaves the active set and the
 * others stay. In each scope's skill-active-state.json the member's active
 * entries are removed from active_skills, as `rcs state clear` does (the
 * other bytes of the file stay); the legacy top-level fields follow the set
 * that remains.
 * Its mode file becomes active: false, current_phase: cancelled,
 * completed_at: now. The current view clears the session's scope and the
 * root entries it can see; --all-sessions clears every scope. Every file
 * of the clear is one transaction (core/txn/txn.h): all change or none. */
#include "systems/rcs/rcs_tx.h"
#include "core/edit/edit.h"
#include "core/util/fileio.h"
#include "core/txn/txn.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SCOPES 256

typedef struct clr {
	const char *mode;             /* canonical */
	const char *view;             /* session the current view belongs to; NULL: see all */
	char ts[32];
	size_t changed;               /* files this attempt writes */
} clr;

static bool visible(const clr *c, const char *sid)
{
	return !c->view || !sid || !*sid || strcmp(sid, c->view) == 0;
}

static bool ours(const clr *c, const doc_node *entry)
{
	const char *skill = doc_str(doc_get(entry, "skill"));
	bool on = true;
	doc_bool(doc_get(entry, "active"), &on);
	return on && skill && strcmp(rcs_canon(skill), c->mode) == 0 && visible(c, doc_str(doc_get(entry, "session_id")));
}

/* The member's entries out; then the legacy fields: no member left means
 * the file says inactive, and a top-level skill naming the cleared member
 * moves to the first member still active. */
static int skills_edits(clr *c, editor *ed, const doc_node *root)
{
	const doc_node *list = doc_get(root, "active_skills"), *remain = NULL;
	size_t n = 0;
	for (const doc_node *i = doc_seq_first(list); i; i = i->next) {
		const doc_node *e = doc_deref(i);
		bool on = true;
		doc_bool(doc_get(e, "active"), &on);
		if (ours(c, e)) {
			if (edit_remove_item(ed, list, i) < 0)
				return -1;
			n++;
		} else if (on && !remain) {
			remain = e;
		}
	}
	bool top = false;
	doc_bool(doc_get(root, "active"), &top);
	const char *skill = doc_str(doc_get(root, "skill"));
	bool legacy_ours = skill && strcmp(rcs_canon(skill), c->mode) == 0;
	if (!doc_len(list) && top && legacy_ours && visible(c, doc_str(doc_get(root, "session_id"))))
		n++;   /* the legacy skill was the set */
	if (!n)
		return 0;
	if (!remain && top && edit_set_scalar(ed, root, "active", edit_bool(false)) < 0)
		return -1;
	if (remain && legacy_ours) {
		const char *phase = doc_str(doc_get(remain, "phase"));
		if (edit_set_scalar(ed, root, "skill", edit_str(doc_str(doc_get(remain, "skill")))) < 0 ||
		    (phase && edit_set_scalar(ed, root, "phase", edit_str(phase)) < 0))
			return -1;
	}
	if (edit_set_scalar(ed, root, "updated_at", edit_str(c->ts)) < 0)
		return -1;
	return (int)n;
}

static int mode_edits(clr *c, editor *ed, const doc_node *root)
{
	bool on = false;
	doc_bool(doc_get(root, "active"), &on);
	const char *sid = doc_str(doc_get(root, "session_id"));
	if (!sid)
		sid = doc_str(doc_get(root, "owner_omx_session_id"));
	if (!on || !visible(c, sid))
		return 0;
	if (edit_set_scalar(ed, root, "active", edit_bool(false)) < 0 ||
	    edit_set_scalar(ed, root, "current_phase", edit_str("cancelled")) < 0 ||
	    edit_set_scalar(ed, root, "completed_at", edit_str(c->ts)) < 0)
		return -1;
	return 1;
}

typedef struct file_job {
	clr *c;
	const char *path;
	int (*edits)(clr *c, editor *ed, const doc_node *root);
} file_job;

static int clear_edit(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	file_job *j = ctx;
	if (!cur)
		return EDIT_NOCHANGE;
	doc d;
	if (doc_parse(&d, cur, len, j->path, NULL, err) < 0) {
		doc_free(&d);
		return EDIT_TORN;   /* cut short by a writer (waited for), or broken */
	}
	const doc_node *root = doc_deref(d.root);
	int rc = EDIT_NOCHANGE;
	editor *ed = doc_is_map(root) ? edit_new(&d, err) : NULL;
	if (ed) {
		int n = j->edits(j->c, ed, root);
		char *buf;
		size_t blen;
		if (n < 0)
			rc = STORE_ERR;
		else if (n > 0 && edit_apply(ed, &buf, &blen) == 0) {
			strbuf_add(out, buf, blen);
			free(buf);
			j->c->changed++;
			rc = 0;
		} else if (n > 0) {
			rc = STORE_ERR;
		}
	}
	edit_free(ed);
	doc_free(&d);
	return rc;
}

#define MAX_FILES (MAX_SCOPES * 3)

typedef struct plan {
	txn_file files[MAX_FILES];
	file_job jobs[MAX_FILES];
	size_t n;
} plan;

static void add_file(plan *p, clr *c, arena *a, const char *path, int (*edits)(clr *, editor *, const doc_node *))
{
	/* No file, nothing to clear. */
	if (p->n >= MAX_FILES || !lw_exists(path, NULL))
		return;
	p->jobs[p->n] = (file_job){ c, arena_strdup(a, path), edits };
	p->files[p->n] = (txn_file){ .path = p->jobs[p->n].path, .mode = TXN_REPLACE, .edit = clear_edit,
	                             .ctx = &p->jobs[p->n] };
	p->n++;
}

static void plan_scope(plan *p, clr *c, arena *a, const char *dir)
{
	char path[LW_PATH_MAX];
	snprintf(path, sizeof path, "%s/skill-active-state.json", dir);
	add_file(p, c, a, path, skills_edits);
	/* Both spellings of the mode file (forge and ralph). */
	const char *names[2] = { rcs_disk_name(c->mode, "rcs"), rcs_disk_name(c->mode, "omx") };
	for (int i = 0; i < (strcmp(names[0], names[1]) ? 2 : 1); i++) {
		snprintf(path, sizeof path, "%s/%s-state.json", dir, names[i]);
		add_file(p, c, a, path, mode_edits);
	}
}

static void clr_begin(void *ctx)
{
	((clr *)ctx)->changed = 0;
}

int rcs_clear(const lw_source *src, const tx_request *rq, tx_result *res, const char *mode)
{
	lw_snapshot *snap = rcs_tx_load(src->root, res);
	if (!snap)
		return res->rc;
	const rcs_state *st = snap->sys;
	clr c = { .mode = mode, .view = rq->all_sessions ? NULL : st->session_id };
	lw_format_time(rq->now, c.ts, sizeof c.ts);
	/* The session's own scope first: it is the authoritative one. */
	const char *dirs[MAX_SCOPES];
	size_t nd = 0;
	if (rq->all_sessions) {
		char p[LW_PATH_MAX];
		snprintf(p, sizeof p, "%s/sessions", st->base);
		const char **names;
		size_t n = rcs_list_dir(&snap->mem, p, true, MAX_SCOPES - 1, &names);
		for (size_t i = 0; i < n; i++)
			if (rcs_session_id_ok(names[i]))
				dirs[nd++] = rcs_tx_scope(&snap->mem, st, names[i]);
	} else if (st->session_id) {
		dirs[nd++] = rcs_tx_scope(&snap->mem, st, st->session_id);
	}
	dirs[nd++] = st->base;
	plan *p = calloc(1, sizeof *p);
	if (!p) {
		tx_set(res, TX_IO, "out of memory; nothing written");
		lw_snapshot_free(snap);
		return res->rc;
	}
	for (size_t i = 0; i < nd; i++)
		plan_scope(p, &c, &snap->mem, dirs[i]);
	lw_error err;
	lw_error_clear(&err);
	char join[LW_PATH_MAX + 8];
	snprintf(join, sizeof join, "%s.lock", p->n ? p->files[0].path : st->base);
	txn t = { .lock = NULL, .join_lock = join, .journal_dir = st->base, .files = p->files, .n = p->n, .begin = clr_begin, .ctx = &c };
	int rc = rcs_tx_store_rc(txn_run(&t, &err), &err, res);
	free(p);
	const char *name = rq->subject;
	if (rc != 0) {
		/* res says why; nothing was written */
	} else if (!c.changed) {
		tx_set(res, TX_DENIED, "%s is not active in %s; nothing to clear (nothing written)", name,
		       rq->all_sessions ? "any session" : st->session_id ? "this session or the root scope" : "the root scope");
	} else {
		lw_snapshot *after = rcs_tx_load(src->root, res);
		char left[256] = "nothing";
		if (after && ((const rcs_state *)after->sys)->set.n)
			rcs_set_join(&((const rcs_state *)after->sys)->set, "+", left, sizeof left);
		tx_set(res, TX_DONE, "rcs: cleared %s (%zu file%s written); active now: %s", name, c.changed,
		       c.changed == 1 ? "" : "s", left);
		lw_snapshot_free(after);
	}
	lw_snapshot_free(snap);
	return res->rc;
}
