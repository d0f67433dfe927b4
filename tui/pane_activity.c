/* pane_activity.c — the newest lines of the activity feed under the
 * alerts: what changed between loads, as it was seen. No rows until
 * something happened; `F` (the `activity` action) opens it full screen. */
#include "tui/pane.h"
#include "tui/activity_line.h"
#include <stdio.h>

/* The newest lines shown (the narrowed project's only, with o), at most max. */
static size_t newest(const hud *h, size_t max, size_t *idx)
{
	size_t k = 0;
	for (size_t i = h->activity.n; i-- > 0 && k < max;)
		if (activity_line_shown(h, lw_activity_get(&h->activity, i)))
			idx[k++] = i;
	return k;
}

static int height(const hud *h)
{
	size_t idx[5];
	int most = h->rows >= 40 ? 5 : 3;
	size_t n = newest(h, (size_t)most, idx);
	return n ? (int)n + 1 : 0;
}

static void draw(hud *h, int y, int height_)
{
	char title[64];
	snprintf(title, sizeof title, "Activity (%llu)", (unsigned long long)h->activity.total);
	panes_title(h, y, &pane_activity, title);
	size_t idx[5];
	size_t n = newest(h, (size_t)(height_ - 1 < 5 ? height_ - 1 : 5), idx);
	for (size_t k = 0; k < n; k++) {   /* idx holds the newest first: oldest at the top */
		char line[640];
		theme_elem e;
		activity_line(lw_activity_get(&h->activity, idx[n - 1 - k]), line, sizeof line, &e);
		text_put(h, y + 1 + (int)k, 1, h->cols - 2, line, e);
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
