/* draw.c — the layout of the main screen, and the size floor below which we
 * say so instead of drawing garbage. */
#include "tui/hud.h"
#include <curses.h>

#define MIN_COLS 60
#define MIN_ROWS 16

void hud_draw(hud *h)
{
	getmaxyx(stdscr, h->rows, h->cols);
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
	} else {
		view_header(h, 0);
		int y = 1;
		int wf_max = h->rows / 5;
		y += view_workflows(h, y, wf_max < 2 ? 2 : wf_max);
		int bottom = h->rows - 1 - (h->message[0] ? 1 : 0);   /* footer, message */
		int alerts_h = (int)h->alerts.n + 1;
		int alerts_max = h->rows / 4;
		if (alerts_h > alerts_max)
			alerts_h = alerts_max;
		if (alerts_h < 2)
			alerts_h = 2;
		int board_h = bottom - y - alerts_h;
		if (h->table_view)
			view_table(h, y, board_h);
		else
			view_board(h, y, board_h);
		view_alerts(h, y + board_h, alerts_h);
		if (h->message[0])
			put_text(h, h->rows - 2, 0, h->cols, h->message, h->message_error ? EL_WARN : EL_OK);
		view_footer(h, h->rows - 1);
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
