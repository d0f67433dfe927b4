/* pane_header.c — the top line: the project, each system's state, the alert
 * counts and the time of the last reload. */
#include "tui/pane.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

static int height(const hud *h) { (void)h; return 1; }

static void draw(hud *h, int y, int rows)
{
	(void)rows;
	fill_row(h, y, 0, h->cols, EL_HEADER);
	int x = put_textf(h, y, 0, h->cols, EL_HEADER, " liza-watch  %s ", h->proj->dir);
	for (size_t i = 0; i < h->proj->n; i++) {
		const lw_source *s = &h->proj->src[i];
		theme_elem e = !s->failed ? EL_HEADER : s->good ? EL_STALE : EL_CRIT;
		const char *state = !s->failed ? "" : s->good ? " stale" : " error";
		x += put_textf(h, y, x, h->cols - x, e, " %s%s ", s->adapter->name, state);
	}
	char right[128], tb[32];
	struct tm tm;
	time_t t = h->reloaded_at;
	localtime_r(&t, &tm);
	strftime(tb, sizeof tb, "%H:%M:%S", &tm);
	snprintf(right, sizeof right, " CRIT %zu  WARN %zu  INFO %zu  reloaded %s ",
	         lw_alerts_count(&h->alerts, LW_CRIT), lw_alerts_count(&h->alerts, LW_WARN),
	         lw_alerts_count(&h->alerts, LW_INFO), tb);
	int rw = (int)strlen(right);
	if (x + rw < h->cols) {
		int rx = h->cols - rw;
		put_text(h, y, rx, rw, right, EL_HEADER);
		if (lw_alerts_count(&h->alerts, LW_CRIT))
			put_textf(h, y, rx + 1, 6, EL_CRIT, "CRIT %zu", lw_alerts_count(&h->alerts, LW_CRIT));
	}
}

const hud_pane_def pane_header = {
	.name = "header",
	.height = height,
	.draw = draw,
	.redraw_on = HUD_ON_TICK,
};
