/* view_raw.c — the selected task's record exactly as its file holds it: the
 * bytes of its item (for a YAML or JSON state, the lines its node spans;
 * for a system with one file per task, the whole file), with the file's
 * path and line numbers; scrolling and / search as every view; e opens the
 * operator's $VISUAL or $EDITOR at that file and the line on top. Every
 * byte reaches the screen through text_put, so through esc_term. */
#include "tui/view.h"
#include "tui/keymap.h"
#include "tui/search.h"
#include "tui/act_work.h"
#include "core/util/grow.h"
#include <curses.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const hud_view_def view_raw;

typedef struct hud_raw {
	char key[256];            /* system:id shown */
	char file[4096];          /* the file, as the task names it */
	char head[1024];
	const lw_source *src;     /* its source (for the project's folder) */
	unsigned line0;           /* the file's line of the first line shown */
	char **v;                 /* the lines, without their newline */
	size_t n, cap;
	int scroll;
} hud_raw;

/* Whether target is n or under it (a node of n's tree; aliases not followed). */
static bool holds(const doc_node *n, const doc_node *target, int depth)
{
	if (n == target)
		return true;
	if (!n || depth > 64 || (n->kind != DOC_MAP && n->kind != DOC_SEQ))
		return false;
	for (const doc_node *c = n->u.coll.first; c; c = c->next)
		if (holds(c, target, depth + 1))
			return true;
	return false;
}

/* The doc the task's node is in: the newest first (a doc patched from an
 * older one shares its nodes, and only the newest reads their place right). */
static const doc *doc_of(const lw_snapshot *s, const lw_task *t)
{
	for (; s; s = s->base)
		for (size_t i = s->ndocs; i-- > 0;)
			if (s->docs[i]->root && holds(s->docs[i]->root, t->node, 0))
				return s->docs[i];
	return NULL;
}

static void raw_free_lines(hud_raw *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->v[i]);
	free(r->v);
	r->v = NULL;
	r->n = r->cap = 0;
}

static void add(hud_raw *r, const char *s, size_t len)
{
	r->v = lw_grow(r->v, &r->cap, r->n, sizeof *r->v, 64);
	char *l = malloc(len + 1);
	if (!l)
		abort();
	memcpy(l, s, len);
	l[len] = '\0';
	r->v[r->n++] = l;
}

/* The task's bytes from its doc: whole lines, from its node's first to its last. */
static bool extract(hud *h, hud_raw *r, const hud_item *it)
{
	const lw_task *t = it->task;
	const doc *d = t->node ? doc_of(it->src->good, t) : NULL;
	if (!d) {
		snprintf(r->head, sizeof r->head, " raw %s  (its record is not in a file the watcher read)", r->key);
		return false;
	}
	size_t start = 0, end = d->len;
	unsigned line = 1;
	bool whole = doc_deref(d->root) == doc_deref(t->node);
	if (!whole) {
		doc_pos p = doc_where(d, t->node);
		start = p.start < d->len ? p.start : d->len;
		end = p.end < d->len ? p.end : d->len;
		line = p.line;
		while (start > 0 && d->src[start - 1] != '\n')
			start--;
		while (end > start && (d->src[end - 1] == '\n' || d->src[end - 1] == ' '))
			end--;   /* a block node's span runs to the next item's line */
		while (end < d->len && d->src[end] != '\n')
			end++;
	}
	raw_free_lines(r);
	for (size_t at = start; at < end;) {
		const char *nl = memchr(d->src + at, '\n', end - at);
		size_t len = nl ? (size_t)(nl - (d->src + at)) : end - at;
		add(r, d->src + at, len);
		at += len + (nl != NULL);
	}
	r->line0 = line;
	r->src = it->src;
	snprintf(r->file, sizeof r->file, "%s", d->path ? d->path : t->path ? t->path : "");
	const char *shown = lw_project_shown_path(&h->fleet->v[it->member].proj, r->file);
	snprintf(r->head, sizeof r->head, " raw %s  %s  %s %u-%zu%s", r->key, shown, whole ? "the whole file, lines" : "lines",
	         line, line + (r->n ? r->n - 1 : 0), "  (as the file holds it)");
	return true;
}

static const hud_item *find(const hud *h, const char *key)
{
	char k[256];
	for (size_t i = 0; i < h->nitems; i++) {
		hud_task_key(h, &h->items[i], k, sizeof k);
		if (strcmp(k, key) == 0)
			return &h->items[i];
	}
	return NULL;
}

/* The raw view's state is its private block (tui/view.h) while it is open:
 * made at open, freed at close (NULL then). */
