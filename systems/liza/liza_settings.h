/* liza_settings.h — every liza.* setting, declared once. One row says its
 * name, kind, the threshold it sets, its range, which generations' checks
 * read it, what `config` says of it and, for a row only the shell era
 * reads, why today's Liza has no use for it. From these rows come the
 * adapter's config rows (liza_adapter.c), what each generation declares it
 * reads (liza_gen.h's reads) and the Go generation's setting_ignored
 * reports (lizago_settings.c): a new setting is one row here.
 *
 * X(name, kind, offset, count, min, max, readers, doc, why_go_ignores) */
#ifndef LIZA_SETTINGS_H
#define LIZA_SETTINGS_H
#include "core/model/config.h"
#include "systems/liza/liza_thresholds.h"
#include <stddef.h>

/* Which generations read a setting (a liza_generation's reads bit). */
enum { LIZA_READ_SHELL = 1, LIZA_READ_GO = 2, LIZA_READ_BOTH = 3 };

#define LIZA_TH(field) LW_SYS_TH(liza_thresholds, field)

#define LIZA_SETTINGS(X) \
	X("liza.lease-grace", SET_DURATION, LIZA_TH(lease_grace), 0, 0, LW_SETTING_YEAR, LIZA_READ_BOTH, \
	  "how long a lease may lapse before lease_expired (both generations; Go's own: 2m)", NULL) \
	X("liza.heartbeat-factor", SET_COUNT, LIZA_TH(heartbeat_factor), 0, 1, 1000, LIZA_READ_SHELL, \
	  "missed heartbeat intervals before agent_stale (shell era only: today's Liza ignores it)", \
	  "agent_stale is the shell era's check; today's Liza judges an agent by its lease") \
	X("liza.orphan-grace", SET_DURATION, LIZA_TH(orphan_grace), 0, 0, LW_SETTING_YEAR, LIZA_READ_BOTH, \
	  "a rejected task without a working holder, before orphaned_rejected (both; today's Liza: 2m unless set)", NULL) \
	X("liza.stale-draft", SET_DURATION, LIZA_TH(stale_draft), 0, 0, LW_SETTING_YEAR, LIZA_READ_BOTH, \
	  "a DRAFT never finalized, before stale_draft (both generations; Go's own: 30m)", NULL) \
	X("liza.approved-unmerged", SET_DURATION, LIZA_TH(approved_unmerged), 0, 0, LW_SETTING_YEAR, LIZA_READ_SHELL, \
	  "APPROVED and not merged, before approved_unmerged (shell era only: today's Liza ignores it)", \
	  "today's Liza has no approved_unmerged check") \
	X("liza.stalled", SET_DURATION, LIZA_TH(stalled), 0, 0, LW_SETTING_YEAR, LIZA_READ_BOTH, \
	  "no log entry while the goal is IN_PROGRESS, before stalled (both generations; Go's own: 30m)", NULL) \
	X("liza.checkpoint", SET_DURATIONS, LIZA_TH(checkpoint), LIZA_CHECKPOINT_LEVELS, 0, LW_SETTING_YEAR, \
	  LIZA_READ_SHELL, \
	  "CHECKPOINT age: checkpoint_stale (WARN), checkpoint_stuck, checkpoint_abandoned (CRIT) (shell era only)", \
	  "today's Liza raises awaiting_human at a sprint CHECKPOINT (no checkpoint_stale, _stuck, _abandoned)") \
	X("liza.pause", SET_DURATIONS, LIZA_TH(pause), LIZA_PAUSE_LEVELS, 0, LW_SETTING_YEAR, LIZA_READ_SHELL, \
	  "PAUSE age: pause_stale (WARN), pause_forgotten (CRIT) (shell era only: today's Liza ignores it)", \
	  "today's Liza has no PAUSE file: mode PAUSED raises awaiting_human at once") \
	/* A general threshold (every system's cliffs and the metrics read it), \
	 * named under liza. since Liza's checks were the first to use it. */ \
	X("liza.warn-below", SET_COUNT, LW_TH(warn_below), 0, 0, 1000, LIZA_READ_BOTH, \
	  "iteration and review-cycle warnings sit this many below the cliff (every system; Go's own: 2)", NULL) \
	X("liza.failure-risk-cycles", SET_COUNT, LIZA_TH(failure_risk_cycles), 0, 1, 1000, LIZA_READ_SHELL, \
	  "review cycles from which one coder failure raises failure_risk (shell era only: today's Liza ignores it)", \
	  "failure_risk is the shell era's check")

#endif
