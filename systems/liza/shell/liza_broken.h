/* liza_broken.h — one broken rule of liza-validate.sh raised as an alert,
 * the one way liza_invariants.c and liza_validity.c both raise it: a CRIT
 * invalid_state alert that names the rule and where,
 * `state.yaml:41:5: CLAIMED task has no worktree (rule: claimed_fields)`. */
#ifndef LW_LIZA_BROKEN_H
#define LW_LIZA_BROKEN_H
#include "systems/liza/shell/liza.h"

/* key_extra for a rule whose ways of breaking only the message tells
 * apart (a spec path, an anomaly's missing details): the key is
 * subject#rule#message. */
extern const char liza_broken_by_message[];

/* The alert's key is subject#rule, so two rules broken on one subject are
 * two alerts; key_extra (not NULL) is added when one subject can break a
 * rule several ways (two cycles through one task). at NULL: no line:col. */
lw_alert *liza_broken(const liza_state *st, lw_check_ctx *ctx, const char *subject, const char *rule,
                      const char *key_extra, const doc_node *at, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* Where to point for a field: its value when present, else the map. */
const doc_node *liza_broken_at(const doc_node *map, const char *key);

#endif
