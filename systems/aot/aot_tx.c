/* aot_tx.c — the operator's levers on an AoT loop and atom moves.
 *
 * Every write goes through the transaction engine (core/txn/txn.h): the
 * file is read again while no writer has it open, what the operator saw is
 * re-checked (compare-and-swap on the atom's status), only the front
 * matter's values are edited through the editor and the Markdown body is
 * spliced back byte for byte. The loop's own writers (Python, sed) write in
 * place and take no lock, so neither do we: the engine compares the whole
 * file again just before the rename and starts over when it changed.
 * Checklist commands are never run from here. */
#include "systems/aot/aot.h"
#include "core/edit/edit.h"
#include "core/txn/txn.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const tx_row rows[] = {
	{ "pending", "start", "in_progress", 0, 0,
	  "start an atom: pending -> in_progress (an unresolved dependency needs --force)" },
	{ "in_progress", "resolve", "resolved", 0, 0, "resolve an atom: in_progress -> resolved" },
	/* update_atom.py sets any status; a reset is how /redirect's bindings
	 * override and a killed worker put an atom back. */
	{ "in_progress", "reset", "pending", TX_CONFIRM, 0, "put an atom back: in_progress -> pending" },
	{ "resolved", "reset", "pending", TX_CONFIRM, 0,
	  "redo an atom: resolved -> pending (its binding stays until the loop overwrites it)" },
	{ NULL, "stop", NULL, TX_CONFIRM, 0,
	  "ask the loop to stop: control.stop_requested: true, like /exit-recursion (--reason sets stop_reason)" },
	{ NULL, "redirect", NULL, TX_REASON, 0,
	  "ask the loop to change course: control.redirect_requested: true; the reason (the new direction) "
	  "is appended to corrections" },
};

const tx_table aot_tx_table = { "aot", rows, sizeof rows / sizeof *rows };

typedef struct job {
	const char *path;
	const tx_request *rq;
	tx_result *res;
} job;

static const doc_node *find_atom(const doc_node *root, const char *id, size_t *count)
{
	const doc_node *found = NULL;
	*count = 0;
	for (const doc_node *i = doc_seq_first(doc_get(root, "atoms")); i; i = i->next) {
		const char *aid = doc_str(doc_get(i, "id"));
		if (aid && strcmp(aid, id) == 0) {
			if (!found)
				found = doc_deref(i);
			(*count)++;
		}
	}
	return found;
}

static const char *atom_status(const doc_node *root, const char *id)
{
	size_t n;
	return doc_str(doc_get(find_atom(root, id, &n), "status"));
}

/* Start needs every dependency resolved; say which are not. */
static bool deps_unresolved(const doc_node *root, const doc_node *atom, char *out, size_t n)
{
	size_t used = 0;
	out[0] = '\0';
	const doc_node *deps = doc_get(atom, "depends_on");
	const doc_node *one = doc_is_scalar(deps) ? deps : NULL;
	for (const doc_node *d = one ? one : doc_seq_first(deps); d; d = one ? NULL : d->next) {
		const char *id = doc_str(d);
		if (!id)
			continue;
		const char *st = atom_status(root, id);
		if (st && strcmp(st, "resolved") == 0)
			continue;
		if (used < n)
			used += (size_t)snprintf(out + used, n - used, "%s%s (%s)", used ? ", " : "", id,
			                         st ? st : "no such atom");
	}
	return used > 0;
}

static int deny(job *j, tx_rc rc, const char *msg)
{
	tx_set(j->res, rc, "%s", msg);
	return EDIT_DENIED;
}

