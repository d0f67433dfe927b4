/* sim_generic.c — a team for any system with a transition table: each tick
 * it loads the system, picks a task whose table allows an agent's move, and
 * fires it through the adapter's own transition — the same lock, compare-
 * and-swap and byte-preserving write the operator's keys use. Operator
 * moves (approving, rejecting, resetting) are never taken, so something
 * always waits for the human; archiving is skipped so the board never
 * drains. Each system that uses it has a three-line tick in its own folder
 * (systems/aot/aot_sim.c, …). Nothing read is ever executed. */
#include "sim/sim.h"
#include <stdio.h>
#include <string.h>

/* Moves only the operator makes in the demo, and moves that empty boards. */
static bool operator_move(const char *event)
{
	static const char *const ops[] = {
		"approve", "reject", "approval_granted", "approval_denied", "request_changes",
		"reset_requested", "reset", "archived", "stop", "redirect",
	};
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
		if (strcmp(event, ops[i]) == 0)
			return true;
	return false;
}

typedef struct move { const lw_task *task; const tx_row *row; } move;

int sim_generic_tick(const lw_adapter *ad, const char *root, time_t now, sim_rng *rng, char *line, size_t n,
                     lw_error *err)
{
	line[0] = '\0';
	if (!sim_chance(rng, 35))   /* a calmer pace than Liza's busy team */
		return 0;
	lw_source src;
	memset(&src, 0, sizeof src);
	src.adapter = ad;
	snprintf(src.root, sizeof src.root, "%s", root);
	lw_snapshot *snap = lw_snapshot_new();
	if (ad->load(&src, snap, err) < 0) {
		lw_snapshot_free(snap);
		return -1;
	}
	src.good = snap;   /* adapters find a task's own file through the loaded snapshot */
	move moves[256];
	size_t nm = 0;
	for (size_t i = 0; i < snap->ntasks && nm < 256; i++) {
		const lw_task *t = &snap->tasks[i];
		const tx_table *tab = t->tx ? t->tx : ad->tx;
		const tx_row *rows[32];
		size_t k = tab ? tx_rows_from(tab, t->status, rows, 32) : 0;
		for (size_t j = 0; j < k && nm < 256; j++)
			if (!operator_move(rows[j]->event) && !(rows[j]->needs & TX_CONFIRM))
				moves[nm++] = (move){ t, rows[j] };
	}
	/* A guard may refuse a move (a missing criterion, no evidence): try a
	 * few; refusals write nothing, so they cost nothing but the attempt. */
	int rc = 0;
	for (int attempt = 0; attempt < 4 && nm; attempt++) {
		move m = moves[sim_below(rng, (unsigned)nm)];
		tx_request rq = {
			.subject = m.task->id, .event = m.row->event, .as = "sim-agent",
			.reason = "simulated by the demo", .question = "which way?",
			.expect_status = m.task->status, .expect_commit = m.task->revision, .now = now,
		};
		tx_result res;
		ad->transition(&src, &rq, &res);
		if (res.rc == TX_DONE) {
			snprintf(line, n, "%s %s: %s", m.task->id, m.row->event, res.message);
			break;
		}
		if (res.rc == TX_IO) {
			lw_error_set(err, root, 0, 0, "%s", res.message);
			rc = -1;
			break;
		}
	}
	lw_snapshot_free(snap);
	return rc;
}
