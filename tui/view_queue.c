/* view_queue.c — the queue (w): every item waiting for a human, in every
 * project watched and every system, oldest first (core/model/queue.h, the
 * list `liza-watch queue` prints). j/k move; Enter opens the item's review
 * (work under review) or its detail; every other key of the main screen (a
 * approve, r reject, m move, p pause, c clear the checkpoint…) acts on the
 * item as it would on the board: the item's task (else its system's
 * workflow) becomes the selection and the main keymap runs the key, with
 * its usual confirmation naming the project. The list is rebuilt after
 * every check (view_queue_update), so items arrive and leave while it is
 * open; the diff counts come from the review's git pump, one range at a
 * time, kept by commit range. / searches the list as in the other views
 * (tui/search.h), moving the selection to the match; while a pattern is on,
 * n and N go to the next and previous match, and Esc ends the search, giving
 * n back to the note it is on the main screen (and :note reaches it always). */
#include "tui/view_queue.h"
#include "tui/view.h"
#include "tui/pane.h"
#include "tui/keymap.h"
#include "tui/search.h"
#include "core/model/queue.h"
#include "core/review/review_counts.h"
#include "core/util/timeparse.h"
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const hud_view_def view_queue;

typedef struct hud_queue {
	lw_queue q;
	lw_counts counts;
	lw_queue_order order;
	int row;
	char sel[512];            /* the selected item, kept across rebuilds */
	bool ready;               /* q and counts are made */
} hud_queue;

/* The queue's own state is its private block (tui/view.h), made at the
 * first check and kept while the HUD runs: the header counts it too. */
static hud_queue *state(hud *h)
{
	hud_queue *s = views_private(h, &view_queue);
	if (!s->ready) {
		lw_queue_init(&s->q);
		lw_counts_init(&s->counts);
		s->ready = true;
	}
	return s;
}

/* The block's own frees (views_close_all, view_queue_free). */
static void free_state(void *state_)
{
	hud_queue *s = state_;
	if (!s->ready)
		return;
	lw_counts_free(&s->counts);
	lw_queue_free(&s->q);
}

size_t view_queue_count(const hud *h)
{
	const hud_queue *s = views_private_peek(h, &view_queue);
	return s && s->ready ? s->q.n : 0;
}

static void item_key(const lw_wait *w, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s:%s/%s", w->project, w->system, w->subject, w->kind);
}

static void fill_counts(hud *h)
{
	hud_queue *s = state(h);
	const lw_project *projects[LW_MAX_PROJECTS];
	for (size_t m = 0; m < h->fleet->n && m < LW_MAX_PROJECTS; m++)
		projects[m] = &h->fleet->v[m].proj;
	lw_counts_fill(&s->counts, &s->q, projects);
}

void view_queue_update(hud *h)
{
	hud_queue *s = state(h);
	lw_queue_clear(&s->q);
	for (size_t m = 0; m < h->fleet->n; m++)
		lw_queue_add_project(&s->q, &h->fleet->v[m].proj, &h->all_alerts, h->fleet->v[m].label, m);
	lw_queue_sort(&s->q, s->order);
	/* The selection follows its item; one that left leaves the row where it was. */
	for (size_t i = 0; s->sel[0] && i < s->q.n; i++) {
		char k[sizeof s->sel];
		item_key(&s->q.v[i], k, sizeof k);
		if (strcmp(k, s->sel) == 0)
			s->row = (int)i;
	}
	if (s->row >= (int)s->q.n)
		s->row = (int)s->q.n - 1;
	if (s->row < 0)
		s->row = 0;
	if (views_has(h, &view_queue))
		fill_counts(h);
}

void view_queue_free(hud *h) { views_private_free(h, &view_queue); }

static const lw_wait *selected(hud *h)
{
	hud_queue *s = state(h);
	return s->row >= 0 && (size_t)s->row < s->q.n ? &s->q.v[s->row] : NULL;
}

static void remember(hud *h)
{
	const lw_wait *w = selected(h);
	if (w)
		item_key(w, state(h)->sel, sizeof state(h)->sel);
}

