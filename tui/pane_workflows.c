/* pane_workflows.c — one row per workflow of every system: name, phase, an
 * iteration gauge, flags. A gauge that counts work done (the adapter's
 * gauge_progress: tasks finished of all) is full at the goal, not at a
 * limit, so it is never drawn red; the others count against a limit. */
#include "tui/pane.h"
#include "tui/view.h"
#include "tui/mouse.h"
#include "tui/keymap.h"
#include <curses.h>
#include <stdio.h>
#include <string.h>

static int height(const hud *h)
{
	int wf_max = h->rows / 5 < 2 ? 2 : h->rows / 5;
	int wf = (int)hud_workflow_count(h) + 1;
	if (wf > wf_max)
		wf = wf_max;
	return wf < 2 ? 2 : wf;
}

/* Every workflow and the title: rows the board leaves over come here after
 * the agents and the alerts have theirs (panes.c), so no workflow is hidden
 * while rows stay empty. */
static int wants(const hud *h)
{
	int wf = (int)hud_workflow_count(h) + 1;
	return wf < 2 ? 2 : wf;
}

static void gauge(hud *h, int y, int x, int w, int val, int max, bool progress)
{
	if (w < 3 || max <= 0)
		return;
	int fill = val >= max ? w : val <= 0 ? 0 : (int)((long)val * w / max);
	attrset(text_style_attr(h, val >= max && !progress ? EL_CRIT : EL_GAUGE));
	for (int i = 0; i < w; i++)
		mvaddstr(y, x + i, i < fill ? (h->utf8 ? "\u2588" : "#") : (h->utf8 ? "\u2591" : "-"));
	attrset(A_NORMAL);
}

static void draw(hud *h, int y, int height_)
{
	size_t n = hud_workflow_count(h);
	int rows = (int)n + 1;
	if (rows > height_)
		rows = height_;
	if (rows < 2)
		rows = 2;
	int first = h->workflow_row >= rows - 1 ? h->workflow_row - (rows - 2) : 0;
	/* Rows that do not fit are counted in the title, above and below. */
	int above = first, below = (int)n - first - (rows - 1);
	char title[96];
	if (above > 0 || below > 0)
		snprintf(title, sizeof title, "Workflows (%zu, %d hidden)", n, above + (below > 0 ? below : 0));
	else
		snprintf(title, sizeof title, "Workflows");
	panes_title(h, y, &pane_workflows, title);
	if (!n) {
		text_put(h, y + 1, 1, h->cols - 2, hud_nsources(h) ? "no active workflow" : "", EL_DIM);
		return;
	}
	for (int r = 0; r < rows - 1 && (size_t)(first + r) < n; r++) {
		const lw_source *src;
		const lw_workflow *w = hud_workflow(h, (size_t)(first + r), &src);
		int yy = y + 1 + r;
		bool sel = h->focus == &pane_workflows && first + r == h->workflow_row;
		mouse_zone(&pane_workflows, yy, 0, 1, h->cols, first + r, 0);
		if (sel)
			text_fill_row(h, yy, 0, h->cols, EL_SELECTED);
		theme_elem e = sel ? EL_SELECTED : EL_NORMAL;
		int x = 1;
		size_t member = 0;
		for (size_t s = 0, ns = hud_nsources(h); s < ns; s++)
			if (hud_source(h, s, &member) == src)
				break;
		/* With several projects shown, "project/system" in a column as
		 * wide as the longest such name, so the rows stay aligned. */
		const char *label = h->only < 0 ? hud_project_label(h, member) : NULL;
		int sw = 8;
		for (size_t m = 0; label && m < h->fleet->n; m++) {
			int lw = (int)strlen(h->fleet->v[m].label) + 1 + 8;
			sw = lw > sw ? (lw > 40 ? 40 : lw) : sw;
		}
		char sys[160];
		snprintf(sys, sizeof sys, "%s%s%s", label ? label : "", label ? "/" : "", w->system);
		x += text_putf(h, yy, x, sw + 1, sel ? EL_SELECTED : EL_TITLE, "%-*s", sw, sys);
		/* A column keeps one blank after it even when its text fills it. */
		x += text_putf(h, yy, x, 23, e, "%-22.22s", w->name ? w->name : "-") + 1;
		x += text_putf(h, yy, x, 18, e, "%-17.17s", w->phase ? w->phase : "-") + 1;
		if (w->max > 0 && x + 24 < h->cols) {
			gauge(h, yy, x, 12, w->iteration, w->max, src->adapter->gauge_progress);
			x += 13;
			x += text_putf(h, yy, x, 10, e, "%d/%d ", w->iteration, w->max);
		}
		if (w->flags && *w->flags)
			x += text_put(h, yy, x, h->cols - x - 1, w->flags, EL_WARN);
		if (src->failed)
			text_put(h, yy, x + 1, h->cols - x - 2, " stale ", EL_STALE);
	}
}

static void move_sel(hud *h, int dx, int dy)
{
	(void)dx;
	int n = (int)hud_workflow_count(h), r = h->workflow_row + dy;
	h->workflow_row = r < 0 ? 0 : r > (n ? n - 1 : 0) ? (n ? n - 1 : 0) : r;
}

/* Enter (or what detail is bound to) opens the workflow's own fields, not
 * the board's selected task. */
static bool key(hud *h, int ch)
{
	const char *a = keymap_action_of(h->keymap, ch);
	if (!a || strcmp(a, "detail") != 0 || (size_t)h->workflow_row >= hud_workflow_count(h))
		return false;
	view_detail_open_workflow(h);
	return true;
}

static unsigned long sig(const hud *h) { return (unsigned long)h->workflow_row; }

/* The legend: its head, then what each system's gauge counts (the
 * adapter's gauge_legend lines), systems saying the same joined on one
 * line ("rcs, aot"), then its tail. */
static const char *const *legend_of(void)
{
	enum { MAX = 48 };
	static const char *lines[MAX + 1];
	static char text[MAX][112];
	if (lines[0])
		return lines;
	size_t n = 0;
	lines[n++] = "Workflows: system, name, phase, a gauge and N/M, flags (PAUSED, ABORT,";
	lines[n++] = "  CHECKPOINT). What the gauge counts depends on the system:";
	for (const lw_adapter *const *a = lw_adapters; *a; a++) {
		const char *const *g = (*a)->gauge_legend;
		if (!g || (a != lw_adapters && a[-1]->gauge_legend == g))
			continue;   /* none, or said with the one before */
		char who[48];
		snprintf(who, sizeof who, "%s", (*a)->name);
		for (const lw_adapter *const *b = a + 1; *b && (*b)->gauge_legend == g; b++)
			snprintf(who + strlen(who), sizeof who - strlen(who), ", %s", (*b)->name);
		for (size_t i = 0; g[i] && n + 3 < MAX; i++, n++) {
			snprintf(text[n], sizeof text[n], "  %-8s %s", i ? "" : who, g[i]);
			lines[n] = text[n];
		}
	}
	lines[n++] = "  '(7, 4 hidden)' in the title: rows that do not fit (Tab there, scroll).";
	lines[n++] = "  Enter on a workflow opens its own fields.";
	lines[n] = NULL;
	return lines;
}
const hud_pane_def pane_workflows = {
	.name = "workflows",
	.height = height,
	.draw = draw,
	.move = move_sel,
	.key = key,
	.sig = sig,
	.legend_of = legend_of,
	.wants = wants,
};
