/* view_panes.c — header, workflows, alerts and footer. */
#include "tui/hud.h"
#include "tui/keymap.h"
#include "core/util/timeparse.h"
#include <curses.h>
#include <string.h>
#include <time.h>

void view_header(hud *h, int y)
{
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

static void pane_title(hud *h, int y, hud_pane pane, const char *title)
{
	theme_elem e = h->focus == pane ? EL_TITLE : EL_DIM;
	attrset(style_attr(h, EL_BORDER));
	mvhline(y, 0, h->utf8 ? ACS_HLINE : '-', h->cols);
	attrset(A_NORMAL);
	put_textf(h, y, 1, h->cols - 2, e, " %s ", title);
}

static void gauge(hud *h, int y, int x, int w, int val, int max)
{
	if (w < 3 || max <= 0)
		return;
	int fill = val >= max ? w : val <= 0 ? 0 : (int)((long)val * w / max);
	attrset(style_attr(h, val >= max ? EL_CRIT : EL_GAUGE));
	for (int i = 0; i < w; i++)
		mvaddstr(y, x + i, i < fill ? (h->utf8 ? "\u2588" : "#") : (h->utf8 ? "\u2591" : "-"));
	attrset(A_NORMAL);
}

int view_workflows(hud *h, int y, int height)
{
	size_t n = hud_workflow_count(h);
	int rows = (int)n + 1;
	if (rows > height)
		rows = height;
	if (rows < 2)
		rows = 2;
	pane_title(h, y, PANE_WORKFLOWS, "Workflows");
	if (!n) {
		put_text(h, y + 1, 1, h->cols - 2, "no active workflow", EL_DIM);
		return rows;
	}
	int first = h->workflow_row >= rows - 1 ? h->workflow_row - (rows - 2) : 0;
	for (int r = 0; r < rows - 1 && (size_t)(first + r) < n; r++) {
		const lw_source *src;
		const lw_workflow *w = hud_workflow(h, (size_t)(first + r), &src);
		int yy = y + 1 + r;
		bool sel = h->focus == PANE_WORKFLOWS && first + r == h->workflow_row;
		if (sel)
			fill_row(h, yy, 0, h->cols, EL_SELECTED);
		theme_elem e = sel ? EL_SELECTED : EL_NORMAL;
		int x = 1;
		x += put_textf(h, yy, x, 9, sel ? EL_SELECTED : EL_TITLE, "%-8s", w->system);
		/* A column keeps one blank after it even when its text fills it. */
		x += put_textf(h, yy, x, 23, e, "%-22.22s", w->name ? w->name : "-") + 1;
		x += put_textf(h, yy, x, 18, e, "%-17.17s", w->phase ? w->phase : "-") + 1;
		if (w->max > 0 && x + 24 < h->cols) {
			gauge(h, yy, x, 12, w->iteration, w->max);
			x += 13;
			x += put_textf(h, yy, x, 10, e, "%d/%d ", w->iteration, w->max);
		}
		if (w->flags && *w->flags)
			x += put_text(h, yy, x, h->cols - x - 1, w->flags, EL_WARN);
		if (src->failed)
			put_text(h, yy, x + 1, h->cols - x - 2, " stale ", EL_STALE);
	}
	return rows;
}

void view_alerts(hud *h, int y, int height)
{
	char title[64];
	snprintf(title, sizeof title, "Alerts (%zu)", h->alerts.n);
	pane_title(h, y, PANE_ALERTS, title);
	int rows = height - 1;
	if (!h->alerts.n) {
		put_text(h, y + 1, 1, h->cols - 2, "no alerts", EL_OK);
		return;
	}
	int first = h->alert_row >= rows ? h->alert_row - rows + 1 : 0;
	time_t now = lw_now();
	for (int r = 0; r < rows && (size_t)(first + r) < h->alerts.n; r++) {
		const lw_alert *a = &h->alerts.v[first + r];
		int yy = y + 1 + r;
		bool sel = h->focus == PANE_ALERTS && first + r == h->alert_row;
		if (sel)
			fill_row(h, yy, 0, h->cols, EL_SELECTED);
		theme_elem lev = a->level == LW_CRIT ? EL_CRIT : a->level == LW_WARN ? EL_WARN : EL_INFO;
		int x = 1;
		x += put_textf(h, yy, x, 5, lev, "%s", lw_level_name(a->level));
		char age[24];
		lw_format_age((long long)(now - a->since), age, sizeof age);
		x += 1;
		x += put_textf(h, yy, x, 7, sel ? EL_SELECTED : EL_DIM, "%6s", age);
		x += 1;
		put_textf(h, yy, x, h->cols - x - 1, sel ? EL_SELECTED : EL_NORMAL, "%s %s %s: %s", a->system,
		          a->code, a->subject, a->message);
	}
}

void view_footer(hud *h, int y)
{
	fill_row(h, y, 0, h->cols, EL_NORMAL);
	int x = 0;
	for (size_t i = 0; i < h->keymap->n && x < h->cols; i++) {
		const hud_binding *b = &h->keymap->v[i];
		if (!b->act->footer || !b->keys[0] || !binding_applies(b, h))
			continue;
		x += put_textf(h, y, x, h->cols - x, EL_KEY, "%s", b->label);
		x += put_textf(h, y, x, h->cols - x, EL_NORMAL, " %s  ", b->act->footer);
	}
	if (h->filter[0] && x < h->cols)
		put_textf(h, y, x, h->cols - x, EL_PROMPT, "filter: %s", h->filter);
}
