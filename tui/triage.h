/* triage.h — what a check run means for triage (triage.c): acknowledged
 * alerts marked, raised and cleared ones in the feed. The model side, called
 * by the check run; the keys that act are in triage_ack.h. */
#ifndef LW_TRIAGE_H
#define LW_TRIAGE_H
#include "tui/hud.h"

/* After a check: mark acknowledged alerts, end those whose alert cleared,
 * and add "raised"/"cleared" lines to the feed. */
void triage_after_check(hud *h, lw_alerts *fresh, const lw_alerts *before);
/* The shown alerts' counts by level, acknowledged ones apart. */
void triage_counts(const hud *h, size_t by_level[3], size_t *acked);
/* The folder of the project an alert belongs to (by its label). */
const char *triage_alert_dir(const hud *h, const lw_alert *a);

#endif
