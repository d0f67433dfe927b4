/* triage_ack.h — the next-alert and ack actions (triage_ack.c). */
#ifndef LW_TRIAGE_ACK_H
#define LW_TRIAGE_ACK_H
#include "tui/hud.h"

void triage_next_alert(hud *h);
bool triage_has_alerts(const hud *h);
bool triage_can_ack(const hud *h);
void triage_ack(hud *h);

#endif
