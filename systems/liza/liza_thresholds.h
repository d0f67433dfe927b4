/* liza_thresholds.h — Liza's thresholds a config may change (the
 * liza.* rows of liza_adapter.c; their built-in values are there too). The
 * cliffs themselves come from state.yaml's config. Seconds unless said. */
#ifndef LIZA_THRESHOLDS_H
#define LIZA_THRESHOLDS_H

enum { LIZA_CHECKPOINT_LEVELS = 3, LIZA_PAUSE_LEVELS = 2 };

typedef struct liza_thresholds {
	long long lease_grace;            /* a lease may lapse this long before it counts as lost */
	long long heartbeat_factor;       /* missed heartbeat intervals before an agent is stale */
	long long orphan_grace;           /* a REJECTED task without a working holder, before it is orphaned */
	long long stale_draft;            /* a DRAFT never finalized */
	long long approved_unmerged;      /* APPROVED and not merged */
	long long stalled;                /* no log.yaml entry while the goal is IN_PROGRESS */
	long long checkpoint[LIZA_CHECKPOINT_LEVELS];   /* CHECKPOINT: stale (WARN), stuck, abandoned (CRIT) */
	long long pause[LIZA_PAUSE_LEVELS];             /* PAUSE: stale (WARN), forgotten (CRIT) */
	long long failure_risk_cycles;    /* review cycles from which one coder failure warns */
} liza_thresholds;

#endif
