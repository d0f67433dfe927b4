/* pane_board.c — the task board: lanes side by side, or one table (t). It
 * takes the screen rows the other panes leave. */
#include "tui/pane.h"
#include "core/util/timeparse.h"
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static theme_elem lane_elem(int lane) { return (theme_elem)(EL_LANE_BACKLOG + lane); }

/* A counter's claim on a narrow card: the id is drawn whole first, and the
 * counters that do not fit beside it give way, least urgent first. */
enum { URGE_FAR, URGE_NEAR, URGE_BADGE, URGE_LIMIT };

static int urgency(int n, int max)
{
	return n >= max ? URGE_LIMIT : (long)n * 10 >= (long)max * 8 ? URGE_NEAR : URGE_FAR;
}

/* How long the task has held its status: the system's history, else when
 * liza-watch first saw that status ("" when neither is known). */
static const char *status_age(const hud *h, const hud_item *it, char *buf, size_t n)
{
	time_t since = lw_activity_since(&h->activity, hud_project_label(h, it->member), it->task);
	if (since == LW_NO_TIME || since == 0)
		return buf[0] = '\0', buf;
	long long d = (long long)(lw_now() - since);
	return lw_format_age(d < 0 ? 0 : d, buf, n);
}

/* The card's counters that fit in room columns (all of them when room < 0):
 * the time in status, 'iN/M', 'rN/M', then the system's badge ("q1/2 RCA");
 * the time in status gives way first. */
static void counters(const lw_task *t, const char *age, int room, char *buf, size_t n)
{
	char part[4][48] = { "", "", "", "" };
	int urge[4] = { URGE_FAR, URGE_FAR, URGE_BADGE, URGE_FAR - 1 };
	snprintf(part[3], sizeof part[3], "%s", age);
	if (t->iteration > 0 && t->iteration_max > 0) {
		snprintf(part[0], sizeof part[0], "i%d/%d", t->iteration, t->iteration_max);
		urge[0] = urgency(t->iteration, t->iteration_max);
	}
	if (t->review_cycles > 0) {
		snprintf(part[1], sizeof part[1], "r%d/%d", t->review_cycles, t->review_max);
		urge[1] = t->review_max > 0 ? urgency(t->review_cycles, t->review_max) : URGE_NEAR;
	}
	if (t->badge)
		snprintf(part[2], sizeof part[2], "%s", t->badge);
	for (;;) {
		buf[0] = '\0';
		size_t used = 0;
		static const int order[4] = { 3, 0, 1, 2 };   /* the age first */
		for (int k = 0; k < 4; k++) {
			int i = order[k];
			if (part[i][0] && used < n)
				used += (size_t)snprintf(buf + used, n - used, "%s%s", used ? " " : "", part[i]);
		}
		if (room < 0 || (int)used <= room)
			return;
		/* Drop the least urgent part (the leftmost of equals); when only
		 * the most urgent are left, the id gives way instead. */
		int drop = -1;
		for (int i = 0; i < 4; i++)
			if (part[i][0] && urge[i] < URGE_LIMIT && (drop < 0 || urge[i] < urge[drop]))
				drop = i;
		if (drop < 0)
			return;
		part[drop][0] = '\0';
	}
}

/* sel: the selection with the focus here; marked: the selection while another
 * pane has the focus (its id stays highlighted, so it is never lost). */
static void card(hud *h, int y, int x, int w, const hud_item *it, bool sel, bool marked)
{
	const lw_task *t = it->task;
	theme_elem base = sel ? EL_SELECTED : EL_NORMAL;
	if (sel) {
		text_fill_row(h, y, x, w, EL_SELECTED);
		text_fill_row(h, y + 1, x, w, EL_SELECTED);
	}
	char ctr[160], age[24];
	counters(t, status_age(h, it, age, sizeof age), w - 1 - text_width(h, t->id) - 1, ctr, sizeof ctr);
	int cw = (int)strlen(ctr);
	int idw = w - 1 - (cw ? cw + 1 : 0);
	int used = text_putf(h, y, x, 1, t->awaiting_operator ? EL_PROMPT : base, "%s",
	                     t->awaiting_operator ? "!" : " ");
	text_put(h, y, x + used, idw, t->id, sel || marked ? EL_SELECTED : EL_TITLE);
	if (cw && cw < w - 4)
		text_put(h, y, x + w - cw, cw, ctr,
		         t->iteration >= t->iteration_max && t->iteration_max > 0 ? EL_CRIT : base);
	/* With more than one system, the second line starts with the card's
	 * system, so task-1, A5 and DEMO-1 of different systems tell apart. */
	int tag = 0;
	const char *label = h->only < 0 ? hud_project_label(h, it->member) : NULL;
	if ((hud_nsources(h) > 1 || label) && t->system) {
		char tg[160];
		snprintf(tg, sizeof tg, "%s%s%s", label ? label : "", label ? "/" : "", t->system);
		tag = text_put(h, y + 1, x + 1, w - 1, tg, sel ? EL_SELECTED : EL_INFO);
		tag += 1;
	}
	char line2[512];
	snprintf(line2, sizeof line2, " %s%s%s", t->title ? t->title : "", t->assignee ? " @" : "",
	         t->assignee ? t->assignee : "");
	text_put(h, y + 1, x + tag, w - tag, line2, sel ? EL_SELECTED : EL_DIM);
}

