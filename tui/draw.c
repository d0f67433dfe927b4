/* draw.c — the layout of the main screen, and the size floor below which we
 * say so instead of drawing garbage. */
#include "tui/hud.h"
#include "tui/review.h"
#include <curses.h>
#include <string.h>

#define MIN_COLS 60
#define MIN_ROWS 16

/* Pane rows: workflows, board and alerts share what header, message and
 * footer leave. */
static void layout(const hud *h, int L[6])
{
	int wf_max = h->rows / 5 < 2 ? 2 : h->rows / 5;
	int wf = (int)hud_workflow_count(h) + 1;
	if (wf > wf_max)
		wf = wf_max;
	if (wf < 2)
		wf = 2;
	int y = 1 + wf;
	int bottom = h->rows - 1 - (h->message[0] ? 1 : 0);   /* footer, message */
	int alerts_h = (int)h->alerts.n + 1;
	if (alerts_h > h->rows / 4)
		alerts_h = h->rows / 4;
	if (alerts_h < 2)
		alerts_h = 2;
	L[0] = 1;                       /* workflows: y, height */
	L[1] = wf;
	L[2] = y;                       /* board */
	L[3] = bottom - y - alerts_h;
	L[4] = y + L[3];                /* alerts */
	L[5] = alerts_h;
}

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
	int L[6];
	layout(h, L);
	bool full = h->dirty == DIRTY_ALL || h->mode != MODE_NORMAL || memcmp(L, h->last_layout, sizeof L) != 0 ||
	            h->cols < MIN_COLS || h->rows < MIN_ROWS;
	unsigned d = full ? DIRTY_ALL : h->dirty;
	h->dirty = 0;
	memcpy(h->last_layout, L, sizeof L);
	if (full)
		erase();
	if (h->cols < MIN_COLS || h->rows < MIN_ROWS) {
		put_textf(h, 0, 0, h->cols, EL_WARN, "liza-watch: terminal too small");
		put_textf(h, 1, 0, h->cols, EL_NORMAL, "%dx%d, need %dx%d", h->cols, h->rows, MIN_COLS, MIN_ROWS);
		put_text(h, 2, 0, h->cols, "q quits", EL_DIM);
		refresh();
		return;
	}
	if (h->mode == MODE_DETAIL) {
		view_detail(h);
	} else if (h->mode == MODE_HELP) {
		view_help(h);
	} else if (hud_review_open(h)) {
		view_review(h);   /* under a prompt too: a verdict asked from the review */
	} else {
		if (d & DIRTY_HEADER) {
			clear_rows(0, 1);
			view_header(h, 0);
		}
		if (d & DIRTY_WORKFLOWS) {
			clear_rows(L[0], L[1]);
			view_workflows(h, L[0], L[1]);
		}
		if (d & DIRTY_BOARD) {
			clear_rows(L[2], L[3]);
			if (h->table_view)
				view_table(h, L[2], L[3]);
			else
				view_board(h, L[2], L[3]);
		}
		if (d & DIRTY_ALERTS) {
			clear_rows(L[4], L[5]);
			view_alerts(h, L[4], L[5]);
		}
		if (full && h->message[0])
			put_text(h, h->rows - 2, 0, h->cols, h->message, h->message_error ? EL_WARN : EL_OK);
		if (d & DIRTY_FOOTER) {
			clear_rows(h->rows - 1, 1);
			view_footer(h, h->rows - 1);
		}
	}
	if (h->mode == MODE_CHOOSE)
		view_chooser(h);
	else if (h->mode == MODE_PROMPT || h->mode == MODE_CONFIRM)
		view_prompt(h);
	else
		curs_set(0);
	if (h->bell) {
		beep();
		h->bell = false;
	}
	refresh();
}