static int move_atom(job *j, editor *ed, const doc_node *root)
{
	const tx_request *rq = j->rq;
	char msg[600];
	size_t count;
	const doc_node *atom = find_atom(root, rq->subject, &count);
	if (!atom) {
		snprintf(msg, sizeof msg, "there is no atom %s (any more)", rq->subject);
		return deny(j, TX_DENIED, msg);
	}
	if (count > 1) {
		snprintf(msg, sizeof msg, "%zu atoms are called %s: fix the duplicate id first", count, rq->subject);
		return deny(j, TX_DENIED, msg);
	}
	const char *now = doc_str(doc_get(atom, "status"));
	if (rq->expect_status && (!now || strcmp(now, rq->expect_status) != 0)) {
		snprintf(msg, sizeof msg, "%s is %s now (you saw %s); nothing written", rq->subject, now ? now : "without a status",
		         rq->expect_status);
		return deny(j, TX_DENIED, msg);
	}
	char why[300];
	const tx_row *row = tx_lookup(&aot_tx_table, now, rq->event, why, sizeof why);
	if (!row || !row->from)
		return deny(j, TX_DENIED, why);
	char waits[300];
	if (strcmp(rq->event, "start") == 0 && deps_unresolved(root, atom, waits, sizeof waits) && !rq->force) {
		snprintf(msg, sizeof msg, "%s waits on %s: start it anyway with --force", rq->subject, waits);
		return deny(j, TX_ASK, msg);
	}
	if (edit_set_scalar(ed, atom, "status", edit_str(row->to)) < 0)
		return STORE_ERR;
	tx_set(j->res, TX_DONE, "aot: %s %s -> %s", rq->subject, now, row->to);
	return 0;
}

static int stop(job *j, editor *ed, const doc_node *control)
{
	const char *status = doc_str(doc_get(control, "status"));
	bool requested = false;
	doc_bool(doc_get(control, "stop_requested"), &requested);
	if (status && (strcmp(status, "stopped") == 0 || strcmp(status, "completed") == 0))
		return deny(j, TX_DENIED, "the loop is already stopped (control.status is stopped or completed)");
	if (requested)
		return deny(j, TX_DENIED, "a stop is already requested; the loop stops at its next check");
	if (edit_set_scalar(ed, control, "stop_requested", edit_bool(true)) < 0)
		return STORE_ERR;
	if (j->rq->reason && *j->rq->reason && edit_set_scalar(ed, control, "stop_reason", edit_str(j->rq->reason)) < 0)
		return STORE_ERR;
	tx_set(j->res, TX_DONE, "aot: stop requested (control.stop_requested: true)");
	return 0;
}

/* /redirect's corrections know four types. A reason that starts with one
 * ("objective_change: use sessions") says which; otherwise the request is a
 * change of the work graph, the loop's usual redirect. The trail is never
 * cleared here, so trail_cleared stays false. */
static const char *redirect_type(const char **desc)
{
	static const char *const types[] = { "dag_adjustment", "objective_change", "constraint_change",
	                                     "bindings_override" };
	for (size_t i = 0; i < sizeof types / sizeof *types; i++) {
		size_t n = strlen(types[i]);
		if (strncmp(*desc, types[i], n) == 0 && (*desc)[n] == ':') {
			const char *rest = *desc + n + 1;
			while (*rest == ' ')
				rest++;
			if (*rest)
				*desc = rest;
			return types[i];
		}
	}
	return "dag_adjustment";
}

static int redirect(job *j, editor *ed, const doc_node *root, const doc_node *control)
{
	const tx_request *rq = j->rq;
	if (!rq->reason || !*rq->reason)
		return deny(j, TX_USAGE, "redirect needs the new direction: --reason TEXT");
	const char *status = doc_str(doc_get(control, "status"));
	bool requested = false;
	doc_bool(doc_get(control, "redirect_requested"), &requested);
	if (status && strcmp(status, "completed") == 0)
		return deny(j, TX_DENIED, "the loop has completed; there is nothing to redirect");
	if (requested)
		return deny(j, TX_DENIED, "a redirect is already requested and not yet taken by the loop");
	char ts[32];
	lw_format_time(rq->now, ts, sizeof ts);
	const char *desc = rq->reason;
	const char *type = redirect_type(&desc);
	edit_pair item[] = {
		{ "timestamp", edit_str(ts) },
		{ "type", edit_str(type) },
		{ "description", edit_str(desc) },
		{ "trail_cleared", edit_bool(false) },
	};
	if (edit_set_scalar(ed, control, "redirect_requested", edit_bool(true)) < 0 ||
	    edit_append_item(ed, root, "corrections", item, sizeof item / sizeof *item) < 0)
		return STORE_ERR;
	tx_set(j->res, TX_DONE, "aot: redirect requested (control.redirect_requested: true; direction recorded in "
	       "corrections)");
	return 0;
}