/* Item i's row as drawn (and as the search reads it). */
static const char *item_line(hud *h, size_t i, strbuf *b)
{
	const lw_wait *w = &state(h)->q.v[i];
	time_t now = lw_now();
	char age[24] = "-", line[1400], counts[80] = "";
	bool several = h->fleet->n > 1;
	if (w->since != LW_NO_TIME)
		lw_format_age(now > w->since ? (long long)(now - w->since) : 0, age, sizeof age);
	if (w->files >= 0)
		snprintf(counts, sizeof counts, "  +%lld -%lld %lldf", w->added, w->removed, w->files);
	snprintf(line, sizeof line, "%6s  %s%s%s:%s  %s  %s  (%s)%s", age, several ? w->project : "",
	         several ? "  " : "", w->system, w->subject, w->kind, w->ask, w->who, counts);
	strbuf_adds(b, line);
	return b->buf ? b->buf : "";
}

static size_t search_count(hud *h) { return state(h)->q.n; }
static size_t search_top(hud *h) { return (size_t)state(h)->row; }
static void search_show(hud *h, size_t i)
{
	state(h)->row = (int)i;
	remember(h);
}
static const search_view queue_search = { .count = search_count, .line = item_line, .top = search_top, .show = search_show };

/* A pattern is on: n and N are the search's, Esc ends it. */
static bool searching(const hud *h) { return h->search_for == &queue_search && h->search_pat[0]; }

static void draw(hud *h, unsigned dirty)
{
	(void)dirty;
	hud_queue *s = state(h);
	int rows = h->rows - 3;
	text_fill_row(h, 0, 0, h->cols, EL_HEADER);
	text_putf(h, 0, 0, h->cols, EL_HEADER, " Waiting for a human: %zu  (%s; s sorts)", s->q.n,
	          s->order == LW_QUEUE_AGE ? "oldest first" : lw_queue_order_names[s->order]);
	int top = s->row >= rows ? s->row - rows + 1 : 0;
	strbuf b;
	strbuf_init(&b);
	for (int y = 0; y < rows && (size_t)(top + y) < s->q.n; y++) {
		b.len = 0;
		const char *line = item_line(h, (size_t)(top + y), &b);
		bool sel = top + y == s->row;
		if (sel)
			text_fill_row(h, 1 + y, 0, h->cols, EL_SELECTED);
		text_put(h, 1 + y, 0, h->cols, line, sel ? EL_SELECTED : EL_NORMAL);
		search_mark(h, &queue_search, 1 + y, 0, h->cols, line);
	}
	strbuf_free(&b);
	if (!s->q.n)
		text_put(h, 1, 1, h->cols - 2, "nothing waits for a human", EL_DIM);
	if (h->message[0])
		text_put(h, h->rows - 2, 0, h->cols, h->message, h->message_error ? EL_WARN : EL_OK);
	text_fill_row(h, h->rows - 1, 0, h->cols, EL_NORMAL);
	text_put(h, h->rows - 1, 0, h->cols,
	         searching(h) ? " n/N next/previous match  / new search  Esc ends the search (n notes again)  q back"
	                      : " j/k move  Enter review/detail  a approve  r reject  (the system's keys act here)  / search  s sort  q back",
	         EL_DIM);
	search_footer(h, &queue_search);
}

/* Make the item the main screen's selection: its task on the board, else
 * its system's workflow. false (said) when it is not shown there. */
static bool select_item(hud *h, const lw_wait *w)
{
	if (w->task) {
		for (size_t i = 0; i < h->nitems; i++) {
			const hud_item *it = &h->items[i];
			if (it->task != w->task)
				continue;
			hud_task_key(h, it, h->sel_key, sizeof h->sel_key);
			h->focus = &pane_board;
			hud_rebuild(h);
			return hud_selected(h) && hud_selected(h)->task == w->task;
		}
		hud_message(h, true, "%s:%s is not on the board (filtered or narrowed away: Esc, o)", w->system, w->subject);
		return false;
	}
	for (size_t i = 0, n = hud_workflow_count(h); i < n; i++) {
		const lw_source *src = NULL;
		hud_workflow(h, i, &src);
		if (src == w->src) {
			h->workflow_row = (int)i;
			h->focus = &pane_workflows;
			return true;
		}
	}
	hud_message(h, true, "%s of %s is not shown (narrowed away: o)", w->system, w->project);
	return false;
}

