/* zoom.h — the focused pane given the whole screen (lazygit's +) and back:
 * while zoomed the header, the message line and the footer stay, the other
 * panes give up their rows, and Tab moves the zoom with the focus. */
#ifndef LW_ZOOM_H
#define LW_ZOOM_H
#include "tui/hud.h"

void zoom_toggle(hud *h);   /* the keymap's "zoom" */
/* Heights for a zoomed screen: true when it set them (panes_layout). */
bool zoom_layout(const hud *h, int height[]);

#endif
