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

enum { MOST = 5 };   /* lines in the pane at most: F shows them all */

static int height(const hud *h)
{
	size_t idx[MOST];
	int most = h->rows >= 40 ? MOST : 3;
	size_t n = newest(h, (size_t)most, idx);
	return n ? (int)n + 1 : 0;
}

/* Up to MOST lines and the title when the board leaves rows over. */
static int wants(const hud *h)
{
	size_t idx[MOST];
	size_t n = newest(h, MOST, idx);
	return n ? (int)n + 1 : 0;
}

/* The lines not in the pane: the older ones the feed (F) holds, and those
 * it no longer holds (every project shown: the count is of all). */
static unsigned long long hidden(const hud *h, size_t shown)
{
	size_t in_feed = 0;
	for (size_t i = 0; i < h->activity.n; i++)
		in_feed += activity_line_shown(h, lw_activity_get(&h->activity, i));
	unsigned long long n = in_feed > shown ? in_feed - shown : 0;
	if (h->only < 0 && h->activity.total > h->activity.n)
		n += h->activity.total - h->activity.n;
	return n;
}

static void draw(hud *h, int y, int height_)
{
	size_t idx[MOST];
	size_t n = newest(h, (size_t)(height_ - 1 < MOST ? height_ - 1 : MOST), idx);
	char title[80];
	unsigned long long off = hidden(h, n);
	if (off)
		snprintf(title, sizeof title, "Activity (%llu, %llu hidden: F)", (unsigned long long)h->activity.total, off);
	else
		snprintf(title, sizeof title, "Activity (%llu)", (unsigned long long)h->activity.total);
	panes_title(h, y, &pane_activity, title);
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
	"  agents coming and going, alerts raised and cleared). F: full screen;",
	"  '(40, 35 hidden: F)' in the title: the older lines, all in F.",
	NULL,
};
const hud_pane_def pane_activity = {
	.name = "activity",
	.height = height,
	.draw = draw,
	.sig = sig,
	.redraw_on = HUD_ON_TICK,
	.wants = wants,
	.legend = legend,
};
