/* panes.c — the table of the main screen's panes, top to bottom, and what
 * is done over all of them: layout, focus order, which ones a change dirties.
 * A new pane is one file (pane_NAME.c defining pane_NAME) and one row below. */
#include "tui/pane.h"
#include "tui/view.h"
#include "tui/zoom.h"
#include <curses.h>
#include <stdio.h>
#include <string.h>

extern const hud_pane_def pane_header, pane_message, pane_footer;

const hud_pane_def *const hud_panes[] = {
	&pane_header,
	&pane_workflows,
	&pane_agents,
	&pane_board,
	&pane_alerts,
	&pane_activity,
	&pane_message,
	&pane_footer,
};
const size_t hud_npanes = sizeof hud_panes / sizeof *hud_panes;
_Static_assert(sizeof hud_panes / sizeof *hud_panes <= HUD_PANES_MAX, "raise HUD_PANES_MAX");
_Static_assert(HUD_PANES_MAX <= 8 * sizeof(unsigned), "a dirty bit per pane");

/* Who gets the rows the fill pane leaves over, first to last: the panes
 * that show what waits for a human (an agent AWAITING_APPROVAL, an alert)
 * before the workflows' summary and the feed (F holds all of it). A pane
 * not listed gets none. */
static const hud_pane_def *const spare_order[] = { &pane_agents, &pane_alerts, &pane_workflows, &pane_activity };

/* Fixed heights first; the fill pane (the board) gets what is left. */
void panes_layout(const hud *h, int y[HUD_PANES_MAX], int height[HUD_PANES_MAX])
{
	int fixed = 0, fill = -1;
	if (zoom_layout(h, height))
		fill = -2;   /* the zoomed pane has the rest */
	for (size_t i = 0; i < hud_npanes && fill != -2; i++) {
		height[i] = zoom_hidden(h, hud_panes[i]) ? 0 : hud_panes[i]->height(h);
		if (height[i] == HUD_FILL)
			fill = (int)i;
		else
			fixed += height[i];
	}
	if (fill >= 0) {
		height[fill] = h->rows - fixed;
		/* Rows the fill pane would leave empty go to a pane that is cut
		 * (an alert list longer than its share), in spare_order. */
		int need = hud_panes[fill]->wants ? hud_panes[fill]->wants(h) : height[fill];
		int spare = height[fill] - need;
		for (size_t o = 0; o < sizeof spare_order / sizeof *spare_order && spare > 0; o++) {
			size_t i = 0;
			while (i < hud_npanes && hud_panes[i] != spare_order[o])
				i++;
			if (i == hud_npanes || (int)i == fill || !hud_panes[i]->wants || !height[i])
				continue;
			int more = hud_panes[i]->wants(h) - height[i];
			if (more <= 0)
				continue;
			more = more < spare ? more : spare;
			height[i] += more;
			height[fill] -= more;
			spare -= more;
		}
	}
	int at = 0;
	for (size_t i = 0; i < hud_npanes; i++) {
		y[i] = at;
		at += height[i];
	}
}

unsigned panes_on(unsigned events)
{
	unsigned d = 0;
	for (size_t i = 0; i < hud_npanes; i++)
		if (hud_panes[i]->redraw_on & events)
			d |= 1u << i;
	return d;
}

const hud_pane_def *panes_next_focus(const hud_pane_def *from, int dir)
{
	size_t at = 0;
	for (size_t i = 0; i < hud_npanes; i++)
		if (hud_panes[i] == from)
			at = i;
	for (size_t step = 1; step <= hud_npanes; step++) {
		size_t i = dir > 0 ? (at + step) % hud_npanes : (at + hud_npanes - step) % hud_npanes;
		if (hud_panes[i]->move)
			return hud_panes[i];
	}
	return from;
}

void panes_sign(const hud *h, hud_view_sig *v)
{
	memset(v, 0, sizeof *v);
	v->view = views_top(h);
	v->depth = views_depth(h);
	v->focus = h->focus;
	v->table_view = h->table_view;
	v->nitems = h->nitems;
	for (size_t i = 0; i < hud_npanes; i++)
		v->pane[i] = hud_panes[i]->sig ? hud_panes[i]->sig(h) : 0;
	snprintf(v->filter, sizeof v->filter, "%s", h->filter);
	snprintf(v->message, sizeof v->message, "%s", h->message);
	snprintf(v->prompt, sizeof v->prompt, "%s", h->prompt.text);
}

/* What changes the whole screen (a view opened or closed, the focus, the
 * filter, the message line) redraws all; a pane's own selection redraws it and the panes that
 * follow selections (the footer's keys). */
unsigned panes_changed(const hud_view_sig *a, const hud_view_sig *b)
{
	if (a->view != b->view || a->depth != b->depth || b->depth != 0 || a->focus != b->focus ||
	    a->table_view != b->table_view || a->nitems != b->nitems || strcmp(a->filter, b->filter) ||
	    strcmp(a->message, b->message))
		return DIRTY_ALL;
	unsigned d = 0;
	for (size_t i = 0; i < hud_npanes; i++)
		if (a->pane[i] != b->pane[i])
			d |= 1u << i;
	return d ? d | panes_on(HUD_ON_SELECT) : 0;
}

void panes_title(hud *h, int y, const hud_pane_def *pane, const char *title)
{
	theme_elem e = h->focus == pane ? EL_TITLE : EL_DIM;
	attrset(text_style_attr(h, EL_BORDER));
	mvhline(y, 0, h->utf8 ? ACS_HLINE : '-', h->cols);
	attrset(A_NORMAL);
	text_putf(h, y, 1, h->cols - 2, e, " %s ", title);
}
