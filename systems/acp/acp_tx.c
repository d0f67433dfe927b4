/* acp_tx.c — operator transitions of an agent, checked against its FSM (core
 * or Jarvis) and the row's guards, on state.json as it is under the lock.
 *
 * A contract-shape record gets state, updated and last_event{event, from,
 * to, guard, ts} (and the reason); an upstream-shape record (schema_version
 * 1) is written back in its own shape: only `state`, as upstream's lowercase
 * word, and `updated` change. Nothing else of the file moves. */
#include "systems/acp/acp.h"
#include "core/util/dirlist.h"
#include "core/util/fileio.h"
#include "core/commit/txfile.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INBOX_SCAN_MAX 500

typedef struct acp_move {
	const tx_request *rq;
	const char *id, *root, *agent_dir;
} acp_move;

typedef bool (*node_pred)(const doc_node *m, const char *task_id);

/* Parse a small file and ask pred about its root. */
static bool file_says(const char *path, node_pred pred, const char *task_id)
{
	char *buf;
	size_t len;
	lw_error err;
	if (lw_read_file(path, doc_default_limits.max_bytes, &buf, &len, &err) != LW_READ_OK)
		return false;
	doc d;
	bool yes = doc_parse(&d, buf, len, path, NULL, &err) == 0 && doc_is_map(d.root) && pred(doc_deref(d.root), task_id);
	doc_free(&d);
	free(buf);
	return yes;
}

static bool has_criteria(const doc_node *m)
{
	const doc_node *ac = doc_get(m, "acceptance_criteria");
	if (!ac)
		ac = doc_get(doc_get(m, "details"), "acceptance_criteria");
	return doc_is_seq(ac) && doc_len(ac) > 0;
}

static const char *task_id_of(const doc_node *m)
{
	const char *id = doc_str(doc_get(m, "task_id"));
	return id ? id : doc_str(doc_get(doc_get(m, "details"), "task_id"));
}

/* A task message in the inbox: for this task (any task when NULL), with criteria. */
static bool inbox_task(const doc_node *m, const char *task_id)
{
	const char *type = doc_str(doc_get(m, "type"));
	const char *id = task_id_of(m);
	if (type && strcmp(type, "task") != 0)
		return false;
	return has_criteria(m) && (!task_id || (id && strcmp(id, task_id) == 0));
}

static bool task_file(const doc_node *m, const char *task_id)
{
	(void)task_id;
	return has_criteria(m);
}

static bool task_evidence(const doc_node *m, const char *task_id)
{
	(void)task_id;
	return acp_has_evidence(m);
}

static bool scan_inbox(const char *dir, int depth, const char *task_id, size_t *seen)
{
	lw_dirlist dl;
	if (lw_dirlist_read(&dl, dir) < 0)
		return false;
	bool found = false;
	char p[LW_PATH_MAX];
	for (size_t i = 0; i < dl.n && !found && *seen < INBOX_SCAN_MAX; i++) {
		lw_path_join(p, sizeof p, dir, dl.names[i]);
		if (lw_has_suffix(dl.names[i], ".json"))
			found = (++*seen, file_says(p, inbox_task, task_id));
		else if (depth == 0 && lw_is_dir(p))
			found = scan_inbox(p, 1, task_id, seen);
	}
	lw_dirlist_free(&dl);
	return found;
}

/* has_valid_task: the task the agent names (or, naming none, a task waiting
 * in its inbox) carries acceptance criteria, in fsm_data/tasks or in the
 * task message itself. */
static bool valid_task(const acp_move *a, const char *task_id)
{
	char p[LW_PATH_MAX];
	if (task_id && acp_task_path(a->root, task_id, p, sizeof p) && file_says(p, task_file, NULL))
		return true;
	size_t seen = 0;
	return scan_inbox(lw_path_join(p, sizeof p, a->agent_dir, "inbox"), 0, task_id, &seen);
}

static void facts_of(const acp_move *a, const doc_node *root, acp_facts *f)
{
	const char *task_id = doc_str(doc_get(root, "task_id"));
	long long v;
	f->retries = doc_int(doc_get(root, "retries_remaining"), &v) == DOC_OK ? v : -1;
	bool b;
	f->approval_required = doc_bool(doc_get(root, "approval_required"), &b) == DOC_OK ? b : -1;
	char p[LW_PATH_MAX];
	f->evidence = acp_has_evidence(root) ||
	              (task_id && acp_task_path(a->root, task_id, p, sizeof p) && file_says(p, task_evidence, NULL));
	f->valid_task = valid_task(a, task_id);
}

/* `updated` in the shape the file already uses: with a Z, or naive (as
 * Python's isoformat() writes it). */
static const char *stamp(const doc_node *old, time_t t, char *buf, size_t n)
{
	const char *s = doc_str(old);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, n, s && *s && s[strlen(s) - 1] == 'Z' ? "%Y-%m-%dT%H:%M:%SZ" : "%Y-%m-%dT%H:%M:%S", &tm);
	return buf;
}

