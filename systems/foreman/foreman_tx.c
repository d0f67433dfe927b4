/* foreman_tx.c — `move TASK PHASE` (the event is the target phase): the
 * phase table and its guards decide, against the task file as it is under
 * the lock. An allowed move writes phase, updated and one history entry
 * {from, to, timestamp, actor: user}; every other byte of task.yaml stays. */
#include "systems/foreman/foreman.h"
#include "core/commit/txfile.h"
#include <stdio.h>
#include <string.h>

typedef struct mv {
	const tx_request *rq;
	const char *id;
} mv;

static bool set_value(const doc_node *root, const char *key)
{
	const doc_node *v = doc_get(root, key);
	return v && !doc_is_null(v) && !(doc_str(v) && !*doc_str(v));
}

/* What moveTaskToPhase stamps besides phase and updated: started on the
 * first move to executing; completed, cycleTime and leadTime (whole
 * seconds) on a move to complete, unless an archived task that was
 * completed before is restored; and a rework (complete -> ready) clears
 * the execution stamps (upstream drops the keys; null reads the same). */
static int lifecycle_stamps(editor *ed, const doc_node *root, const char *from, const char *to, time_t now,
                            const char *ts)
{
	if (strcmp(to, "executing") == 0 && !set_value(root, "started"))
		return edit_set_scalar(ed, root, "started", edit_str(ts));
	if (strcmp(from, "complete") == 0 && strcmp(to, "ready") == 0) {
		static const char *const keys[] = { "completed", "started", "cycleTime", "leadTime" };
		for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
			if (doc_get(root, keys[i]) && !doc_is_null(doc_get(root, keys[i])) &&
			    edit_set_scalar(ed, root, keys[i], edit_null()) < 0)
				return -1;
		return 0;
	}
	if (strcmp(to, "complete") != 0 || (strcmp(from, "archived") == 0 && set_value(root, "completed")))
		return 0;
	if (edit_set_scalar(ed, root, "completed", edit_str(ts)) < 0)
		return -1;
	time_t t;
	if (set_value(root, "started") && doc_time(doc_get(root, "started"), &t) == DOC_OK &&
	    edit_set_scalar(ed, root, "cycleTime", edit_int((long long)(now - t))) < 0)
		return -1;
	if (doc_time(doc_get(root, "created"), &t) == DOC_OK &&
	    edit_set_scalar(ed, root, "leadTime", edit_int((long long)(now - t))) < 0)
		return -1;
	return 0;
}

static tx_rc apply(const doc *d, editor *ed, void *ctx, tx_result *res)
{
	mv *m = ctx;
	const tx_request *rq = m->rq;
	const doc_node *root = doc_deref(d->root);
	if (!doc_is_map(root)) {
		tx_set(res, TX_IO, "%s is not a task mapping now; nothing written", d->path);
		return TX_IO;
	}
	fm_phase cur = foreman_phase_read(doc_str(doc_get(root, "phase")));
	const char *phase = cur == FP_UNKNOWN ? doc_str(doc_get(root, "phase")) : foreman_phase_name(cur);
	if (rq->expect_status && (!phase || strcmp(phase, rq->expect_status) != 0)) {
		tx_set(res, TX_DENIED, "%s is now in %s, not %s as shown; look again. Nothing written", m->id,
		       phase ? phase : "no phase", rq->expect_status);
		return TX_DENIED;
	}
	char why[512];
	const tx_row *row = tx_lookup(&fm_tx, phase, rq->event, why, sizeof why);
	if (!row) {
		tx_set(res, TX_DENIED, "%s: %s. Nothing written", m->id, why);
		return TX_DENIED;
	}
	fm_facts f;
	foreman_facts_of(root, &f);
	const char *refused = foreman_guard_refusal(row->guards, &f);
	if (refused) {
		tx_set(res, TX_DENIED, "%s %s -> %s refused: %s. Nothing written", m->id, row->from, row->to, refused);
		return TX_DENIED;
	}
	char ts[40];
	txfile_iso_ms(rq->now, ts, sizeof ts);
	edit_pair entry[5] = {
		{ "from", edit_str(phase) },
		{ "to", edit_str(row->to) },
		{ "timestamp", edit_str(ts) },
		{ "actor", edit_str("user") },   /* the contract's actor for an operator's move */
		{ "reason", edit_str(rq->reason) },
	};
	if (lifecycle_stamps(ed, root, phase, row->to, rq->now, ts) < 0 ||
	    edit_set_scalar(ed, root, "phase", edit_str(row->to)) < 0 ||
	    edit_set_scalar(ed, root, "updated", edit_str(ts)) < 0 ||
	    edit_append_item(ed, root, "history", entry, rq->reason && *rq->reason ? 5 : 4) < 0) {
		tx_set(res, TX_IO, "cannot edit %s; nothing written", d->path);
		return TX_IO;
	}
	tx_set(res, TX_DONE, "foreman:%s %s -> %s", m->id, phase, row->to);
	return TX_DONE;
}

int foreman_transition(const lw_source *src, const tx_request *rq, tx_result *res)
{
	memset(res, 0, sizeof *res);
	const fm_state *st = src->good ? src->good->sys : NULL;
	if (!rq->subject) {
		tx_set(res, TX_USAGE, "foreman moves a task: name it (foreman:ID) and the phase");
		return res->rc;
	}
	const fm_task *t = st ? foreman_find(st, rq->subject) : NULL;
	if (!t) {
		tx_set(res, TX_USAGE, "foreman has no task '%s'", rq->subject);
		return res->rc;
	}
	mv m = { .rq = rq, .id = t->id };
	return txfile_update(t->path, apply, &m, res);
}
