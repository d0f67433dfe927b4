/* hud_model.c — what the HUD shows, derived from the project: the filtered
 * task index, the selection kept by task key across reloads, alerts. */
#include "tui/hud.h"
#include "core/util/timeparse.h"
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

void hud_message(hud *h, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(h->message, sizeof h->message, fmt, ap);
	va_end(ap);
	h->message_error = error;
	/* The log keeps each message once (a reload repeats some), with its time. */
	char stamp[16] = "";
	time_t now = time(NULL);
	struct tm tm;
	if (localtime_r(&now, &tm))
		strftime(stamp, sizeof stamp, "%H:%M:%S ", &tm);
	if (h->nlog && strcmp(h->log[(h->nlog - 1) % HUD_LOG_MAX] + strlen(stamp), h->message) == 0)
		return;
	snprintf(h->log[h->nlog % HUD_LOG_MAX], sizeof h->log[0], "%s%s", stamp, h->message);
	h->nlog++;
}

static bool matches(const lw_task *t, const char *f)
{
	if (!*f)
		return true;
	const char *fields[] = { t->id, t->title, t->status, t->assignee, t->system };
	for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
		if (fields[i] && strcasestr(fields[i], f))
			return true;
	return false;
}

static void task_key(const hud_item *it, char *buf, size_t n)
{
	snprintf(buf, n, "%s:%s", it->task->system, it->task->id);
}

size_t hud_lane_count(const hud *h, int lane)
{
	size_t n = 0;
	for (size_t i = 0; i < h->nitems; i++)
		n += (int)h->items[i].task->lane == lane;
	return n;
}

size_t hud_lane_items(const hud *h, int lane, const hud_item **out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < h->nitems && n < max; i++)
		if ((int)h->items[i].task->lane == lane)
			out[n++] = &h->items[i];
	return n;
}

/* The nth item of a lane, or NULL. */
static const hud_item *lane_nth(const hud *h, int lane, int nth)
{
	int k = 0;
	for (size_t i = 0; i < h->nitems; i++)
		if ((int)h->items[i].task->lane == lane && k++ == nth)
			return &h->items[i];
	return NULL;
}

const hud_item *hud_selected(const hud *h)
{
	if (h->table_view)
		return h->table_row >= 0 && (size_t)h->table_row < h->nitems ? &h->items[h->table_row] : NULL;
	return lane_nth(h, h->lane, h->row);
}

void hud_select_key(hud *h)
{
	const hud_item *it = hud_selected(h);
	if (it)
		task_key(it, h->sel_key, sizeof h->sel_key);
}

/* After the index changed: find the remembered task again, else keep the
 * position clamped to what exists. */
static void restore_selection(hud *h)
{
	char key[256];
	for (size_t i = 0; h->sel_key[0] && i < h->nitems; i++) {
		task_key(&h->items[i], key, sizeof key);
		if (strcmp(key, h->sel_key) != 0)
			continue;
		h->table_row = (int)i;
		h->lane = (int)h->items[i].task->lane;
		h->row = 0;
		for (size_t j = 0; j < i; j++)
			h->row += h->items[j].task->lane == h->items[i].task->lane;
		h->sel_hidden = false;
		return;
	}
	/* The remembered task is filtered out: say so (it comes back when the
	 * filter is cleared), the selection stays on a task that is shown. */
	/* Said once when it becomes hidden: a reload must not write over the
	 * message of what the operator just did. */
	bool hidden = h->sel_key[0] && h->filter[0];
	if (hidden && !h->sel_hidden)
		hud_message(h, false, "%s is hidden by the filter '%s' (Esc clears it)", h->sel_key, h->filter);
	h->sel_hidden = hidden;
	if (h->table_row >= (int)h->nitems)
		h->table_row = h->nitems ? (int)h->nitems - 1 : 0;
	int n = (int)hud_lane_count(h, h->lane);
	/* An emptied lane: the selection goes to the nearest lane with a card,
	 * so there always is one to see and act on. */
	for (int d = 1; !n && d < LANE_COUNT; d++)
		for (int sgn = -1; sgn <= 1 && !n; sgn += 2) {
			int l = h->lane + sgn * d;
			if (l >= 0 && l < LANE_COUNT && hud_lane_count(h, l)) {
				h->lane = l;
				n = (int)hud_lane_count(h, l);
			}
		}
	if (h->row >= n)
		h->row = n ? n - 1 : 0;
}

