/* draw.c — the main screen: each pane of the table (panes.c) redrawn when
 * dirty, the full-screen views and the overlays; and the size floor below
 * which we say so instead of drawing garbage. */
#include "tui/pane.h"
#include "tui/review.h"
#include <curses.h>
#include <string.h>

#define MIN_COLS 60
#define MIN_ROWS 16

static void clear_rows(int y, int n)
{
	attrset(A_NORMAL);
	for (int r = 0; r < n; r++) {
		move(y + r, 0);
		clrtoeol();
	}
}

void hud_draw(hud *h)
{
	getmaxyx(stdscr, h->rows, h->cols);
	if (!h->dirty && !h->bell)
		return;   /* nothing changed: no pane is rebuilt */
	int L[2 * HUD_PANES_MAX] = { 0 }, *ys = L, *hs = L + HUD_PANES_MAX;
	panes_layout(h, ys, hs);
	bool full = h->dirty == DIRTY_ALL || h->mode != MODE_NORMAL || memcmp(L, h->last_layout, sizeof L) != 0 ||
	            h->cols < MIN_COLS || h->rows < MIN_ROWS;
	unsigned d = full ? DIRTY_ALL : h->dirty;
	h->dirty = 0;
	memcpy(h->last_layout, L, sizeof L);
	if (full)
		erase();
	if (h->cols < MIN_COLS || h->rows < MIN_ROWS) {
		text_putf(h, 0, 0, h->cols, EL_WARN, "liza-watch: terminal too small");
		text_putf(h, 1, 0, h->cols, EL_NORMAL, "%dx%d, need %dx%d", h->cols, h->rows, MIN_COLS, MIN_ROWS);
		text_put(h, 2, 0, h->cols, "q quits", EL_DIM);
		refresh();
		return;
	}
	if (h->mode == MODE_DETAIL) {
		view_detail(h);
	} else if (h->mode == MODE_HELP) {
		view_help(h);
	} else if (h->mode == MODE_ACTIVITY) {
		view_activity(h);
	} else if (view_review_open(h)) {
		view_review(h);   /* under a prompt too: a verdict asked from the review */
	} else {
		for (size_t i = 0; i < hud_npanes; i++) {
			if (!(d & 1u << i) || hs[i] <= 0)
				continue;
			clear_rows(ys[i], hs[i]);
			hud_panes[i]->draw(h, ys[i], hs[i]);
		}
	}
	if (h->mode == MODE_CHOOSE)
		chooser_view(h);
	else if (h->mode == MODE_PROMPT || h->mode == MODE_CONFIRM)
		prompt_view(h);
	else
		curs_set(0);
	if (h->bell) {
		beep();
		h->bell = false;
	}
	refresh();
}
