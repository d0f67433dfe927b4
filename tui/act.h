/* act.h — navigation, and the keys that fire transitions. Each key asks
 * the selected task's system table whether it applies, so the footer shows
 * only what would be allowed; the adapter re-checks under its lock anyway. */
#ifndef LW_ACTIONS_H
#define LW_ACTIONS_H
#include "tui/hud.h"

void nav_move(hud *h, int dx, int dy);

bool act_can_approve(const hud *h);
bool act_can_reject(const hud *h);
bool act_can_block(const hud *h);
bool act_can_note(const hud *h);
bool act_can_pause(const hud *h);
bool act_can_abort(const hud *h);
bool act_can_clear_checkpoint(const hud *h);
bool act_can_start(const hud *h);
bool act_can_resolve(const hud *h);
bool act_can_stop(const hud *h);
bool act_can_redirect(const hud *h);
bool act_can_clear_workflow(const hud *h);
bool act_can_reset(const hud *h);
bool act_can_move(const hud *h);

void act_approve(hud *h);
void act_reject(hud *h);
void act_block(hud *h);
void act_note(hud *h);
void act_pause(hud *h);
void act_abort(hud *h);
void act_clear_checkpoint(hud *h);
void act_start(hud *h);
void act_resolve(hud *h);
void act_stop(hud *h);
void act_redirect(hud *h);
void act_clear_workflow(hud *h);
void act_reset(hud *h);
void act_move(hud *h);

/* The write a key started runs in a child (txrun.h): the loop calls
 * act_tx_poll when its pipe is readable or its timer is due (it says what
 * the write waits for, then how it went); Esc calls act_tx_cancel. */
void act_tx_poll(hud *h);
void act_tx_cancel(hud *h);
/* Free what the last write kept (its typed text), on quit. */
void act_free(void);

#endif
