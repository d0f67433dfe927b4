/* zoom.c — one pane on the whole screen (see zoom.h). */
#include "tui/zoom.h"
#include "tui/pane.h"
#include <stdio.h>
#include <string.h>

static const hud_pane_def *const hide_order[ZOOM_HIDE_MAX] = { &pane_workflows, &pane_agents, &pane_alerts,
                                                               &pane_activity };

bool zoom_hidden(const hud *h, const hud_pane_def *p)
{
	for (int i = 0; i < h->hidden && i < ZOOM_HIDE_MAX; i++)
		if (hide_order[i] == p)
			return true;
	return false;
}

void zoom_hidden_names(const hud *h, char *buf, size_t n)
{
	buf[0] = '\0';
	for (int i = 0; i < h->hidden && i < ZOOM_HIDE_MAX; i++)
		snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", i ? ", " : "", hide_order[i]->name);
}

void zoom_hide_next(hud *h)
{
	h->hidden = (h->hidden + 1) % (ZOOM_HIDE_MAX + 1);
	if (h->focus && zoom_hidden(h, h->focus))
		h->focus = &pane_board;   /* the focus never rests on what is not shown */
	if (!h->hidden) {
		hud_message(h, false, "every pane shown");
		return;
	}
	char names[80];
	zoom_hidden_names(h, names, sizeof names);
	hud_message(h, false, "hidden: %s (_ hides the next; after the %s, _ shows them all)", names,
	            hide_order[ZOOM_HIDE_MAX - 1]->name);
}

void zoom_toggle(hud *h)
{
	h->zoomed = !h->zoomed && h->focus;
	/* The message line says what is hidden and how it comes back. */
	if (h->zoomed)
		hud_message(h, false, "%s zoomed: the other panes hidden (+ shows them, Tab zooms the next)",
		            h->focus->name);
	else
		hud_message(h, false, "every pane shown");
}

bool zoom_layout(const hud *h, int height[])
{
	if (!h->zoomed || !h->focus)
		return false;
	int rest = h->rows, at = -1;
	for (size_t i = 0; i < hud_npanes; i++) {
		const hud_pane_def *p = hud_panes[i];
		if (p == h->focus)
			at = (int)i;
		else if (p->move || p == &pane_activity)
			height[i] = 0;   /* a pane of content: hidden */
		else {
			height[i] = p->height(h);   /* header, message line, footer */
			rest -= height[i] > 0 ? height[i] : 0;
		}
	}
	if (at < 0)
		return false;
	height[at] = rest;
	return true;
}