static int edit_state(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	job *j = ctx;
	if (!cur)
		return deny(j, TX_IO, "the AoT state file is gone");
	size_t yaml_end, body;
	if (aot_front_matter(cur, len, &yaml_end, &body) != AOT_FM_OK) {
		/* Cut short by a writer (waited for), or broken (said so). */
		lw_error_set(err, j->path, 1, 1, "the front matter is not complete");
		return EDIT_TORN;
	}
	doc d;
	if (doc_parse(&d, cur, yaml_end, j->path, NULL, err) < 0) {
		doc_free(&d);
		return EDIT_TORN;
	}
	const doc_node *root = doc_deref(d.root);
	const doc_node *control = doc_get(root, "control");
	int rc = STORE_ERR;
	editor *ed = edit_new(&d, err);
	if (!ed) {
		doc_free(&d);
		return STORE_ERR;
	}
	if (!doc_is_map(root) || (!j->rq->subject && !doc_is_map(control))) {
		rc = deny(j, TX_DENIED, "the front matter has no control section to write to");
	} else if (j->rq->subject) {
		rc = move_atom(j, ed, root);
	} else if (strcmp(j->rq->event, "stop") == 0) {
		rc = stop(j, ed, doc_deref(control));
	} else {
		rc = redirect(j, ed, root, doc_deref(control));
	}
	char *front;
	size_t flen;
	if (rc == 0 && edit_apply(ed, &front, &flen) == 0) {
		strbuf_add(out, front, flen);
		strbuf_add(out, cur + yaml_end, len - yaml_end);   /* closing line and body, as they were */
		free(front);
	} else if (rc == 0) {
		rc = STORE_ERR;
	}
	edit_free(ed);
	doc_free(&d);
	return rc;
}

int aot_transition(const lw_source *src, const tx_request *rq, tx_result *res)
{
	memset(res, 0, sizeof *res);
	char why[400] = "";
	bool lever = tx_lever(&aot_tx_table, rq->event) != NULL;
	if (rq->subject && lever) {
		tx_set(res, TX_USAGE, "%s acts on the loop, not on an atom: transition aot %s", rq->event, rq->event);
		return res->rc;
	}
	if (!rq->subject && !lever) {
		if (!tx_lookup(&aot_tx_table, NULL, rq->event, why, sizeof why))
			tx_set(res, TX_USAGE, "%s", why);
		else
			tx_set(res, TX_USAGE, "%s moves an atom: transition aot:ATOM %s", rq->event, rq->event);
		return res->rc;
	}
	if (rq->subject && !tx_lookup(&aot_tx_table, "pending", rq->event, why, sizeof why) &&
	    !tx_lookup(&aot_tx_table, "in_progress", rq->event, why, sizeof why)) {
		tx_set(res, TX_USAGE, "%s", why);   /* an event the table does not know */
		return res->rc;
	}
	/* The atom's status is checked under the lock, against the bytes then. */
	job j = { src->root, rq, res };
	lw_error err;
	lw_error_clear(&err);
	txn_file f = { .path = src->root, .mode = TXN_REPLACE, .edit = edit_state, .ctx = &j };
	char join[LW_PATH_MAX + 8];
	snprintf(join, sizeof join, "%s.lock", src->root);
	txn t = { .lock = NULL, .join_lock = join, .files = &f, .n = 1 };
	int rc = txn_run(&t, &err);
	if (rc == 0 || rc == EDIT_DENIED)
		return res->rc;
	char msg[700];
	tx_set(res, TX_IO, "%s; nothing written", err.set ? lw_error_format(&err, msg, sizeof msg) : "write failed");
	return res->rc;
}