static void draw_lanes(hud *h, int y, int height)
{
	int lw = h->cols / LANE_COUNT;
	const hud_item **buf = malloc((h->nitems + 1) * sizeof *buf);
	if (!buf)
		return;
	for (int lane = 0; lane < LANE_COUNT; lane++) {
		int x = lane * lw, w = lane == LANE_COUNT - 1 ? h->cols - x : lw;
		size_t n = hud_lane_items(h, lane, buf, h->nitems);
		char title[48];
		/* The count survives a narrow lane: the name gives way first. */
		const char *ln = lw_lane_name((lw_lane)lane);
		snprintf(title, sizeof title, "%s (%zu)", ln, n);
		if ((int)strlen(title) > w - 2) {
			char num[24];
			int nw = snprintf(num, sizeof num, " %zu", n);
			int keep = w - 2 - nw < 1 ? 1 : w - 2 - nw;
			snprintf(title, sizeof title, "%.*s%s", keep, ln, num);
		}
		attrset(text_style_attr(h, EL_BORDER));
		mvhline(y, x, h->utf8 ? ACS_HLINE : '-', w);
		attrset(A_NORMAL);
		bool focus_lane = h->focus == &pane_board && h->lane == lane;
		text_putf(h, y, x + 1, w - 2, focus_lane ? EL_TITLE : lane_elem(lane), "%s", title);
		int slots = (height - 1) / 2;
		/* More cards than slots: the last row says how many are below,
		 * on a row of its own (never over a card's title). */
		if ((size_t)slots < n && (height - 1) % 2 == 0)
			slots--;
		if (slots <= 0)
			continue;
		int first = 0;
		if (h->lane == lane && h->row >= slots)
			first = h->row - slots + 1;
		for (int s = 0; s < slots && (size_t)(first + s) < n; s++) {
			bool here = h->lane == lane && first + s == h->row;
			card(h, y + 1 + s * 2, x, w - 1, buf[first + s], here && h->focus == &pane_board,
			     here && h->focus != &pane_board);
		}
		if ((size_t)(first + slots) < n)
			text_putf(h, y + 1 + slots * 2, x + 1, w - 2, EL_DIM, "+%zu more", n - (size_t)(first + slots));
	}
	free(buf);
}

static void draw_table(hud *h, int y, int height)
{
	attrset(text_style_attr(h, EL_BORDER));
	mvhline(y, 0, h->utf8 ? ACS_HLINE : '-', h->cols);
	attrset(A_NORMAL);
	text_putf(h, y, 1, h->cols - 2, h->focus == &pane_board ? EL_TITLE : EL_DIM, " Tasks (%zu) ", h->nitems);
	text_putf(h, y + 1, 0, h->cols, EL_DIM, " %-7s %-18s %-18s %-6s %-8s %-14s %-7s %-5s %s", "system", "id",
	          "status", "for", "lane", "assignee", "iter", "rev", "title");
	int rows = height - 2;
	int first = h->table_row >= rows ? h->table_row - rows + 1 : 0;
	for (int r = 0; r < rows && (size_t)(first + r) < h->nitems; r++) {
		const lw_task *t = h->items[first + r].task;
		bool sel = h->focus == &pane_board && first + r == h->table_row;
		int yy = y + 2 + r;
		if (sel)
			text_fill_row(h, yy, 0, h->cols, EL_SELECTED);
		char it[16] = "", rv[16] = "";
		if (t->iteration_max > 0)
			snprintf(it, sizeof it, "%d/%d", t->iteration, t->iteration_max);
		if (t->review_max > 0)
			snprintf(rv, sizeof rv, "%d/%d", t->review_cycles, t->review_max);
		char age[24];
		text_putf(h, yy, 0, h->cols, sel ? EL_SELECTED : EL_NORMAL, "%s%-7.7s %-18.18s %-18.18s %-6.6s %-8s %-14.14s %-7s %-5s %s",
		          t->awaiting_operator ? "!" : " ", t->system, t->id, t->status,
		          status_age(h, &h->items[first + r], age, sizeof age), lw_lane_name(t->lane),
		          t->assignee ? t->assignee : "-", it, rv, t->title ? t->title : "");
	}
}

