/* view_board.c — the task board: lanes side by side, or one table. */
#include "tui/hud.h"
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static theme_elem lane_elem(int lane) { return (theme_elem)(EL_LANE_BACKLOG + lane); }

static void counters(const lw_task *t, char *buf, size_t n)
{
	buf[0] = '\0';
	size_t used = 0;
	if (t->iteration > 0 && t->iteration_max > 0)
		used += (size_t)snprintf(buf + used, n - used, "i%d/%d", t->iteration, t->iteration_max);
	if (t->review_cycles > 0 && used < n)
		used += (size_t)snprintf(buf + used, n - used, "%sr%d/%d", used ? " " : "", t->review_cycles, t->review_max);
	if (t->badge && used < n)
		snprintf(buf + used, n - used, "%s%s", used ? " " : "", t->badge);
}

static void card(hud *h, int y, int x, int w, const hud_item *it, bool sel)
{
	const lw_task *t = it->task;
	theme_elem base = sel ? EL_SELECTED : EL_NORMAL;
	if (sel) {
		fill_row(h, y, x, w, EL_SELECTED);
		fill_row(h, y + 1, x, w, EL_SELECTED);
	}
	char ctr[48];
	counters(t, ctr, sizeof ctr);
	int cw = (int)strlen(ctr);
	int idw = w - 1 - (cw ? cw + 1 : 0);
	int used = put_textf(h, y, x, 1, t->awaiting_operator ? EL_PROMPT : base, "%s",
	                     t->awaiting_operator ? "!" : " ");
	put_text(h, y, x + used, idw, t->id, sel ? EL_SELECTED : EL_TITLE);
	if (cw && cw < w - 4)
		put_text(h, y, x + w - cw, cw, ctr, t->iteration >= t->iteration_max && t->iteration_max > 0 ? EL_CRIT : base);
	char line2[512];
	snprintf(line2, sizeof line2, " %s%s%s", t->title ? t->title : "", t->assignee ? " @" : "",
	         t->assignee ? t->assignee : "");
	put_text(h, y + 1, x, w, line2, sel ? EL_SELECTED : EL_DIM);
}

void view_board(hud *h, int y, int height)
{
	int lw = h->cols / LANE_COUNT;
	const hud_item **buf = malloc((h->nitems + 1) * sizeof *buf);
	if (!buf)
		return;
	for (int lane = 0; lane < LANE_COUNT; lane++) {
		int x = lane * lw, w = lane == LANE_COUNT - 1 ? h->cols - x : lw;
		size_t n = hud_lane_items(h, lane, buf, h->nitems);
		char title[48];
		snprintf(title, sizeof title, "%s (%zu)", lw_lane_name((lw_lane)lane), n);
		attrset(style_attr(h, EL_BORDER));
		mvhline(y, x, h->utf8 ? ACS_HLINE : '-', w);
		attrset(A_NORMAL);
		bool focus_lane = h->focus == PANE_BOARD && h->lane == lane;
		put_textf(h, y, x + 1, w - 2, focus_lane ? EL_TITLE : lane_elem(lane), "%s", title);
		int slots = (height - 1) / 2;
		if (slots <= 0)
			continue;
		int first = 0;
		if (h->lane == lane && h->row >= slots)
			first = h->row - slots + 1;
		for (int s = 0; s < slots && (size_t)(first + s) < n; s++) {
			bool sel = h->focus == PANE_BOARD && h->lane == lane && first + s == h->row;
			card(h, y + 1 + s * 2, x, w - 1, buf[first + s], sel);
		}
		if ((size_t)(first + slots) < n)
			put_textf(h, y + height - 1, x + w - 8, 7, EL_DIM, "+%zu", n - (size_t)(first + slots));
	}
	free(buf);
}

void view_table(hud *h, int y, int height)
{
	attrset(style_attr(h, EL_BORDER));
	mvhline(y, 0, h->utf8 ? ACS_HLINE : '-', h->cols);
	attrset(A_NORMAL);
	put_textf(h, y, 1, h->cols - 2, h->focus == PANE_BOARD ? EL_TITLE : EL_DIM, " Tasks (%zu) ", h->nitems);
	put_textf(h, y + 1, 0, h->cols, EL_DIM, " %-6s %-18s %-18s %-8s %-14s %-7s %-5s %s", "system", "id",
	          "status", "lane", "assignee", "iter", "rev", "title");
	int rows = height - 2;
	int first = h->table_row >= rows ? h->table_row - rows + 1 : 0;
	for (int r = 0; r < rows && (size_t)(first + r) < h->nitems; r++) {
		const lw_task *t = h->items[first + r].task;
		bool sel = h->focus == PANE_BOARD && first + r == h->table_row;
		int yy = y + 2 + r;
		if (sel)
			fill_row(h, yy, 0, h->cols, EL_SELECTED);
		char it[16] = "", rv[16] = "";
		if (t->iteration_max > 0)
			snprintf(it, sizeof it, "%d/%d", t->iteration, t->iteration_max);
		if (t->review_max > 0)
			snprintf(rv, sizeof rv, "%d/%d", t->review_cycles, t->review_max);
		put_textf(h, yy, 0, h->cols, sel ? EL_SELECTED : EL_NORMAL, "%s%-6.6s %-18.18s %-18.18s %-8s %-14.14s %-7s %-5s %s",
		          t->awaiting_operator ? "!" : " ", t->system, t->id, t->status, lw_lane_name(t->lane),
		          t->assignee ? t->assignee : "-", it, rv, t->title ? t->title : "");
	}
}
