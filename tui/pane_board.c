/* pane_board.c — the task board: lanes side by side, or one table (t). It
 * takes the screen rows the other panes leave. */
#include "tui/search.h"
#include "tui/pane.h"
#include "tui/mouse.h"
#include "tui/card_tag.h"
#include "tui/sort.h"
#include "core/util/timeparse.h"
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static theme_elem lane_elem(int lane) { return (theme_elem)(EL_LANE_BACKLOG + lane); }

/* The lanes' names where the whole one does not fit (the help's legend says them). */
static const char *const lane_short[LANE_COUNT] = { "bklg", "rdy", "actv", "revw", "blkd", "done" };

const char *hud_lane_short(int lane) { return lane >= 0 && lane < LANE_COUNT ? lane_short[lane] : "?"; }

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
static void card(hud *h, int y, int x, int w, const hud_item *it, bool sel, bool marked, const card_tag_plan *tp)
{
	const lw_task *t = it->task;
	theme_elem base = sel ? EL_SELECTED : EL_NORMAL;
	if (sel) {
		text_fill_row(h, y, x, w, EL_SELECTED);
		text_fill_row(h, y + 1, x, w, EL_SELECTED);
	}
	int idwid = text_width(h, t->id);
	char ctr[160], age[24];
	counters(t, status_age(h, it, age, sizeof age), w - 1 - idwid - 1, ctr, sizeof ctr);
	int cw = (int)strlen(ctr);
	/* Counters at their limit that still do not fit beside the id take at
	 * most half the card: the id is never pushed off (a blank card). */
	if (cw && idwid + 1 + cw > w - 1 && cw > (w - 1) / 2)
		cw = 0;
	int idw = w - 1 - (cw ? cw + 1 : 0);
	int used = text_putf(h, y, x, 1, t->awaiting_operator ? EL_PROMPT : base, "%s",
	                     t->awaiting_operator ? "!" : " ");
	size_t fit = text_fit(h, t->id, idw);
	char head[256];
	snprintf(head, sizeof head, "%.*s", (int)fit, t->id);
	int hw = text_put(h, y, x + used, idw, head, sel ? EL_SELECTED : EL_TITLE);
	search_mark_pat(h, h->filter, true, y, x + used, idw, head);   /* what the filter matched */
	if (marked) {
		/* Another pane has the focus: the id underlined, not the focused
		 * row's bar, so the two never look alike (without colour too). */
		int a = text_style_attr(h, EL_TITLE);
		mvchgat(y, x + used, hw, (attr_t)(a & ~A_COLOR) | A_UNDERLINE | A_BOLD, (short)PAIR_NUMBER(a), NULL);
	}
	if (cw)
		text_put(h, y, x + w - cw, cw, ctr,
		         t->iteration >= t->iteration_max && t->iteration_max > 0 ? EL_CRIT : base);
	int at = 1;
	if (t->id[fit]) {
		/* An id wider than the card goes on over the second line, whole:
		 * the id is what every command takes; the title gives way. */
		at += text_put(h, y + 1, x + at, w - at, t->id + fit, sel ? EL_SELECTED : EL_TITLE) + 1;
	} else {
		/* With several systems or projects, the second line starts with
		 * the card's tag, so task-1, A5 and DEMO-1 tell apart. */
		char tg[160];
		if (card_tag(h, tp, it, tg, sizeof tg))
			at += text_put(h, y + 1, x + at, w - at, tg, sel ? EL_SELECTED : EL_INFO) + 1;
		else
			at = 0;
	}
	char line2[512];
	snprintf(line2, sizeof line2, " %s%s%s", t->title ? t->title : "", t->assignee ? " @" : "",
	         t->assignee ? t->assignee : "");
	text_put(h, y + 1, x + at, w - at, at ? line2 + 1 : line2, sel ? EL_SELECTED : EL_DIM);
	search_mark_pat(h, h->filter, true, y + 1, x + at, w - at, at ? line2 + 1 : line2);
}

