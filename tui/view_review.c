/* view_review.c — the review view: the task's timeline (ages at lw_now(),
 * redrawn as the clock moves), the system's review lines, then the diff as
 * git writes it. Only the rows on screen are drawn, so a diff of 10,000
 * lines opens as fast as a short one. */
#include "tui/view.h"
#include "tui/pane.h"
#include "tui/act.h"
#include "tui/keymap.h"
#include "tui/search.h"
#include "core/review/review.h"
#include "core/review/review_git.h"
#include "core/review/review_stat.h"
#include "core/util/timeparse.h"
#include "core/util/grow.h"
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct hud_review {
	char key[256];            /* system:id under review */
	char revision[160];       /* the task's revision when the view opened ("" none) */
	char head[512];           /* the header row (escaped when drawn) */
	lw_review rv;
	bool refused;
	lw_diffstat stat;         /* counted from the patch as it comes */
	lw_rlines statl;          /* the stat as shown, redone when a count moved */
	lw_rlines diff;           /* git's lines as they come, then how it ended */
	size_t *files;            /* diff line of each "diff --git" */
	size_t nfiles, capfiles;
	lw_git_job job;
	bool running;
	int scroll;               /* the top row, and (sub) its screen line at the top */
	int sub;
} hud_review;

/* The review is its private block (tui/view.h) while it is open: made at
 * open, freed at close (NULL then). */
static hud_review *cur(const hud *h) { return views_private_peek(h, &view_review); }

static bool can(const hud *h) { return h->focus == &pane_board && hud_selected(h) != NULL; }

static void on_line(lw_rkind kind, const char *line, size_t len, void *ctx)
{
	hud_review *r = ctx;
	lw_diffstat_line(&r->stat, kind, line, len);
	if (kind == RK_FILE) {
		r->files = lw_grow(r->files, &r->capfiles, r->nfiles, sizeof *r->files, 64);
		r->files[r->nfiles++] = r->diff.n;
	}
	lw_rlines_add(&r->diff, kind, line, len);
}

/* The header row from the task as it is now. */
static void make_head(hud_review *r, const lw_task *t)
{
	snprintf(r->head, sizeof r->head, " review %s  %s  %s", r->key, t->status ? t->status : "", t->title ? t->title : "");
}

/* Popped: stop git, free the view. */
static void close_review(hud *h)
{
	hud_review *r = cur(h);
	if (!r)
		return;
	if (r->running)
		lw_git_job_free(&r->job);
	lw_review_free(&r->rv);
	lw_rlines_free(&r->diff);
	lw_rlines_free(&r->statl);
	lw_diffstat_free(&r->stat);
	free(r->files);
	views_private_free(h, &view_review);
}

/* Open it on the selected task. */
static void open_review(hud *h)
{
	const hud_item *it = hud_selected(h);
	if (!it)
		return;
	views_close(h, &view_review);   /* one review at a time */
	if (!views_push(h, &view_review))
		return;
	hud_review *r = views_private(h, &view_review);
	h->search_for = NULL;
	hud_task_key(h, it, r->key, sizeof r->key);
	snprintf(r->revision, sizeof r->revision, "%s", it->task->revision ? it->task->revision : "");
	make_head(r, it->task);
	lw_review_init(&r->rv);
	lw_rlines_init(&r->diff);
	lw_rlines_init(&r->statl);
	lw_diffstat_init(&r->stat);
	if (lw_review_build(&h->fleet->v[it->member].proj, it->src, it->task, &r->rv) < 0) {
		/* Refused: nothing runs; the view says why, in place of the change. */
		r->refused = true;
		lw_rlines_add(&r->diff, RK_WARN, r->rv.refusal, strlen(r->rv.refusal));
		hud_message(h, true, "review refused: %s", r->rv.refusal);
		return;
	}
	if (r->rv.has_diff) {
		char msg[512];
		if (lw_git_diff_start(&r->job, r->rv.repo, r->rv.base, r->rv.head, 0, msg, sizeof msg) < 0)
			lw_rlines_add(&r->diff, RK_WARN, msg, strlen(msg));
		else
			r->running = true;
	}
}

/* After a reload: the header, the timeline and the system's lines follow
 * the task as it is now (an approve from this view, a write by anyone), as
 * the detail view does. The diff stays the one opened: a new revision is
 * flagged CHANGED and a verdict on it refused (v v reviews the new one). */
