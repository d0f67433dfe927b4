/* zoom.h — the focused pane given the whole screen (lazygit's +) and back:
 * while zoomed the header, the message line and the footer stay, the other
 * panes give up their rows, and Tab moves the zoom with the focus. */
#ifndef LW_ZOOM_H
#define LW_ZOOM_H
#include "tui/hud.h"

void zoom_toggle(hud *h);   /* the keymap's "zoom" */
/* _ (lazygit's): hide the next pane of content, in the order workflows,
 * agents, alerts, activity, so the board gets their rows; after the last,
 * every pane is shown again. The footer keeps saying what is hidden. */
enum { ZOOM_HIDE_MAX = 4 };
void zoom_hide_next(hud *h);   /* the keymap's "hide" */
bool zoom_hidden(const hud *h, const struct hud_pane_def *p);
/* "workflows, agents": the panes hidden now ("" none). */
void zoom_hidden_names(const hud *h, char *buf, size_t n);
/* Heights for a zoomed screen: true when it set them (panes_layout). */
bool zoom_layout(const hud *h, int height[]);

#endif
