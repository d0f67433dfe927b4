/* chooser.c — pick one of a few options (the transitions reachable from the
 * selected task): arrows or the keys bound to up/down/top/bottom move, Enter
 * takes, Esc (or quit's key) cancels. Drawn as a box over the bottom of the
 * board, so the board stays in view above it. */
#include "tui/chooser.h"
#include "tui/view.h"
#include "tui/keymap.h"
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The chooser's own state (its private block, tui/view.h). */
typedef struct chooser_state {
	char label[96];
	char items[HUD_CHOICES_MAX][160];
	int n, sel;
	hud_choose_done done;
} chooser_state;

static chooser_state *state(hud *h) { return views_private(h, &view_chooser); }

void chooser_ask(hud *h, const char *label, hud_choose_done done)
{
	chooser_state *c = state(h);
	memset(c, 0, sizeof *c);
	snprintf(c->label, sizeof c->label, "%s", label);
	c->done = done;
	views_push(h, &view_chooser);
}

void chooser_add(hud *h, const char *fmt, ...)
{
	chooser_state *c = state(h);
	if (c->n == HUD_CHOICES_MAX)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->items[c->n++], sizeof c->items[0], fmt, ap);
	va_end(ap);
}

static void finish(hud *h, int index)
{
	hud_choose_done done = state(h)->done;
	views_close(h, &view_chooser);   /* back to the view it was asked from */
	if (done)
		done(h, index);
}

static void key(hud *h, int ch)
{
	chooser_state *c = state(h);
	const char *a = keymap_action_of(h->keymap, ch);
	a = a ? a : "";
	if (ch == KEY_UP || strcmp(a, "up") == 0)
		c->sel = c->sel > 0 ? c->sel - 1 : c->n - 1;
	else if (ch == KEY_DOWN || strcmp(a, "down") == 0)
		c->sel = c->sel + 1 < c->n ? c->sel + 1 : 0;
	else if (ch == KEY_HOME || strcmp(a, "top") == 0)
		c->sel = 0;
	else if (ch == KEY_END || strcmp(a, "bottom") == 0)
		c->sel = c->n ? c->n - 1 : 0;
	else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
		finish(h, c->n ? c->sel : -1);
	else if (ch == 27 || strcmp(a, "quit") == 0)
		finish(h, -1);
	else if (ch >= '1' && ch <= '9' && ch - '1' < c->n)
		finish(h, ch - '1');   /* the number shown beside each option */
}

static void draw(hud *h, unsigned dirty)
{
	(void)dirty;
	chooser_state *c = state(h);
	int w = text_width(h, c->label) + 4;
	for (int i = 0; i < c->n; i++) {
		int iw = text_width(h, c->items[i]) + 8;
		if (iw > w)
			w = iw;
	}
	if (w > h->cols - 2)
		w = h->cols - 2;
	int rows = c->n + 3;   /* title, items, hint, bottom edge */
	if (rows > h->rows - 2)
		rows = h->rows - 2;
	int y0 = h->rows - 1 - rows, x0 = 1;
	/* Whole rows: what the box covers (alerts, cards) must not show beside it. */
	for (int r = 0; r < rows; r++)
		text_fill_row(h, y0 + r, 0, h->cols, EL_NORMAL);
	attrset(text_style_attr(h, EL_BORDER));
	mvhline(y0, x0, h->utf8 ? ACS_HLINE : '-', w);
	mvhline(y0 + rows - 1, x0, h->utf8 ? ACS_HLINE : '-', w);
	attrset(A_NORMAL);
	text_putf(h, y0, x0 + 1, w - 2, EL_TITLE, " %s ", c->label);
	int shown = rows - 3;
	int first = c->sel >= shown ? c->sel - shown + 1 : 0;
	for (int i = 0; i < shown && first + i < c->n; i++) {
		bool sel = first + i == c->sel;
		if (sel)
			text_fill_row(h, y0 + 1 + i, x0, w, EL_SELECTED);
		text_putf(h, y0 + 1 + i, x0 + 1, w - 2, sel ? EL_SELECTED : EL_NORMAL, "%s%d %s", sel ? ">" : " ",
		          first + i + 1, c->items[first + i]);
	}
	text_put(h, y0 + rows - 2, x0 + 1, w - 2, "Up/Down choose   Enter take   Esc cancel", EL_DIM);
	curs_set(0);
}

const hud_view_def view_chooser = {
	.name = "chooser",
	.overlay = true,
	.draw = draw,
	.key = key,
	.private_size = sizeof(chooser_state),
};