static void reload(hud *h)
{
	hud_review *r = cur(h);
	if (!r)
		return;
	const hud_item *it = NULL;
	char key[256];
	for (size_t i = 0; i < h->nitems && !it; i++) {
		hud_task_key(h, &h->items[i], key, sizeof key);
		if (strcmp(key, r->key) == 0)
			it = &h->items[i];
	}
	if (!it) {
		snprintf(r->head, sizeof r->head, " review %s  (no longer on the board: gone, or filtered out)", r->key);
		return;
	}
	make_head(r, it->task);
	lw_review fresh;
	lw_review_init(&fresh);
	if (lw_review_build(&h->fleet->v[it->member].proj, it->src, it->task, &fresh) < 0 || r->refused) {
		lw_review_free(&fresh);
		return;   /* what it showed stays: a refusal is said once, when opened */
	}
	lw_review_free(&r->rv);
	r->rv = fresh;
}

/* git's pipes while it runs, for poll(). */
static void fds(const hud *h, int fd[2])
{
	const hud_review *r = cur(h);
	if (r && r->running && !r->job.done) {
		fd[0] = r->job.out_fd;
		fd[1] = r->job.err_fd;
	}
}

/* Read what git wrote; true when the view changed. */
static bool pump(hud *h)
{
	hud_review *r = cur(h);
	if (!r || !r->running || r->job.done)
		return false;
	size_t before = r->diff.n;
	lw_git_job_pump(&r->job, on_line, r);
	if (r->stat.changed) {
		lw_rlines_free(&r->statl);
		lw_rlines_init(&r->statl);
		lw_diffstat_render(&r->stat, &r->statl);
	}
	if (r->job.done) {
		char msg[1024];
		const char *res = lw_git_job_result(&r->job, msg, sizeof msg);
		if (res)
			lw_rlines_add(&r->diff, r->job.cut ? RK_CUT : RK_WARN, res, strlen(res));
		lw_git_job_free(&r->job);
		r->running = false;
		return true;
	}
	return r->diff.n != before;
}

static theme_elem elem_of(lw_rkind k)
{
	switch (k) {
	case RK_HEAD: case RK_FILE: return EL_TITLE;
	case RK_NOTE: case RK_META: return EL_DIM;
	case RK_WARN: case RK_CUT: return EL_WARN;
	case RK_HUNK: return EL_INFO;
	case RK_ADD: return EL_OK;
	case RK_DEL: return EL_CRIT;
	default: return EL_NORMAL;
	}
}

/* The rows: "Timeline", its entries, the body, the stat, the diff. */
typedef struct rows {
	lw_rlines tl;
	const lw_rlines *part[3];
	size_t n;
} rows;

static void rows_make(const hud_review *r, rows *w)
{
	lw_rlines_init(&w->tl);
	lw_rlines_add(&w->tl, RK_HEAD, "Timeline", 8);
	lw_review_timeline(&r->rv, lw_now(), &w->tl);
	w->part[0] = &r->rv.body;
	w->part[1] = &r->statl;
	w->part[2] = &r->diff;
	w->n = w->tl.n + r->rv.body.n + r->statl.n + r->diff.n;
}

static const char *row_at(const rows *w, size_t i, lw_rkind *kind, size_t *len)
{
	const lw_rlines *l = &w->tl;
	for (int k = 0; k < 3 && i >= l->n; k++) {
		i -= l->n;
		l = w->part[k];
	}
	*kind = (lw_rkind)l->v[i].kind;
	*len = l->v[i].len;
	return lw_rlines_at(l, i);
}

/* Screen lines row i takes, wrapped (the continuation indented by 2). */
static int wrapped_height(const hud *h, const rows *w, size_t i)
{
	lw_rkind k;
	size_t len;
	const char *s = row_at(w, i, &k, &len);
	int n = 0;
	do {
		size_t next;
		text_wrap_line(h, s, n ? h->cols - 2 : h->cols, &next);
		s += next;
		n++;
	} while (*s);
	return n;
}

static bool is(const char *action, const char *name) { return action && strcmp(action, name) == 0; }

/* A search reads the rows whole (a wrapped row is found as one); only the
 * timeline is made for it, the diff's 40,000 rows are read where they are. */
