/* sort.c — sorting the table and the alerts by a column (sort.h). */
#include "tui/sort.h"
#include "tui/pane.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const table_cols[] = { "none", "project", "system", "id", "status", "age",
                                          "lane", "assignee", "iter", "rev", "title" };
static const char *const alert_cols[] = { "none", "level", "age", "project", "system", "code", "subject" };
enum { NTABLE = sizeof table_cols / sizeof *table_cols, NALERT = sizeof alert_cols / sizeof *alert_cols };

static int cmp(const sort_key *a, const sort_key *b)
{
	if (a->num != b->num)
		return a->num < b->num ? -1 : 1;
	return strcmp(a->str ? a->str : "", b->str ? b->str : "");
}

/* Bottom-up merge sort: stable, n log n, no recursion; a tie takes the left
 * run's row first, in either direction. */
void sort_keys(sort_key *keys, sort_key *tmp, size_t n, bool desc)
{
	sort_key *src = keys, *dst = tmp;
	for (size_t width = 1; width < n; width *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * width) {
			size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi) {
				int c = cmp(&src[j], &src[i]);
				dst[k++] = (desc ? c > 0 : c < 0) ? src[j++] : src[i++];
			}
			while (i < mid)
				dst[k++] = src[i++];
			while (j < hi)
				dst[k++] = src[j++];
		}
		sort_key *t = src;
		src = dst;
		dst = t;
	}
	if (src != keys)
		memcpy(keys, src, n * sizeof *keys);
}

size_t sort_ncols(sort_what w) { return w == SORT_ALERTS ? NALERT : NTABLE; }

const char *sort_col_name(sort_what w, int col)
{
	if (col < 0 || (size_t)col >= sort_ncols(w))
		return "none";
	return w == SORT_ALERTS ? alert_cols[col] : table_cols[col];
}

int sort_col_find(sort_what w, const char *name)
{
	if (w == SORT_TABLE && strcmp(name, "for") == 0)
		return 5;   /* the table's header says "for": how long in the status */
	for (size_t i = 0; i < sort_ncols(w); i++)
		if (strcmp(sort_col_name(w, (int)i), name) == 0)
			return (int)i;
	return -1;
}

void sort_col_list(sort_what w, char *buf, size_t n)
{
	buf[0] = '\0';
	for (size_t i = 1; i < sort_ncols(w); i++)
		snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", i > 1 ? ", " : "", sort_col_name(w, (int)i));
	snprintf(buf + strlen(buf), n - strlen(buf), " or none");
}

sort_what sort_target(const hud *h) { return h->focus == &pane_alerts ? SORT_ALERTS : SORT_TABLE; }

const char *sort_mark(const hud *h, sort_what w, int col)
{
	if (col == 0 || h->sort_col[w] != col)
		return "";
	if (h->utf8)
		return h->sort_desc[w] ? "\xe2\x96\xbc" : "\xe2\x96\xb2";
	return h->sort_desc[w] ? "v" : "^";
}

int sort_table_header_col(int col) { return col - 1; }

static long long age_of(time_t since, time_t now)
{
	if (since == LW_NO_TIME || since == 0)
		return -1;   /* unknown: before every known age */
	return (long long)(now - since);
}

static sort_key table_key(const hud *h, const hud_item *it, int col, time_t now)
{
	const lw_task *t = it->task;
	sort_key k = { 0, NULL, 0 };
	switch (col) {
	case 1: k.str = hud_project_label(h, it->member); break;
	case 2: k.str = t->system; break;
	case 3: k.str = t->id; break;
	case 4: k.str = t->status; break;
	case 5: k.num = age_of(lw_activity_since(&h->activity, hud_project_label(h, it->member), t), now); break;
	case 6: k.num = (long long)t->lane; break;
	case 7: k.str = t->assignee; break;
	case 8: k.num = t->iteration; break;
	case 9: k.num = t->review_cycles; break;
	default: k.str = t->title; break;
	}
	return k;
}

