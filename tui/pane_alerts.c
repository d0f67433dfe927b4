/* pane_alerts.c — the alerts of the last check run, one per row. */
#include "tui/pane.h"
#include "tui/view.h"
#include "tui/mouse.h"
#include "tui/keymap.h"
#include "tui/triage.h"
#include "tui/sort.h"
#include <string.h>
#include "core/util/timeparse.h"
#include <stdio.h>

static int height(const hud *h)
{
	int n = (int)h->alerts.n + 1;
	if (n > h->rows / 4)
		n = h->rows / 4;
	return n < 2 ? 2 : n;
}

/* Every alert and the title: the rows the board leaves over go here. */
static int wants(const hud *h) { return (int)h->alerts.n + 1; }

static void draw(hud *h, int y, int height_)
{
	char title[64];
	int rows = height_ - 1;
	int first = h->alert_row >= rows ? h->alert_row - rows + 1 : 0;
	/* Alerts that do not fit are counted, above and below, as the
	 * workflows pane counts its rows: the screen never hides how many. */
	int hidden = (int)h->alerts.n > rows ? (int)h->alerts.n - rows : 0;
	if (hidden)
		snprintf(title, sizeof title, "Alerts (%zu, %d hidden)", h->alerts.n, hidden);
	else
		snprintf(title, sizeof title, "Alerts (%zu)", h->alerts.n);
	int sc = h->sort_col[SORT_ALERTS];
	if (sc > 0)   /* the sorted column and its arrow, as the table's header shows it */
		snprintf(title + strlen(title), sizeof title - strlen(title), " by %s%s", sort_col_name(SORT_ALERTS, sc),
		         sort_mark(h, SORT_ALERTS, sc));
	panes_title(h, y, &pane_alerts, title);
	if (!h->alerts.n) {
		text_put(h, y + 1, 1, h->cols - 2, "no alerts", EL_OK);
		return;
	}
	time_t now = lw_now();
	for (int r = 0; r < rows && (size_t)(first + r) < h->alerts.n; r++) {
		const lw_alert *a = &h->alerts.v[first + r];
		int yy = y + 1 + r;
		bool sel = h->focus == &pane_alerts && first + r == h->alert_row;
		mouse_zone(&pane_alerts, yy, 0, 1, h->cols, first + r, 0);
		if (sel)
			text_fill_row(h, yy, 0, h->cols, EL_SELECTED);
		/* Selected, an acknowledged row's "ack" is in the bar: no gap in it. */
		theme_elem lev = a->acked ? (sel ? EL_SELECTED : EL_DIM) : a->level == LW_CRIT ? EL_CRIT : a->level == LW_WARN ? EL_WARN : EL_INFO;
		int x = 1;
		/* Acknowledged: still listed, dimmed, "ack" where the level is shown. */
		x += text_putf(h, yy, x, 5, lev, "%s", a->acked ? "ack" : lw_level_name(a->level));
		char age[24];
		lw_format_age((long long)(now - a->since), age, sizeof age);
		x += 1;
		x += text_putf(h, yy, x, 7, sel ? EL_SELECTED : EL_DIM, "%6s", age);
		x += 1;
		/* A message that starts with its subject (file:line:col) says the path once. */
		bool once = lw_alert_says_subject(a);
		char subj[LW_PATH_MAX], msg[2048];
		text_putf(h, yy, x, h->cols - x - 1, sel ? EL_SELECTED : a->acked ? EL_DIM : EL_NORMAL, "%s%s%s%s %s %s%s%s",
		          a->project ? "[" : "", a->project ? a->project : "", a->project ? "] " : "", a->system,
		          a->code, once ? "" : hud_shown_text(h, a->subject, subj, sizeof subj), once ? "" : ": ",
		          hud_shown_text(h, a->message, msg, sizeof msg));
	}
}

static void move_sel(hud *h, int dx, int dy)
{
	(void)dx;
	int n = (int)h->alerts.n, r = h->alert_row + dy;
	h->alert_row = r < 0 ? 0 : r > (n ? n - 1 : 0) ? (n ? n - 1 : 0) : r;
}

/* Enter (or what detail is bound to) opens the alert's full text and its task. */
static bool key(hud *h, int ch)
{
	const char *a = keymap_action_of(h->keymap, ch);
	if (!a || strcmp(a, "detail") != 0 || (size_t)h->alert_row >= h->alerts.n)
		return false;
	view_detail_open_alert(h, &h->alerts.v[h->alert_row]);
	return true;
}

static unsigned long sig(const hud *h)
{
	size_t lev[3], acked;
	triage_counts(h, lev, &acked);
	return (unsigned long)h->alert_row | (unsigned long)acked << 20;
}

static const char *const legend[] = {
	"Alerts: CRIT first, then WARN, INFO, newest first; the age is how long the",
	"  condition has held. Enter on an alert opens its full text and its task.",
	"  '(8, 3 hidden)' in the title: alerts that do not fit (Tab there, scroll);",
	"  rows the board does not need go to the alerts.",
	"  'ack' (dimmed): acknowledged with K; it stays until the alert clears.",
	"  Focused, '<' '>' sort them by a column, 'I' the other way ('by age^').",
	NULL,
};
const hud_pane_def pane_alerts = {
	.name = "alerts",
	.height = height,
	.draw = draw,
	.move = move_sel,
	.key = key,
	.sig = sig,
	.redraw_on = HUD_ON_TICK,   /* ages, and alerts that come and go */
	.legend = legend,
	.wants = wants,
};
