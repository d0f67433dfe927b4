/* actions.h — navigation and the transition keys' bindings. Transitions
 * (approve, reject, …) go through core; this file only names them for the
 * keymap so the table stays in one place. */
#ifndef LW_ACTIONS_H
#define LW_ACTIONS_H
#include "tui/hud.h"

void nav_move(hud *h, int dx, int dy);

/* Bindings that act on state, spliced into the keymap table. Empty until
 * the transition layer provides them. */
#ifndef ACTION_BINDINGS
#define ACTION_BINDINGS
#endif

#endif
