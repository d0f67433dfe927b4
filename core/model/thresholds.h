/* thresholds.h — the check thresholds a state file does not set itself:
 * grace periods, ages, the warning offset below a cliff. (The cliffs
 * themselves, max_coder_iterations and the like, come from the state's own
 * config.)
 *
 * Each system declares its own thresholds in its adapter: a struct of
 * long longs (th_size bytes), its built-in values (th_default) and the
 * config rows that set its fields (LW_SYS_TH). This struct holds every
 * system's block side by side, laid out in registry order, so a config is
 * one value that copies, and adding a system touches nothing here. A check
 * reads its block through its lw_check_ctx (never a global):
 *     const rcs_thresholds *th = lw_thresholds_of(lw_check_thresholds(ctx), &lw_adapter_rcs);
 * All times are seconds. */
#ifndef LW_THRESHOLDS_H
#define LW_THRESHOLDS_H
#include <stddef.h>

struct lw_adapter;

/* Room for every system's block, in long longs; a registry that needs more
 * stops the first test that runs, with a message naming this. */
enum { LW_TH_SYSTEM_WORDS = 64 };

typedef struct lw_thresholds {
	/* Warnings sit this many below a cliff (iterations, review cycles):
	 * the checks of every system and the metrics' "near" counts read it. */
	long long warn_below;
	long long sys[LW_TH_SYSTEM_WORDS];   /* the systems' blocks */
} lw_thresholds;

void lw_thresholds_default(lw_thresholds *t);
/* The built-in values, read-only: what a check uses when it is given none. */
const lw_thresholds *lw_thresholds_builtin(void);
/* The block of adapter a in t (t NULL: the built-in values); NULL when the
 * adapter declares no thresholds. */
const void *lw_thresholds_of(const lw_thresholds *t, const struct lw_adapter *a);
/* Where a's block starts in sys[], in long longs. */
size_t lw_thresholds_base(const struct lw_adapter *a);

#endif