static void open_item(hud *h, const lw_wait *w)
{
	if (w->task && select_item(h, w)) {
		if (w->revision && views_can_open(h, "review"))
			views_open(h, "review");
		else
			views_open(h, "detail");
		return;
	}
	for (size_t i = 0; w->code && i < h->all_alerts.n; i++) {
		const lw_alert *a = &h->all_alerts.v[i];
		if (strcmp(a->system, w->system) == 0 && strcmp(a->code, w->code) == 0 && strcmp(a->subject, w->subject) == 0 &&
		    (!a->project || strcmp(a->project, w->project) == 0)) {
			view_detail_open_alert(h, a);
			return;
		}
	}
}

static void key(hud *h, int ch)
{
	hud_queue *s = state(h);
	const char *a = keymap_action_of(h->keymap, ch);
	int n = (int)s->q.n;
	if (ch == '/' || (searching(h) && (ch == 'n' || ch == 'N'))) {
		search_key(h, &queue_search, ch);
		return;
	}
	if (ch == 27 && searching(h)) {
		search_reset(h, &queue_search);
		hud_message(h, false, "search ended: n notes the selected item again");
		return;
	}
	if (ch == KEY_UP || (a && strcmp(a, "up") == 0)) s->row--;
	else if (ch == KEY_DOWN || (a && strcmp(a, "down") == 0)) s->row++;
	else if (ch == KEY_HOME || (a && strcmp(a, "top") == 0)) s->row = 0;
	else if (ch == KEY_END || (a && strcmp(a, "bottom") == 0)) s->row = n - 1;
	else if (ch == KEY_PPAGE || (a && strcmp(a, "page-up") == 0)) s->row -= h->rows - 3;
	else if (ch == KEY_NPAGE || (a && strcmp(a, "page-down") == 0)) s->row += h->rows - 3;
	else if (ch == 's') {
		s->order = (lw_queue_order)((s->order + 1) % LW_QUEUE_ORDERS);
		lw_queue_sort(&s->q, s->order);
	} else if (ch == 27 || ch == 'q' || ch == KEY_LEFT || (a && (strcmp(a, "quit") == 0 || strcmp(a, "queue") == 0))) {
		views_pop(h);
		return;
	} else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		if (selected(h))
			open_item(h, selected(h));
		return;
	} else if (a && selected(h)) {
		/* Another key of the main screen: it acts on the item. */
		if (select_item(h, selected(h)))
			keymap_key(h, ch);
		return;
	}
	if (s->row >= n)
		s->row = n - 1;
	if (s->row < 0)
		s->row = 0;
	remember(h);
}

static void open_queue(hud *h)
{
	state(h);
	if (views_push(h, &view_queue)) {
		search_reset(h, &queue_search);
		fill_counts(h);
		remember(h);
	}
}

static void fds(const hud *h, int fd[2])
{
	const hud_queue *s = views_private_peek(h, &view_queue);
	fd[0] = s && s->ready ? lw_counts_fd(&s->counts) : -1;
}

static bool pump(hud *h)
{
	if (!views_private_peek(h, &view_queue) || !lw_counts_pump(&state(h)->counts))
		return false;
	fill_counts(h);
	return true;
}

const hud_view_def view_queue = {
	.name = "queue",
	.action = "queue",
	.open = open_queue,
	.anywhere = true,   /* "one key opens it from anywhere" (issue 40) */
	.draw = draw,
	.key = key,
	.reload = view_queue_update,   /* its tasks' pointers are the new snapshot's at once */
	.fds = fds,
	.pump = pump,
	.private_size = sizeof(hud_queue),
	.free_private = free_state,
};