static int height(const hud *h) { (void)h; return HUD_FILL; }

/* No system found yet: what is awaited, the list cut at its commas. */
static void waiting(hud *h, int y, int rows)
{
	char where[LW_PATH_MAX + 64];
	text_putf(h, y++, 2, h->cols - 4, EL_WARN, "No agent state in %s yet: waiting for it to appear.",
	          hud_where(h, where, sizeof where));
	const char *list = lw_project_looked_for();
	char line[256] = "Looking for ";
	for (const char *p = list; *p && rows > 1;) {
		size_t n = strcspn(p, ",");
		if (strlen(line) + n + 2 > (size_t)(h->cols - 4) && strlen(line) > 12) {
			text_put(h, y++, 2, h->cols - 4, line, EL_DIM);
			rows--;
			snprintf(line, sizeof line, "  ");
		}
		snprintf(line + strlen(line), sizeof line - strlen(line), "%.*s%s", (int)n, p, p[n] ? "," : "");
		p += n + (p[n] == ',');
		while (*p == ' ')
			p++;
		if (*p)
			snprintf(line + strlen(line), sizeof line - strlen(line), " ");
	}
	if (rows > 1)
		text_put(h, y, 2, h->cols - 4, line, EL_DIM);
}

static void draw(hud *h, int y, int rows)
{
	if (h->table_view)
		draw_table(h, y, rows);
	else
		draw_lanes(h, y, rows);
	/* An empty board says why, so the task keys vanishing is explained. */
	if (!hud_nsources(h) && rows > 4) {
		waiting(h, y + rows / 2 - 1, rows / 2);
	} else if (!h->nitems && rows > 3) {
		if (h->filter[0])
			text_putf(h, y + rows / 2, 2, h->cols - 4, EL_WARN,
			          "no task matches the filter '%s' (Esc clears it)", h->filter);
		else
			text_put(h, y + rows / 2, 2, h->cols - 4, "no tasks yet", EL_DIM);
	}
}

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void move_sel(hud *h, int dx, int dy)
{
	if (h->table_view) {
		h->table_row = clamp(h->table_row + dy, 0, h->nitems ? (int)h->nitems - 1 : 0);
	} else {
		if (dx) {
			/* Skip empty lanes so a move always lands on a card when there is one. */
			int lane = h->lane;
			for (int step = 0; step < LANE_COUNT; step++) {
				lane = clamp(lane + dx, 0, LANE_COUNT - 1);
				if (hud_lane_count(h, lane) || lane == 0 || lane == LANE_COUNT - 1)
					break;
			}
			if (hud_lane_count(h, lane))
				h->lane = lane;
			int n = (int)hud_lane_count(h, h->lane);
			h->row = clamp(h->row, 0, n ? n - 1 : 0);
		}
		int n = (int)hud_lane_count(h, h->lane);
		h->row = clamp(h->row + dy, 0, n ? n - 1 : 0);
	}
	hud_select_key(h);
}

static unsigned long sig(const hud *h)
{
	return (unsigned long)h->lane << 48 ^ (unsigned long)(unsigned)h->row << 24 ^ (unsigned long)(unsigned)h->table_row;
}

static const char *const legend[] = {
	"Board: a lane per state, '(N)' tasks in it. Card: '!' the task waits for you",
	"  (review, approval); its id; '12m' how long it has held its status (from",
	"  its history, else since liza-watch first saw it so; the table's 'for');",
	"  'iN/M' iteration N of at most M (red at the",
	"  limit); 'rN/M' review cycle N of M; 'qN/M' N of the M approvals a quorum",
	"  needs; 'A2' the final attempt; 'RCA' a rejection-RCA gate. On a narrow card",
	"  the counters far from their limit give way to the id. Second line: the",
	"  system (when there are several), the title, '@who' the assignee. '+N more':",
	"  cards below.",
	NULL,
};
const hud_pane_def pane_board = {
	.name = "board",
	.height = height,
	.draw = draw,
	.move = move_sel,
	.sig = sig,
	.redraw_on = HUD_ON_TICK,   /* the time in status */
	.legend = legend,
};