static rows found;
static void found_begin(hud *h) { rows_make(cur(h), &found); }
static void found_end(hud *h) { (void)h; lw_rlines_free(&found.tl); }
static size_t found_count(hud *h) { (void)h; return found.n; }
static const char *found_line(hud *h, size_t i, strbuf *b)
{
	(void)h;
	(void)b;
	lw_rkind k;
	size_t len;
	return row_at(&found, i, &k, &len);   /* each row ends in a NUL where it lies */
}
static size_t found_top(hud *h) { return (size_t)cur(h)->scroll; }
static void found_show(hud *h, size_t i)
{
	cur(h)->scroll = (int)i;
	cur(h)->sub = 0;
}
static const search_view review_search = { found_count, found_line, found_top, found_show, found_begin, found_end };

/* A verdict from the view is on what the view shows: the same task, at the
 * same revision (a resubmission while the operator reads is a new change). */
static const char *stale(const hud *h, char *buf, size_t n)
{
	const hud_review *r = cur(h);
	const hud_item *it = hud_selected(h);
	char key[256];
	if (it)
		hud_task_key(h, it, key, sizeof key);
	if (!it || strcmp(key, r->key) != 0) {
		snprintf(buf, n, "%s is no longer selected: Esc, then select it again", r->key);
		return buf;
	}
	const char *now = it->task->revision ? it->task->revision : "";
	if (strcmp(now, r->revision) != 0) {
		snprintf(buf, n, "%s changed since this review opened (%.12s -> %.12s): v v reviews the new change", r->key,
		         r->revision[0] ? r->revision : "none", now[0] ? now : "none");
		return buf;
	}
	return NULL;
}

static bool verdict_ok(hud *h)
{
	char why[512];
	if (stale(h, why, sizeof why)) {
		hud_message(h, true, "refused: %s", why);
		return false;
	}
	return true;
}

/* The next (dir 1) or previous (-1) file of the diff from the top row. */
static void jump_file(hud *h, int dir)
{
	hud_review *r = cur(h);
	rows w;
	rows_make(r, &w);
	size_t off = w.tl.n + r->rv.body.n + r->statl.n;
	lw_rlines_free(&w.tl);
	int target = -1;
	for (size_t i = 0; i < r->nfiles; i++) {
		int at = (int)(off + r->files[i]);
		if (dir > 0 && at > r->scroll) {
			target = at;
			break;
		}
		if (dir < 0 && at < r->scroll)
			target = at;
	}
	if (target >= 0) {
		r->scroll = target;
		r->sub = 0;
	}
}

/* Move by n screen lines: through a wrapped row line by line (a reason
 * taller than the screen is read whole), row to row past its end. Only the
 * rows passed are measured; draw keeps the end in range. */
static void scroll_by(hud *h, int n)
{
	hud_review *r = cur(h);
	rows w;
	rows_make(r, &w);
	for (; n > 0 && (size_t)r->scroll < w.n; n--) {
		if (r->sub + 1 < wrapped_height(h, &w, (size_t)r->scroll))
			r->sub++;
		else if ((size_t)r->scroll + 1 < w.n) {
			r->scroll++;
			r->sub = 0;
		} else
			break;
	}
	for (; n < 0 && (r->scroll > 0 || r->sub > 0); n++) {
		if (r->sub > 0)
			r->sub--;
		else {
			r->scroll--;
			r->sub = wrapped_height(h, &w, (size_t)r->scroll) - 1;
		}
	}
	lw_rlines_free(&w.tl);
}

static void key(hud *h, int ch)
{
	hud_review *r = cur(h);
	if (!r) {
		views_pop(h);
		return;
	}
	const char *a = keymap_action_of(h->keymap, ch);
	int page = h->rows - 3;
	if (search_key(h, &review_search, ch))
		return;   /* n and N search here: a note is left from the board */
	if (ch == KEY_UP || is(a, "up")) scroll_by(h, -1);
	else if (ch == KEY_DOWN || is(a, "down")) scroll_by(h, 1);
	else if (ch == KEY_PPAGE || is(a, "page-up")) scroll_by(h, -page);
	else if (ch == KEY_NPAGE || ch == ' ' || is(a, "page-down")) scroll_by(h, page);
	else if (ch == KEY_HOME || is(a, "top")) r->scroll = r->sub = 0;
	else if (ch == KEY_END || is(a, "bottom")) r->scroll = 1 << 30;
	else if (ch == ']') jump_file(h, 1);
	else if (ch == '[') jump_file(h, -1);
	else if (act_is_task_action(a)) {
		if (verdict_ok(h))
			keymap_key(h, ch);   /* the verdict keys act on the task under review */
	}
	else if (ch == 27 || ch == KEY_LEFT || is(a, "quit") || is(a, "review") || is(a, "left"))
		views_pop(h);
	else if (is(a, "redraw") || is(a, "help"))
		keymap_key(h, ch);
}

