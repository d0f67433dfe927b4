/* view_detail.c — every field of the selected task, straight from its source
 * node (history, reasons, dependencies included), scrollable. */
#include "tui/hud.h"
#include "core/util/timeparse.h"
#include <curses.h>
#include <stdlib.h>
#include <string.h>

typedef struct lines {
	char **v;
	size_t n, cap;
} lines;

static void add_line(lines *l, int indent, const char *prefix, const char *text, size_t len)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->v = realloc(l->v, l->cap * sizeof *l->v);
		if (!l->v)
			abort();
	}
	strbuf b;
	strbuf_init(&b);
	for (int i = 0; i < indent; i++)
		strbuf_addc(&b, ' ');
	strbuf_adds(&b, prefix);
	strbuf_add(&b, text, len);
	l->v[l->n++] = strbuf_detach(&b, NULL);
}

/* A scalar on one line, or one line per line of a multi-line value. */
static void add_scalar(lines *l, int indent, const char *prefix, const doc_node *n)
{
	const char *s = n->u.scalar.str;
	if (!memchr(s, '\n', n->u.scalar.len)) {
		add_line(l, indent, prefix, s, n->u.scalar.len);
		return;
	}
	add_line(l, indent, prefix, "|", 1);
	const char *end = s + n->u.scalar.len;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t len = nl ? (size_t)(nl - s) : (size_t)(end - s);
		add_line(l, indent + 2, "", s, len);
		s += len + (nl != NULL);
	}
}

/* first: what stands before the first key of a mapping ("- " inside a list,
 * so an item reads "- time: …" as in YAML). */
static void render(lines *l, const doc_node *n, int indent, int depth, const char *first)
{
	n = doc_deref(n);
	if (!n || depth > 32)
		return;
	if (n->kind == DOC_MAP) {
		for (const doc_node *k = doc_map_first(n); k; k = doc_map_next(k)) {
			const doc_node *v = doc_deref(k->next);
			const char *key = doc_is_scalar(k) ? doc_deref(k)->u.scalar.str : "?";
			char prefix[256];
			bool lead = first && k == doc_map_first(n);
			snprintf(prefix, sizeof prefix, "%s%s: ", lead ? first : first ? "  " : "", key);
			if (v && v->kind == DOC_SCALAR)
				add_scalar(l, indent, prefix, v);
			else if (v && (v->kind == DOC_MAP || v->kind == DOC_SEQ) && v->u.coll.count == 0)
				add_line(l, indent, prefix, v->kind == DOC_MAP ? "{}" : "[]", 2);
			else {
				add_line(l, indent, prefix, "", 0);
				render(l, v, indent + (first ? 4 : 2), depth + 1, NULL);
			}
		}
	} else if (n->kind == DOC_SEQ) {
		for (const doc_node *i = doc_seq_first(n); i; i = i->next) {
			const doc_node *v = doc_deref(i);
			if (v->kind == DOC_SCALAR)
				add_scalar(l, indent, "- ", v);
			else if (v->kind == DOC_MAP && v->u.coll.count)
				render(l, v, indent, depth + 1, "- ");
			else {
				add_line(l, indent, "-", "", 0);
				render(l, v, indent + 2, depth + 1, NULL);
			}
		}
	} else {
		add_scalar(l, indent, "", n);
	}
}

void view_detail(hud *h)
{
	const hud_item *it = hud_selected(h);
	if (!it) {
		h->mode = MODE_NORMAL;
		return;
	}
	const lw_task *t = it->task;
	fill_row(h, 0, 0, h->cols, EL_HEADER);
	put_textf(h, 0, 0, h->cols, EL_HEADER, " %s:%s  %s  (%s)", t->system, t->id, t->status, t->path ? t->path : "");
	lines l = { 0 };
	if (it->src->adapter->detail) {
		/* What the system derives (a mode, an age at now) before the fields. */
		strbuf b;
		strbuf_init(&b);
		it->src->adapter->detail(it->src, t, lw_now(), &b);
		for (const char *s = b.buf; s && *s;) {
			size_t len = strcspn(s, "\n");
			add_line(&l, 1, "", s, len);
			s += len + (s[len] == '\n');
		}
		if (b.len)
			add_line(&l, 1, "", "--", 2);
		strbuf_free(&b);
	}
	render(&l, t->node, 1, 0, NULL);
	int rows = h->rows - 2;
	if (h->detail_scroll > (int)l.n - rows)
		h->detail_scroll = (int)l.n - rows;
	if (h->detail_scroll < 0)
		h->detail_scroll = 0;
	for (int r = 0; r < rows && (size_t)(h->detail_scroll + r) < l.n; r++)
		put_text(h, 1 + r, 0, h->cols, l.v[h->detail_scroll + r], EL_NORMAL);
	for (size_t i = 0; i < l.n; i++)
		free(l.v[i]);
	free(l.v);
	fill_row(h, h->rows - 1, 0, h->cols, EL_NORMAL);
	put_textf(h, h->rows - 1, 0, h->cols, EL_DIM, " Up/Down scroll   Esc/q/Enter back   line %d of %zu",
	          h->detail_scroll + 1, l.n);
}
