/* thresholds.c — the built-in thresholds (the values of docs/systems/ and
 * the Liza seed), in one place so the config file, the man page and the
 * checks agree. */
#include "core/model/thresholds.h"

static const lw_thresholds builtin = {
	.lease_grace = 120,
	.heartbeat_factor = 3,
	.orphan_grace = 30,
	.stale_draft = 30 * 60,
	.approved_unmerged = 10 * 60,
	.stalled = 30 * 60,
	.checkpoint = { 30 * 60, 2 * 3600, 8 * 3600 },
	.pause = { 30 * 60, 2 * 3600 },
	.warn_below = 2,
	.failure_risk_cycles = 3,         /* seed: one coder failure counts only from 3 cycles */
	.rcs_session_stale = 30 * 60,
	.rcs_worker_stale = 5 * 60,
	.acp_stale = 1200,   /* runner.py --stalled-threshold-sec */
};

void lw_thresholds_default(lw_thresholds *t) { *t = builtin; }

const lw_thresholds *lw_thresholds_builtin(void) { return &builtin; }