static hud_raw *cur(const hud *h) { return views_private_peek(h, &view_raw); }

static size_t count(hud *h) { return cur(h) ? cur(h)->n : 0; }
static const char *line_of(hud *h, size_t i, strbuf *b) { (void)b; return cur(h)->v[i]; }
static size_t top(hud *h) { return (size_t)cur(h)->scroll; }
static void show_line(hud *h, size_t i) { cur(h)->scroll = (int)i; }
static const search_view raw_search = { .count = count, .line = line_of, .top = top, .show = show_line };

/* The line e opens at: the match last found while it is on screen, else
 * the top line (a short record cannot bring a match to the top). */
static size_t edit_line(const hud *h)
{
	const hud_raw *r = cur(h);
	size_t top_i = (size_t)r->scroll;
	if (h->search_for == &raw_search && h->search_cur != SIZE_MAX && h->search_cur >= top_i &&
	    h->search_cur < top_i + (size_t)(h->rows > 2 ? h->rows - 2 : 1))
		top_i = h->search_cur;
	return r->line0 + top_i;
}

static bool can(const hud *h) { return hud_selected(h) != NULL; }

static void close_raw(hud *h)
{
	if (!cur(h))
		return;
	raw_free_lines(cur(h));
	views_private_free(h, &view_raw);
}

static void open_raw(hud *h)
{
	const hud_item *it = hud_selected(h);
	if (!it)
		return;
	views_close(h, &view_raw);
	if (!views_push(h, &view_raw))
		return;
	hud_raw *r = views_private(h, &view_raw);
	h->search_for = NULL;
	hud_task_key(h, it, r->key, sizeof r->key);
	extract(h, r, it);
}

/* A reload: the bytes as the file holds them now. */
static void reload(hud *h)
{
	hud_raw *r = cur(h);
	const hud_item *it = r ? find(h, r->key) : NULL;
	if (it)
		extract(h, r, it);
	else if (r)
		snprintf(r->head, sizeof r->head, " raw %s  (no longer on the board: gone, or filtered out)", r->key);
	if (r && !it)
		r->src = NULL;   /* its snapshot may be gone */
}

static void draw(hud *h, unsigned dirty)
{
	(void)dirty;
	hud_raw *r = cur(h);
	if (!r)
		return;
	text_fill_row(h, 0, 0, h->cols, EL_HEADER);
	text_put(h, 0, 0, h->cols, r->head, EL_HEADER);
	int rows = h->rows - 2;
	if (r->scroll > (int)r->n - rows)
		r->scroll = (int)r->n - rows;
	if (r->scroll < 0)
		r->scroll = 0;
	char last[16];
	int nw = snprintf(last, sizeof last, "%zu", r->line0 + r->n);
	for (int y = 0; y < rows && (size_t)(r->scroll + y) < r->n; y++) {
		size_t i = (size_t)(r->scroll + y);
		text_putf(h, 1 + y, 0, nw + 1, EL_DIM, "%*zu", nw, r->line0 + i);
		text_put(h, 1 + y, nw + 2, h->cols - nw - 2, r->v[i], EL_NORMAL);
		search_mark(h, &raw_search, 1 + y, nw + 2, h->cols - nw - 2, r->v[i]);
	}
	text_fill_row(h, h->rows - 1, 0, h->cols, EL_NORMAL);
	text_putf(h, h->rows - 1, 0, h->cols, EL_DIM,
	          " Up/Down PgUp/PgDn scroll  / n N search  e edit at line %zu  Esc/q back", edit_line(h));
	search_footer(h, &raw_search);
}

static void key(hud *h, int ch)
{
	hud_raw *r = cur(h);
	const char *a = keymap_action_of(h->keymap, ch);
	if (!r) {
		views_pop(h);
		return;
	}
	if (search_key(h, &raw_search, ch) || views_scroll_key(h, ch, a, &r->scroll))
		return;
	if (ch == 'e' || (a && strcmp(a, "edit") == 0)) {
		if (r->src && r->file[0])
			act_work_edit_at(h, r->src, r->file, (unsigned)edit_line(h));
		else
			hud_message(h, true, "%s is no longer on the board: nothing to edit", r->key);
	} else if (views_leave_key(ch, a) || (a && strcmp(a, "raw") == 0)) {
		views_pop(h);
	}
}

const hud_view_def view_raw = {
	.name = "raw",
	.action = "raw",
	.can = can,
	.open = open_raw,
	.draw = draw,
	.key = key,
	.close = close_raw,
	.reload = reload,
	.private_size = sizeof(hud_raw),   /* while it is open: freed at close */
};