static void draw_lanes(hud *h, int y, int height)
{
	int lw = h->cols / LANE_COUNT;
	const hud_item **buf = malloc((h->nitems + 1) * sizeof *buf);
	if (!buf)
		return;
	card_tag_plan tp;
	card_tag_plan_make(h, lw - 1, &tp);
	for (int lane = 0; lane < LANE_COUNT; lane++) {
		int x = lane * lw, w = lane == LANE_COUNT - 1 ? h->cols - x : lw;
		size_t n = hud_lane_items(h, lane, buf, h->nitems);
		int slots = (height - 1) / 2;
		/* More cards than slots: the last row says how many are below,
		 * on a row of its own (never over a card's title). */
		if ((size_t)slots < n && (height - 1) % 2 == 0)
			slots--;
		int first = 0;
		if (slots > 0 && h->lane == lane && h->row >= slots)
			first = h->row - slots + 1;
		/* The count survives a narrow lane, and so does how many cards
		 * are scrolled past above: the name gives way first. */
		char title[64], num[40];
		const char *ln = lw_lane_name((lw_lane)lane);
		if (first > 0)
			snprintf(num, sizeof num, "(%zu, %d above)", n, first);
		else
			snprintf(num, sizeof num, "(%zu)", n);
		snprintf(title, sizeof title, "%s %s", ln, num);
		/* The title may run to the next lane's rule (that rule is its
		 * separator): w - 1 columns. Narrower, the count loses its
		 * brackets, then the name its short form ("blkd"), never cut
		 * mid-word ("backlo 5" read as a typo). */
		int tw = w - 1;
		if ((int)strlen(title) > tw) {
			if (first > 0)
				snprintf(num, sizeof num, "%zu %s%d", n, h->utf8 ? "\u2191" : "^", first);
			else
				snprintf(num, sizeof num, "%zu", n);
			snprintf(title, sizeof title, "%s %s", ln, num);
			if (text_width(h, title) > tw)
				snprintf(title, sizeof title, "%s %s", lane_short[lane], num);
		}
		attrset(text_style_attr(h, EL_BORDER));
		mvhline(y, x, h->utf8 ? ACS_HLINE : '-', w);
		attrset(A_NORMAL);
		bool focus_lane = h->focus == &pane_board && h->lane == lane;
		text_putf(h, y, x + 1, w - 1, focus_lane ? EL_TITLE : lane_elem(lane), "%s", title);
		if (slots <= 0)
			continue;
		for (int s = 0; s < slots && (size_t)(first + s) < n; s++) {
			bool here = h->lane == lane && first + s == h->row;
			mouse_zone(&pane_board, y + 1 + s * 2, x, 2, w - 1, lane, first + s);
			card(h, y + 1 + s * 2, x, w - 1, buf[first + s], here && h->focus == &pane_board,
			     here && h->focus != &pane_board, &tp);
		}
		if ((size_t)(first + slots) < n)
			text_putf(h, y + 1 + slots * 2, x + 1, w - 2, EL_DIM, "+%zu more", n - (size_t)(first + slots));
	}
	free(buf);
}

/* The table's columns: each drawn at its own x and cut by display width
 * (text_put), so a CJK id is never split and the columns stay aligned. */
typedef struct tcol {
	const char *name;
	int w;                    /* columns; the last one takes the rest */
} tcol;

enum { TC_PROJECT, TC_SYSTEM, TC_ID, TC_STATUS, TC_FOR, TC_LANE, TC_ASSIGNEE, TC_ITER, TC_REV, TC_TITLE, TC_N };

/* Column widths; the project column only when several projects are shown. */
static void table_cols(const hud *h, tcol c[TC_N])
{
	static const tcol base[TC_N] = { { "project", 0 }, { "system", 7 }, { "id", 18 }, { "status", 18 },
	                                 { "for", 8 }, { "lane", 8 }, { "assignee", 14 }, { "iter", 7 }, { "rev", 5 }, { "title", 0 } };
	memcpy(c, base, sizeof base);
	if (h->only >= 0 || h->fleet->n < 2)
		return;
	int pw = 7;
	for (size_t m = 0; m < h->fleet->n; m++) {
		int lw = text_width(h, h->fleet->v[m].label);
		pw = lw > pw ? lw : pw;
	}
	c[TC_PROJECT].w = pw > 16 ? 16 : pw;
}

/* One row: the cells at their columns, after the '!' column. */
static void table_row(hud *h, int yy, const tcol c[TC_N], const char *const cell[TC_N], theme_elem e)
{
	int x = 1;
	for (int i = 0; i < TC_N && x < h->cols; i++) {
		if (!c[i].w && i != TC_TITLE)
			continue;
		int w = i == TC_TITLE ? h->cols - x : c[i].w;
		text_put(h, yy, x, w, cell[i] ? cell[i] : "", e);
		search_mark_pat(h, h->filter, true, yy, x, w, cell[i]);
		x += w + 1;
	}
}