static tx_rc deny(tx_result *res, tx_rc rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static tx_rc deny(tx_result *res, tx_rc rc, const char *fmt, ...)
{
	char msg[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	tx_set(res, rc, "%s. Nothing written", msg);
	return rc;
}

/* An upstream-shape record moves as the listener moves it: the message
 * type's word, from any state, no guards; `updated` as its _now() writes it
 * (naive, to the second), the one format the runner's is_stalled reads. */
static tx_rc apply_listener(acp_move *a, const doc_node *root, editor *ed, const char *raw, const char *shown,
                            tx_result *res)
{
	const tx_request *rq = a->rq;
	char why[512];
	const tx_row *row = tx_lookup(&acp_tx_listener, shown, rq->event, why, sizeof why);
	if (!row)
		return deny(res, TX_DENIED, "%s (listener.py message types): %s", a->id, why);
	char ts[40];
	struct tm tm;
	gmtime_r(&rq->now, &tm);
	strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%S", &tm);
	int rc = 0;
	if (strcmp(row->to, raw ? raw : "") != 0)
		rc |= edit_set_scalar(ed, root, "state", edit_str(row->to));
	rc |= edit_set_scalar(ed, root, "updated", edit_str(ts));
	if (rc)
		return deny(res, TX_IO, "cannot edit the state of %s", a->id);
	const char *to = acp_state_of(row->to, ACP_CORE);
	tx_set(res, TX_DONE, "acp:%s %s --%s--> %s (%s -> %s)", a->id, shown, row->event, to ? to : row->to,
	       raw ? raw : "-", row->to);
	return TX_DONE;
}

static tx_rc apply(const doc *d, editor *ed, void *ctx, tx_result *res)
{
	acp_move *a = ctx;
	const tx_request *rq = a->rq;
	const doc_node *root = doc_deref(d->root);
	if (!doc_is_map(root))
		return deny(res, TX_IO, "%s is not a JSON object now", d->path);
	long long ver;
	bool contract = (doc_int(doc_get(root, "schema_version"), &ver) == DOC_OK && ver >= 2) || doc_get(root, "fsm");
	const char *fsm_word = doc_str(doc_get(root, "fsm"));
	acp_fsm fsm = fsm_word && strcmp(fsm_word, "jarvis") == 0 ? ACP_JARVIS : ACP_CORE;
	const char *raw = doc_str(doc_get(root, "state"));
	const char *cur = acp_state_of(raw, fsm);
	const char *shown = cur ? cur : raw ? raw : "-";
	if (rq->expect_status && strcmp(shown, rq->expect_status) != 0)
		return deny(res, TX_DENIED, "%s is now in %s, not %s as shown; look again", a->id, shown, rq->expect_status);
	if (!contract)
		return apply_listener(a, root, ed, raw, shown, res);
	char why[512];
	const tx_row *row = tx_lookup(acp_table(fsm), shown, rq->event, why, sizeof why);
	if (!row)
		return deny(res, TX_DENIED, "%s (%s FSM): %s", a->id, acp_fsm_name(fsm), why);
	const char *event = acp_event_name(fsm, row->event);
	if ((row->needs & TX_REASON) && (!rq->reason || !*rq->reason))
		return deny(res, TX_DENIED, "%s needs a reason (--reason TEXT)", event);
	acp_facts f;
	facts_of(a, root, &f);
	const char *refused = acp_guard_refusal(fsm, row->guards, &f);
	if (refused) {
		return deny(res, TX_DENIED, "%s %s --%s--> %s refused: %s", a->id, shown, event, row->to, refused);
	}
	const char *to = row->to;
	char ts[40];
	stamp(doc_get(root, "updated"), rq->now, ts, sizeof ts);
	int rc = 0;
	{
		rc |= edit_set_scalar(ed, root, "state", edit_str(to));
		rc |= edit_set_scalar(ed, root, "updated", edit_str(ts));
		const doc_node *ev = doc_deref(doc_get(root, "last_event"));
		edit_pair pairs[] = {
			{ "event", edit_str(event) },
			{ "from", edit_str(shown) },
			{ "to", edit_str(to) },
			{ "guard", edit_str(acp_guard_names(fsm, row->guards)) },
			{ "ts", edit_str(ts) },
			{ "reason", edit_str(rq->reason) },
		};
		size_t np = rq->reason && *rq->reason ? 6 : 5;
		if (doc_is_map(ev)) {
			for (size_t i = 0; i < np; i++)
				rc |= edit_set_scalar(ed, ev, pairs[i].key, pairs[i].val);
		} else if (!ev || (ev->kind == DOC_SCALAR && doc_is_null(ev))) {
			/* None yet: the contract's record, written whole. */
			rc |= edit_set_map(ed, root, "last_event", pairs, np);
		} else {
			snprintf(res->note, sizeof res->note, "%s: last_event is not a mapping: the event is not recorded there",
			         d->path);
		}
		if (strcmp(to, "BLOCKED") == 0 && rq->reason && *rq->reason)
			rc |= edit_set_scalar(ed, root, "blocked_reason", edit_str(rq->reason));
	}
	if (rc)
		return deny(res, TX_IO, "cannot edit %s", d->path);
	tx_set(res, TX_DONE, "acp:%s %s --%s--> %s", a->id, shown, event, to);
	return TX_DONE;
}

int acp_transition(const lw_source *src, const tx_request *rq, tx_result *res)
{
	memset(res, 0, sizeof *res);
	const acp_state *st = src->good ? src->good->sys : NULL;
	if (!rq->subject) {
		tx_set(res, TX_USAGE, "acp transitions act on an agent: name it (acp:Agent-2)");
		return res->rc;
	}
	const acp_agent *ag = st ? acp_find_agent(st, rq->subject) : NULL;
	if (!ag && st && acp_find_task(st, rq->subject)) {
		tx_set(res, TX_USAGE, "%s is an fsm_data task: its agent moves it; act on the agent", rq->subject);
		return res->rc;
	}
	if (!ag || !ag->path) {
		tx_set(res, TX_USAGE, ag ? "%s has no state.json to move" : "acp has no agent '%s'", rq->subject);
		return res->rc;
	}
	char dir[LW_PATH_MAX];
	lw_path_join(dir, sizeof dir, st->workspaces, ag->id);
	acp_move a = { .rq = rq, .id = ag->id, .root = st->root, .agent_dir = dir };
	return txfile_update(ag->path, apply, &a, res);
}
