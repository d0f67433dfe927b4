/* alert_index.h — an alert set looked up by identity (system, code, key)
 * in constant time. Comparing two sets alert by alert (which alerts are
 * new, which first-seen times carry over, what a notifier or `check
 * --follow` has already told) was quadratic: 20 projects of 1,000 tasks
 * hold thousands of alerts, and the HUD compares them on every reload.
 *
 * The index points into the set: it is valid while the set is unchanged.
 * Like lw_alerts_find, a lookup answers the first alert of that identity. */
#ifndef LW_ALERT_INDEX_H
#define LW_ALERT_INDEX_H
#include "core/model/model.h"
#include <stddef.h>

typedef struct lw_alert_index {
	const lw_alerts *set;
	size_t *slot;             /* 1 + the alert's position; 0 = empty */
	size_t mask;
} lw_alert_index;

void lw_alert_index_init(lw_alert_index *ix, const lw_alerts *set);
void lw_alert_index_free(lw_alert_index *ix);
const lw_alert *lw_alert_index_find(const lw_alert_index *ix, const char *system, const char *code,
                                    const char *key);

#endif
