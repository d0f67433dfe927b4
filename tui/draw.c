/* draw.c — the screen: what the stack of views shows (views.c: the main
 * screen's dirty panes, or a full view, and the overlays over it). Below
 * the size the panes need, the main screen degrades instead of going blank:
 * from 20x3 up the first line is always the project and its alert counts,
 * the rows under it list the alerts (the most severe first), the last says
 * how to see the rest; views opened over it (detail, help) draw as usual. */
#include "tui/view.h"
#include "tui/term.h"
#include "tui/triage.h"
#include "tui/pane.h"
#include "tui/mouse.h"
#include <curses.h>
#include <stdio.h>
#include <string.h>

#define MIN_COLS 60
#define MIN_ROWS 16

/* The first line: counts right, the project in what is left (its tail). */
static void small_head(hud *h)
{
	size_t lev[3], acked;
	triage_counts(h, lev, &acked);
	char right[96], where[LW_PATH_MAX + 64];
	snprintf(right, sizeof right, " CRIT %zu  WARN %zu%s", lev[LW_CRIT], lev[LW_WARN], acked ? "  ACK" : "");
	if (acked)
		snprintf(right + strlen(right), sizeof right - strlen(right), " %zu ", acked);
	else
		strcat(right, " ");
	const char *dir = hud_where(h, where, sizeof where);
	bool brief = (int)strlen(right) + 8 > h->cols;
	if (brief)
		snprintf(right, sizeof right, " C%zu W%zu%s ", lev[LW_CRIT], lev[LW_WARN], acked ? "+" : "");
	int rw = (int)strlen(right), room = h->cols - rw;
	text_fill_row(h, 0, 0, h->cols, EL_HEADER);
	const char *p = dir;
	while (*p && text_width(h, p) > room - 2) {
		p++;
		while ((*p & 0xC0) == 0x80)
			p++;
	}
	text_putf(h, 0, 0, room, EL_HEADER, " %s%s", p != dir ? (h->utf8 ? "\u2026" : "~") : "", p);
	text_put(h, 0, room, rw, right, EL_HEADER);
	if (lev[LW_CRIT])
		text_putf(h, 0, room + 1, rw - 2, EL_CRIT, brief ? "C%zu" : "CRIT %zu", lev[LW_CRIT]);
}

static void draw_small(hud *h)
{
	mouse_forget();   /* no pane is where it was drawn last */
	small_head(h);
	/* The message (what the operator just did) over the hint, when there is one. */
	int last = h->rows - 1;
	int lines = last - 1, shown = 0;
	for (size_t i = 0; i < h->alerts.n && shown < lines; i++) {
		const lw_alert *a = &h->alerts.v[i];
		/* A row left for the count of the rest, when they do not all fit. */
		if (shown == lines - 1 && h->alerts.n - i > 1) {
			text_putf(h, 1 + shown++, 1, h->cols - 1, EL_DIM, "+%zu more alerts", h->alerts.n - i);
			break;
		}
		theme_elem e = a->acked ? EL_DIM : a->level == LW_CRIT ? EL_CRIT : a->level == LW_WARN ? EL_WARN : EL_INFO;
		int x = 1 + text_putf(h, 1 + shown, 1, 5, e, "%s", a->acked ? "ack" : lw_level_name(a->level));
		text_putf(h, 1 + shown++, x + 1, h->cols - x - 1, a->acked ? EL_DIM : EL_NORMAL, "%s%s%s%s %s", a->project ? "[" : "",
		          a->project ? a->project : "", a->project ? "] " : "", a->code, a->subject);
	}
	if (!h->alerts.n && lines > 0)
		text_put(h, 1 + shown++, 1, h->cols - 1, "no alerts", EL_OK);
	/* Rows left: the board in one line (each lane's count), then the tasks
	 * that wait for the operator, as many as fit. */
	if (shown < lines && h->nitems) {
		char b[128];
		size_t used = 0;
		for (int l = 0; l < LANE_COUNT && used < sizeof b; l++)
			used += (size_t)snprintf(b + used, sizeof b - used, "%s%s %zu", l ? "  " : "", hud_lane_short(l), hud_lane_count(h, l));
		text_put(h, 1 + shown++, 1, h->cols - 1, b, EL_DIM);
	}
	for (size_t i = 0; i < h->nitems && shown < lines; i++) {
		const lw_task *t = h->items[i].task;
		if (t->awaiting_operator)
			text_putf(h, 1 + shown++, 0, h->cols, EL_PROMPT, "!%s:%s %s", t->system, t->id, t->status ? t->status : "");
	}
	if (last > 0) {
		if (h->message[0])
			text_put(h, last, 0, h->cols, h->message, h->message_error ? EL_WARN : EL_OK);
		else if (h->cols >= 40)
			text_putf(h, last, 0, h->cols, EL_DIM, "%dx%d: the board needs %dx%d  q quits", h->cols, h->rows,
			          MIN_COLS, MIN_ROWS);
		else
			text_putf(h, last, 0, h->cols, EL_DIM, "board at %dx%d", MIN_COLS, MIN_ROWS);
	}
}

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
	/* The main screen is what shows when every view open over it is an overlay. */
	bool main_shows = true;
	for (int i = 0; i < h->nviews; i++)
		main_shows = main_shows && h->views[i]->overlay;
	if (small && main_shows) {
		curs_set(0);   /* a prompt over it places the cursor */
		draw_small(h);
		/* What asks (a prompt, a chooser) still shows over it. */
		for (int i = 0; i < h->nviews; i++)
			if (h->views[i]->overlay)
				h->views[i]->draw(h, DIRTY_ALL);
	} else {
		views_draw(h, d);
	}
	if (h->bell) {
		beep();
		h->bell = false;
	}
	term_refresh();
}
