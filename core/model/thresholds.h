/* thresholds.h — the check thresholds a state file does not set itself:
 * grace periods, ages, the warning offset below a cliff. (The cliffs
 * themselves, max_coder_iterations and the like, come from the state's own
 * config.) One struct, defaults filled by
 * lw_thresholds_default; the config file may change any field, and a check
 * reads it through its lw_check_ctx (never a global), so a test or a front
 * end passes its own values in. All times are seconds. */
#ifndef LW_THRESHOLDS_H
#define LW_THRESHOLDS_H

enum { LW_CHECKPOINT_LEVELS = 3, LW_PAUSE_LEVELS = 2 };

typedef struct lw_thresholds {
	/* Liza */
	long long lease_grace;            /* a lease may lapse this long before it counts as lost */
	long long heartbeat_factor;       /* missed heartbeat intervals before an agent is stale */
	long long orphan_grace;           /* a REJECTED task without a working holder, before it is orphaned */
	long long stale_draft;            /* a DRAFT never finalized */
	long long approved_unmerged;      /* APPROVED and not merged */
	long long stalled;                /* no log.yaml entry while the goal is IN_PROGRESS */
	long long checkpoint[LW_CHECKPOINT_LEVELS];   /* CHECKPOINT: stale (WARN), stuck, abandoned (CRIT) */
	long long pause[LW_PAUSE_LEVELS];             /* PAUSE: stale (WARN), forgotten (CRIT) */
	long long warn_below;             /* warnings sit this many below a cliff */
	long long failure_risk_cycles;    /* review cycles from which one coder failure warns */
	/* RCS / oh-my-codex */
	long long rcs_session_stale;      /* an active mode's last turn */
	long long rcs_worker_stale;       /* a working team worker's heartbeat */
	/* Agent Cell Phone */
	long long acp_stale;              /* an agent's last update (runner.py: 1200 s) */
} lw_thresholds;

void lw_thresholds_default(lw_thresholds *t);
/* The built-in values, read-only: what a check uses when it is given none. */
const lw_thresholds *lw_thresholds_builtin(void);

#endif
