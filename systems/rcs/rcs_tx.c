/* rcs_tx.c — RCS's transition table and dispatch: `activate` (rcs_activate.c)
 * and `clear` (rcs_clear.c), both levers on a workflow named as rcs:MODE.
 * Writes go through the transaction engine (core/txn/txn.h: no lock, as
 * oh-my-codex takes none; whole-file compare before the swap; both files of
 * a transition or neither) and the editor, so every byte we do not mean to
 * change survives. */
#include "systems/rcs/rcs.h"
#include "systems/rcs/rcs_tx.h"
#include "core/txn/txn.h"
#include <stdio.h>
#include <string.h>

static const tx_row rows[] = {
	{ NULL, "activate", NULL, 0, 0,
	  "activate workflow MODE (rcs:MODE): under .rcs when the seed's allowlist lets it join the active set "
	  "(a denial writes nothing and says what to clear); under .omx as the package does, completing an "
	  "allowlisted handoff's source" },
	{ NULL, "clear", NULL, TX_CONFIRM, 0,
	  "clear workflow MODE (rcs:MODE): only that member leaves the active set and its mode file is "
	  "cancelled; --all-sessions clears it in every session" },
};

const tx_table rcs_tx_table = { "rcs", rows, sizeof rows / sizeof *rows };

lw_snapshot *rcs_tx_load(const char *base, tx_result *res)
{
	lw_snapshot *snap = lw_snapshot_new();
	lw_error err;
	lw_error_clear(&err);
	if (rcs_load(base, snap, &err) < 0) {
		char msg[700];
		tx_set(res, TX_IO, "%s; nothing written", lw_error_format(&err, msg, sizeof msg));
		lw_snapshot_free(snap);
		return NULL;
	}
	return snap;
}

const char *rcs_tx_scope(arena *a, const rcs_state *st, const char *sid)
{
	return sid ? arena_printf(a, "%s/sessions/%s", st->base, sid) : st->base;
}

int rcs_tx_store_rc(int rc, const lw_error *err, tx_result *res)
{
	if (rc == 0 || rc == EDIT_DENIED || rc == EDIT_NOCHANGE)
		return rc;
	char msg[700];
	tx_set(res, TX_IO, "%s", err->set ? lw_error_format(err, msg, sizeof msg) : "write failed");
	return rc;
}

int rcs_transition(const lw_source *src, const tx_request *rq, tx_result *res)
{
	memset(res, 0, sizeof *res);
	char why[400];
	if (!tx_lever(&rcs_tx_table, rq->event)) {
		tx_lookup(&rcs_tx_table, NULL, rq->event, why, sizeof why);
		tx_set(res, TX_USAGE, "%s", why);
		return res->rc;
	}
	if (!rq->subject || !*rq->subject) {
		tx_set(res, TX_USAGE, "%s needs a workflow: transition rcs:MODE %s", rq->event, rq->event);
		return res->rc;
	}
	const char *mode = rcs_canon(rq->subject);
	const char *surface = rcs_surface_of(src->root);
	if (!rcs_known(mode, surface) && strcmp(rq->event, "activate") == 0) {
		rcs_verdict v;
		rcs_set none = { .n = 0 };
		rcs_evaluate(&none, rq->subject, surface, &v);
		tx_set(res, TX_USAGE, "%s", v.message);
		return res->rc;
	}
	if (strcmp(rq->event, "activate") == 0)
		return rcs_activate(src, rq, res, mode);
	return rcs_clear(src, rq, res, mode);
}
