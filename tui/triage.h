/* triage.h — acknowledgements and the alerts' lines in the feed, and the
 * next-alert and ack actions (triage.c). */
#ifndef LW_TRIAGE_H
#define LW_TRIAGE_H
#include "tui/hud.h"

/* After a check: mark acknowledged alerts, end those whose alert cleared,
 * and add "raised"/"cleared" lines to the feed. */
void triage_after_check(hud *h, lw_alerts *fresh, const lw_alerts *before);
/* The shown alerts' counts by level, acknowledged ones apart. */
void triage_counts(const hud *h, size_t by_level[3], size_t *acked);

void triage_next_alert(hud *h);
bool triage_has_alerts(const hud *h);
bool triage_can_ack(const hud *h);
void triage_ack(hud *h);

#endif
