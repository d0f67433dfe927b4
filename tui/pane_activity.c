/* pane_activity.c — the newest lines of the activity feed under the
 * alerts: what changed between loads, as it was seen. No rows until
 * something happened; `F` (the `activity` action) opens it full screen. */
#include "tui/pane.h"
#include "tui/activity_line.h"
#include <stdio.h>

static int height(const hud *h)
{
	size_t n = h->activity.n;
	if (!n)
		return 0;
	int most = h->rows >= 40 ? 5 : 3;
	return (int)(n < (size_t)most ? n : (size_t)most) + 1;
}

static void draw(hud *h, int y, int height_)
{
	char title[64];
	snprintf(title, sizeof title, "Activity (%llu)", (unsigned long long)h->activity.total);
	panes_title(h, y, &pane_activity, title);
	int rows = height_ - 1;
	size_t n = h->activity.n, from = n > (size_t)rows ? n - (size_t)rows : 0;
	for (size_t i = from; i < n; i++) {
		char line[640];
		theme_elem e;
		activity_line(lw_activity_get(&h->activity, i), line, sizeof line, &e);
		text_put(h, y + 1 + (int)(i - from), 1, h->cols - 2, line, e);
	}
}

/* Redrawn when a line comes: the count of lines ever added is its state. */
static unsigned long sig(const hud *h) { return (unsigned long)h->activity.total; }

static const char *const legend[] = {
	"Activity: the newest changes seen between two loads (time seen, system,",
	"  subject, what: status from -> to, assigned, verdict, log, note, message,",
	"  agents coming and going, alerts raised and cleared). F: full screen.",
	NULL,
};
const hud_pane_def pane_activity = {
	.name = "activity",
	.height = height,
	.draw = draw,
	.sig = sig,
	.redraw_on = HUD_ON_TICK,
	.legend = legend,
};