static void draw_table(hud *h, int y, int height)
{
	attrset(text_style_attr(h, EL_BORDER));
	mvhline(y, 0, h->utf8 ? ACS_HLINE : '-', h->cols);
	attrset(A_NORMAL);
	int rows = height - 2;
	int first = h->table_row >= rows ? h->table_row - rows + 1 : 0;
	/* Rows that do not fit are counted, as every pane counts them. */
	int hidden = rows > 0 && (int)h->nitems > rows ? (int)h->nitems - rows : 0;
	if (hidden)
		text_putf(h, y, 1, h->cols - 2, h->focus == &pane_board ? EL_TITLE : EL_DIM, " Tasks (%zu, %d hidden) ",
		          h->nitems, hidden);
	else
		text_putf(h, y, 1, h->cols - 2, h->focus == &pane_board ? EL_TITLE : EL_DIM, " Tasks (%zu) ", h->nitems);
	tcol c[TC_N];
	table_cols(h, c);
	const char *head[TC_N];
	char sorted[32];   /* the sorted column's name with its arrow (tui/sort.h) */
	for (int i = 0; i < TC_N; i++)
		head[i] = c[i].name;
	int sc = h->sort_col[SORT_TABLE];
	if (sc > 0) {
		int at = sort_table_header_col(sc);
		snprintf(sorted, sizeof sorted, "%s%s", c[at].name, sort_mark(h, SORT_TABLE, sc));
		head[at] = sorted;
	}
	table_row(h, y + 1, c, head, EL_DIM);
	for (int r = 0; r < rows && (size_t)(first + r) < h->nitems; r++) {
		const hud_item *item = &h->items[first + r];
		const lw_task *t = item->task;
		bool sel = h->focus == &pane_board && first + r == h->table_row;
		int yy = y + 2 + r;
		mouse_zone(&pane_board, yy, 0, 1, h->cols, first + r, -1);
		if (sel)
			text_fill_row(h, yy, 0, h->cols, EL_SELECTED);
		char it[16] = "", rv[16] = "";
		if (t->iteration_max > 0)
			snprintf(it, sizeof it, "%d/%d", t->iteration, t->iteration_max);
		if (t->review_max > 0)
			snprintf(rv, sizeof rv, "%d/%d", t->review_cycles, t->review_max);
		const char *label = hud_project_label(h, item->member);
		char age[24];
		const char *cell[TC_N] = { label, t->system, t->id, t->status, status_age(h, item, age, sizeof age),
		                           lw_lane_name(t->lane),
		                           t->assignee ? t->assignee : "-", it, rv, t->title };
		theme_elem e = sel ? EL_SELECTED : EL_NORMAL;
		text_put(h, yy, 0, 1, t->awaiting_operator ? "!" : " ", e);
		table_row(h, yy, c, cell, e);
	}
}

static int height(const hud *h) { (void)h; return HUD_FILL; }

/* The rows every card (or table row) needs; an empty board keeps room to
 * say why it is empty. What is left over goes to the alerts. */
static int wants(const hud *h)
{
	if (!h->nitems)
		return 8;
	if (h->table_view)
		return 2 + (int)h->nitems;
	size_t most = 0;
	for (int lane = 0; lane < LANE_COUNT; lane++) {
		size_t n = hud_lane_count(h, lane);
		most = n > most ? n : most;
	}
	return 1 + 2 * (int)most;
}

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
	"Board: a lane per state, '(N)' tasks in it; '(N, K above)' (narrow: 'N ^K',",
	"  an arrow on a UTF-8 terminal): K cards scrolled past above; '+N more':",
	"  cards below. A narrow lane reads 'bklg 12' (rdy, actv, revw, blkd).",
	"  Another pane focused: the selected card's id is underlined.",
	"  Card: '!' the task waits for you (review, approval); its id",
	"  (wider than the card, it goes on over the second line);",
	"  'iN/M' iteration N of at most M (red at the limit); 'rN/M' review cycle",
	"  N of M; 'qN/M' N of the M approvals a quorum needs; 'A2' the final",
	"  attempt; 'RCA' a rejection-RCA gate; '12m' how long it has held its",
	"  status (from its history, else since liza-watch first saw it so; the",
	"  table's 'for'). On a narrow card",
	"  the counters far from their limit give way to the id. Second line: a tag",
	"  (with several systems or projects), the title, '@who' the assignee. The",
	"  tag is 'project/system' when the card has room; narrower, each part is cut",
	"  to the first letters that tell it from the others ('a/f': alpha, foreman;",
	"  the header names them in full), then it is left out for the title.",
	"  Table: '<' '>' sort it by a column, 'I' the other way; the header marks",
	"  it 'id^' ascending, 'idv' descending (arrows on a UTF-8 terminal).",
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
	.wants = wants,
};
