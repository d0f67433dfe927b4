/* act.h — the one way the HUD runs a system's action (core/model/action.h):
 * whatever system declared it, a key goes through the same four steps:
 *   capture  the target and the state the operator saw (its status, its
 *            review commit), when the key is pressed;
 *   ask      the prompt chain the declaration and its table row need: a
 *            chooser (move), a text (reason, note, direction), a question,
 *            or a y/N with what follows from it;
 *   fire     the write, in a child (txrun.h), with the captured state as
 *            the compare-and-swap the adapter checks under its lock;
 *   report   how it went, on the message line; a refused text comes back in
 *            its prompt, an override asked by the system is asked here.
 * The target is what is selected (a task on the board, a workflow, else the
 * system of either), or a task a view names (act_applies_to, act_run_on).
 * No system name or event word is known here: all of it is the adapter's. */
#ifndef LW_ACTIONS_H
#define LW_ACTIONS_H
#include "tui/hud.h"

void nav_move(hud *h, int dx, int dy);

/* Does the action NAME ("approve", a keymap row's name) apply to what is
 * selected? The footer shows only those; the adapter re-checks anyway. */
bool act_applies(const hud *h, const char *name);
/* Run it on what is selected (nothing when it does not apply). */
void act_run(hud *h, const char *name);
/* The same for a task a view shows (a queue, a review): src and t from the
 * model of the HUD. */
bool act_applies_to(const hud *h, const char *name, const lw_source *src, const lw_task *t);
void act_run_on(hud *h, const char *name, const lw_source *src, const lw_task *t);
/* Is NAME a verdict on a task (offered in a review's footer), or any task
 * action (its key acts on a task shown in a view)? */
bool act_is_verdict(const char *name);
bool act_is_task_action(const char *name);

/* The write a key started runs in a child (txrun.h): the loop calls
 * act_tx_poll when its pipe is readable or its timer is due (it says what
 * the write waits for, then how it went); Esc calls act_tx_cancel. */
void act_tx_poll(hud *h);
void act_tx_cancel(hud *h);
/* Free what the last write kept (its typed text), on quit. */
void act_free(void);

#endif
