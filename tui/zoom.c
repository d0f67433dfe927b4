/* zoom.c — one pane on the whole screen (see zoom.h). */
#include "tui/zoom.h"
#include "tui/pane.h"

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