void hud_rebuild(hud *h)
{
	h->nitems = 0;
	for (size_t s = 0; s < h->proj->n; s++) {
		const lw_source *src = &h->proj->src[s];
		if (!src->good)
			continue;
		for (size_t i = 0; i < src->good->ntasks; i++) {
			const lw_task *t = &src->good->tasks[i];
			if (!matches(t, h->filter))
				continue;
			if (h->nitems == h->cap_items) {
				h->cap_items = h->cap_items ? h->cap_items * 2 : 64;
				h->items = realloc(h->items, h->cap_items * sizeof *h->items);
				if (!h->items)
					abort();
			}
			h->items[h->nitems++] = (hud_item){ t, src };
		}
	}
	restore_selection(h);
	/* A workflow may have gone (cleared, finished): keep the selection on
	 * a row that exists, or the pane scrolls past its only row. */
	size_t nw = hud_workflow_count(h);
	if ((size_t)h->workflow_row >= nw)
		h->workflow_row = nw ? (int)nw - 1 : 0;
}

/* Severity first, as check prints them; within a level the newest first,
 * so a CRIT that just came is the top row. */
static int cmp_severity(const void *pa, const void *pb)
{
	const lw_alert *a = pa, *b = pb;
	if (a->level != b->level)
		return a->level > b->level ? -1 : 1;
	if (a->since != b->since)
		return a->since > b->since ? -1 : 1;
	int c = strcmp(a->code, b->code);
	return c ? c : strcmp(a->key, b->key);
}

void hud_recheck(hud *h)
{
	lw_alerts fresh;
	lw_alerts_init(&fresh);
	lw_check_ctx ctx = { .now = lw_now(), .next_deadline = LW_NO_TIME, .out = &fresh, .th = h->opts->th };
	lw_project_check(h->proj, &ctx);
	lw_alerts_carry_since(&fresh, &h->alerts);
	/* A CRIT that was not there before rings the bell, once, and scrolls
	 * the pane back to its top row, where it is. */
	bool new_crit = false;
	for (size_t i = 0; i < fresh.n; i++)
		if (fresh.v[i].level == LW_CRIT &&
		    !lw_alerts_find(&h->alerts, fresh.v[i].system, fresh.v[i].code, fresh.v[i].key))
			new_crit = true;
	if (new_crit) {
		h->bell = true;
		h->alert_row = 0;
	}
	if (fresh.n > 1)
		qsort(fresh.v, fresh.n, sizeof *fresh.v, cmp_severity);
	lw_alerts_free(&h->alerts);
	h->alerts = fresh;
	h->next_deadline = ctx.next_deadline;
	if (h->alert_row >= (int)h->alerts.n)
		h->alert_row = h->alerts.n ? (int)h->alerts.n - 1 : 0;
}

size_t hud_workflow_count(const hud *h)
{
	size_t n = 0;
	for (size_t s = 0; s < h->proj->n; s++)
		if (h->proj->src[s].good)
			n += h->proj->src[s].good->nworkflows;
	return n;
}

const lw_workflow *hud_workflow(const hud *h, size_t i, const lw_source **src)
{
	for (size_t s = 0; s < h->proj->n; s++) {
		const lw_snapshot *g = h->proj->src[s].good;
		if (!g)
			continue;
		if (i < g->nworkflows) {
			if (src)
				*src = &h->proj->src[s];
			return &g->workflows[i];
		}
		i -= g->nworkflows;
	}
	return NULL;
}