static void draw(hud *h, unsigned dirty)
{
	(void)dirty;
	hud_review *r = cur(h);
	if (!r)
		return;
	text_fill_row(h, 0, 0, h->cols, EL_HEADER);
	int x = text_put(h, 0, 0, h->cols, r->head, EL_HEADER);
	char why[512];
	if (stale(h, why, sizeof why) && x + 3 < h->cols)
		text_putf(h, 0, x + 2, h->cols - x - 2, EL_WARN, "CHANGED: %s", why);
	rows w;
	rows_make(r, &w);
	/* The last text row shows the message, when there is one. */
	int height = h->rows - 2 - (h->message[0] ? 1 : 0);
	/* Rows longer than the screen go on over the next lines (a reason,
	 * a long diff line), so the last screen starts where the rows from
	 * there to the end fit: only those rows are measured. */
	int last = (int)w.n, fill = 0, last_sub = 0;
	while (last > 0 && fill < height) {
		int hh = wrapped_height(h, &w, (size_t)last - 1);
		last--;
		if (fill + hh > height) {
			last_sub = fill + hh - height;   /* the top row shows its end only */
			break;
		}
		fill += hh;
	}
	if (r->scroll > last || (r->scroll == last && r->sub > last_sub)) {
		r->scroll = last;
		r->sub = last_sub;
	}
	if (r->scroll < 0)
		r->scroll = r->sub = 0;
	for (int y = 0, i = r->scroll; y < height && (size_t)i < w.n; i++) {
		lw_rkind k;
		size_t len;
		const char *s = row_at(&w, (size_t)i, &k, &len);
		int line = 0;
		do {
			size_t next, n = text_wrap_line(h, s, line ? h->cols - 2 : h->cols, &next);
			if (i != r->scroll || line >= r->sub) {
				char *part = strndup(s, n);
				if (!part)
					abort();
				text_put(h, 1 + y, line ? 2 : 0, h->cols, part, elem_of(k));
				search_mark(h, &review_search, 1 + y++, line ? 2 : 0, h->cols, part);
				free(part);
			}
			s += next;
			line++;
		} while (*s && y < height);
	}
	if (h->message[0])
		text_put(h, h->rows - 2, 0, h->cols, h->message, h->message_error ? EL_WARN : EL_OK);
	text_fill_row(h, h->rows - 1, 0, h->cols, EL_NORMAL);
	char foot[512], verdicts[160] = "";
	/* The verdicts that apply to the task under review, with their keys. */
	for (size_t i = 0, k = 0; i < h->keymap->n && k + 1 < sizeof verdicts; i++) {
		const hud_binding *b = &h->keymap->v[i];
		if (b->keys[0] && b->act->footer && act_is_verdict(b->act->name) && keymap_binding_applies(b, h)) {
			snprintf(verdicts + k, sizeof verdicts - k, "%s %s  ", b->label, b->act->footer);
			k += strlen(verdicts + k);
		}
	}
	snprintf(foot, sizeof foot, " Up/Down PgUp/PgDn scroll  [ ] file  / n N search  %sEsc back   line %d of %zu%s",
	         verdicts, r->scroll + 1, w.n, r->running ? "  (git diff running)" : "");
	text_put(h, h->rows - 1, 0, h->cols, foot, EL_DIM);
	search_footer(h, &review_search);
	lw_rlines_free(&w.tl);
}

const hud_view_def view_review = {
	.name = "review",
	.action = "review",
	.can = can,
	.open = open_review,
	.draw = draw,
	.key = key,
	.close = close_review,
	.reload = reload,
	.fds = fds,
	.pump = pump,
	.private_size = sizeof(hud_review),   /* while it is open: freed at close */
};