static sort_key alert_key(const lw_alert *a, int col, time_t now)
{
	sort_key k = { 0, NULL, 0 };
	switch (col) {
	case 1: k.num = a->level; break;
	case 2: k.num = age_of(a->since, now); break;
	case 3: k.str = a->project; break;
	case 4: k.str = a->system; break;
	case 5: k.str = a->code; break;
	default: k.str = a->subject; break;
	}
	return k;
}

/* The keys and the room to sort them, for n rows; NULL when n < 2. */
static sort_key *keys_for(size_t n)
{
	if (n < 2)
		return NULL;
	sort_key *k = malloc(2 * n * sizeof *k);
	if (!k)
		abort();   /* as every allocation here does (core/util/grow.h) */
	return k;
}

void sort_table_items(hud *h)
{
	int col = h->sort_col[SORT_TABLE];
	sort_key *k = h->table_view && col > 0 ? keys_for(h->nitems) : NULL;
	if (!k)
		return;
	time_t now = lw_now();
	for (size_t i = 0; i < h->nitems; i++) {
		k[i] = table_key(h, &h->items[i], col, now);
		k[i].at = (uint32_t)i;
	}
	sort_keys(k, k + h->nitems, h->nitems, h->sort_desc[SORT_TABLE]);
	/* The items are three pointers each: gathered through the sorted index. */
	hud_item *was = malloc(h->nitems * sizeof *was);
	if (!was)
		abort();
	memcpy(was, h->items, h->nitems * sizeof *was);
	for (size_t i = 0; i < h->nitems; i++)
		h->items[i] = was[k[i].at];
	free(was);
	free(k);
}

void sort_alert_rows(hud *h)
{
	int col = h->sort_col[SORT_ALERTS];
	size_t n = h->alerts.n;
	sort_key *k = col > 0 ? keys_for(n) : NULL;
	if (!k)
		return;
	time_t now = lw_now();
	for (size_t i = 0; i < n; i++) {
		k[i] = alert_key(&h->alerts.v[i], col, now);
		k[i].at = (uint32_t)i;
	}
	sort_keys(k, k + n, n, h->sort_desc[SORT_ALERTS]);
	lw_alert *was = malloc(n * sizeof *was);
	if (!was)
		abort();
	memcpy(was, h->alerts.v, n * sizeof *was);   /* their strings stay in the alerts' arena */
	for (size_t i = 0; i < n; i++)
		h->alerts.v[i] = was[k[i].at];
	free(was);
	free(k);
}

void sort_set(hud *h, sort_what w, int col, bool desc)
{
	h->sort_col[w] = col;
	h->sort_desc[w] = desc;
	if (w == SORT_TABLE && col > 0 && !h->table_view)
		h->table_view = true;   /* the lanes have no columns: the table shows the sort */
	const char *what = w == SORT_ALERTS ? "alerts" : "table";
	if (col == 0)
		hud_message(h, false, "%s: as built (< > choose a column)", what);
	else
		hud_message(h, false, "%s sorted by %s, %s (< > another column, I the other way)", what,
		            sort_col_name(w, col), desc ? "descending" : "ascending");
	hud_rebuild(h);
	if (w == SORT_ALERTS)
		hud_recheck(h);   /* the alerts are built by the checks: sorted there */
	h->dirty = DIRTY_ALL;
}

static void step(hud *h, int d)
{
	sort_what w = sort_target(h);
	int n = (int)sort_ncols(w), col = ((h->sort_col[w] + d) % n + n) % n;
	sort_set(h, w, col, h->sort_desc[w]);
}

void sort_next(hud *h) { step(h, 1); }
void sort_prev(hud *h) { step(h, -1); }

void sort_invert(hud *h)
{
	sort_what w = sort_target(h);
	if (h->sort_col[w] == 0) {
		hud_message(h, true, "the %s are not sorted by a column: < or > chooses one first",
		            w == SORT_ALERTS ? "alerts" : "tasks");
		return;
	}
	sort_set(h, w, h->sort_col[w], !h->sort_desc[w]);
}
