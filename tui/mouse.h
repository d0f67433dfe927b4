/* mouse.h — the mouse on the HUD (htop, lazygit, k9s): a click selects what
 * is under it and gives its pane the focus, the wheel scrolls the pane or
 * the full view under the pointer, a double click opens the detail. What
 * a click hits is what was drawn there: the panes record each item's
 * rectangle as they draw it (mouse_zone), the main screen each pane's
 * (mouse_pane); nothing is recomputed from the layout. Off with `mouse = 0`
 * in the config, for those who select text with the mouse. */
#ifndef LW_MOUSE_H
#define LW_MOUSE_H
#include "tui/hud.h"

struct hud_pane_def;

/* The key code the SGR report prefix is bound to (when ncurses does not read SGR itself). */
enum { MOUSE_SGR = 0x1ff0 };

/* The help screen's lines on the mouse. */
extern const char *const mouse_legend[];

/* After curses starts: reporting on, unless the config says mouse = 0;
 * mouse_stop before curses ends. */
void mouse_start(hud *h);
void mouse_stop(void);
/* A key that is a mouse report (KEY_MOUSE, MOUSE_SGR). */
bool mouse_is_key(int ch);
bool mouse_on(const hud *h);
/* A pane is drawn at rows y..y+height-1: its old items go, its rectangle is kept. */
void mouse_pane(const struct hud_pane_def *p, int y, int height, int cols);
/* An item drawn by pane p at (y, x), rows x cols; a and b say which (the
 * pane's row; the board: lane and row, or table row and -1). */
void mouse_zone(const struct hud_pane_def *p, int y, int x, int rows, int cols, int a, int b);
/* The screen was drawn without the panes (too small): nothing to hit. */
void mouse_forget(void);
/* A mouse key came: read the event and act on it. */
void mouse_key(hud *h, int ch);

#endif
