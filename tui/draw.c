/* draw.c — the screen: what the stack of views shows (views.c: the main
 * screen's dirty panes, or a full view, and the overlays over it); and the
 * size floor below which we say so instead of drawing garbage. */
#include "tui/view.h"
#include "tui/term.h"
#include <curses.h>

#define MIN_COLS 60
#define MIN_ROWS 16

void hud_draw(hud *h)
{
	getmaxyx(stdscr, h->rows, h->cols);
	if (!h->dirty && !h->bell)
		return;   /* nothing changed: no pane is rebuilt */
	bool small = h->cols < MIN_COLS || h->rows < MIN_ROWS;
	/* Any view over the main screen is drawn whole. */
	unsigned d = small || views_depth(h) > 0 ? DIRTY_ALL : h->dirty;
	h->dirty = 0;
	if (d == DIRTY_ALL)
		erase();
	if (small) {
		text_putf(h, 0, 0, h->cols, EL_WARN, "liza-watch: terminal too small");
		text_putf(h, 1, 0, h->cols, EL_NORMAL, "%dx%d, need %dx%d", h->cols, h->rows, MIN_COLS, MIN_ROWS);
		text_put(h, 2, 0, h->cols, "q quits", EL_DIM);
		term_refresh();
		return;
	}
	views_draw(h, d);
	if (h->bell) {
		beep();
		h->bell = false;
	}
	term_refresh();
}
