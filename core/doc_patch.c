/* doc_patch.c — the tree of an edited file, from the tree of the old one,
 * when the edit lies inside one item of a block sequence (one task in a
 * 10,000-task state.yaml): only that item's lines are parsed again; every
 * other node is copied with its position shifted past the edit.
 *
 * This is only done when it provably equals a full parse of the new text:
 * - the old and new text differ only inside the item's lines, after its dash;
 * - every line of the new item text is indented past the dash (or blank, or
 *   a comment), so the item cannot swallow or release its neighbours;
 * - the item text parses alone as one block-sequence item at the same column;
 * - no anchor or alias anywhere (an alias could point into the item).
 * Anything else returns -1 and the caller parses the whole file. The
 * randomized tests compare both ways, node by node. */
#include "core/doc.h"
#include <stdio.h>
#include <string.h>

static size_t line_start(const char *s, size_t i)
{
	while (i > 0 && s[i - 1] != '\n' && s[i - 1] != '\r')
		i--;
	return i;
}

/* Column of the item's '-' when its line reads "<spaces>- <item>", else -1. */
static long dash_column(const char *s, size_t ls, size_t item_start)
{
	size_t i = ls;
	while (i < item_start && s[i] == ' ')
		i++;
	if (i >= item_start || s[i] != '-')
		return -1;
	long col = (long)(i - ls);
	for (i++; i < item_start; i++)
		if (s[i] != ' ')
			return -1;
	return col;
}

/* Every line after the first is blank, a comment, or indented past dash. */
static bool lines_stay_inside(const char *s, size_t from, size_t to, long dash)
{
	size_t i = from;
	while (i < to && s[i] != '\n')
		i++;
	while (i < to) {
		i++;   /* past '\n' */
		size_t ind = 0;
		while (i + ind < to && s[i + ind] == ' ')
			ind++;
		size_t j = i + ind;
		if (j < to && s[j] != '\n' && s[j] != '\r' && s[j] != '#' && (long)ind <= dash)
			return false;
		if (j < to && s[j] == '\t')
			return false;
		i = j;
		while (i < to && s[i] != '\n')
			i++;
	}
	return true;
}

/* Where libyaml's next token starts at or after i: past spaces, line
 * breaks and comments. Block collections (and block scalars) end there. */
static size_t next_token(const char *s, size_t len, size_t i)
{
	while (i < len) {
		if (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t') {
			i++;
		} else if (s[i] == '#') {
			while (i < len && s[i] != '\n' && s[i] != '\r')
				i++;
		} else {
			break;
		}
	}
	return i;
}

static unsigned count_lines(const char *s, size_t from, size_t to)
{
	unsigned n = 0;
	for (size_t i = from; i < to; i++)
		n += s[i] == '\n';
	return n;
}

/* Equal leading bytes; memcmp over blocks first, since states run to
 * megabytes and this runs on every reload. */
static size_t common_prefix(const char *a, const char *b, size_t n)
{
	size_t i = 0;
	while (i + 4096 <= n && memcmp(a + i, b + i, 4096) == 0)
		i += 4096;
	while (i < n && a[i] == b[i])
		i++;
	return i;
}

/* Equal trailing bytes before a_end and b_end, at most n. */
static size_t common_suffix(const char *a_end, const char *b_end, size_t n)
{
	size_t i = 0;
	while (i + 4096 <= n && memcmp(a_end - i - 4096, b_end - i - 4096, 4096) == 0)
		i += 4096;
	while (i < n && a_end[-(long)i - 1] == b_end[-(long)i - 1])
		i++;
	return i;
}

typedef struct cloner {
	doc *d;
	const doc_node *old_item;
	const doc_node *new_item;     /* from the slice parse: positions already absolute */
	size_t change_end;            /* old offset from which positions shift */
	size_t slice_end, next_token; /* a fresh node ending at the slice's end ends, in a full
	                                 parse, where the next token starts */
	long delta;
	int dlines;
} cloner;

static size_t shift(const cloner *c, size_t off) { return off >= c->change_end ? (size_t)((long)off + c->delta) : off; }

static doc_node *clone(cloner *c, const doc_node *n, bool fresh)
{
	doc_node *m = arena_alloc(&c->d->mem, sizeof *m);
	*m = *n;
	m->next = NULL;
	c->d->nodes++;
	if (!fresh) {
		if (n->start >= c->change_end)
			m->line = (unsigned)((int)n->line + c->dlines);
		m->start = shift(c, n->start);
		m->end = shift(c, n->end);
	} else if (m->end == c->slice_end && (m->kind == DOC_SEQ || m->kind == DOC_MAP)) {
		/* Block collections end at the next token; a block scalar ends
		 * at the start of the line after it, which is the slice's end. */
		m->end = c->next_token;
	}
	if (n->kind == DOC_SCALAR) {
		m->u.scalar.str = arena_strndup(&c->d->mem, n->u.scalar.str, n->u.scalar.len);
		return m;
	}
	if (n->kind != DOC_SEQ && n->kind != DOC_MAP)
		return m;   /* aliases never get here: documents with them are refused */
	m->u.coll.first = m->u.coll.last = NULL;
	for (const doc_node *k = n->u.coll.first; k; k = k->next) {
		doc_node *ck = k == c->old_item ? clone(c, c->new_item, true) : clone(c, k, fresh);
		if (m->u.coll.last)
			m->u.coll.last->next = ck;
		else
			m->u.coll.first = ck;
		m->u.coll.last = ck;
	}
	return m;
}

int doc_reparse_item(doc *d, const doc *old, const doc_node *seq, const char *buf, size_t len)
{
	memset(d, 0, sizeof *d);
	if (!old->root || old->has_anchors || !seq || seq->kind != DOC_SEQ || seq->style != DOC_BLOCK)
		return -1;
	const char *os = old->src;
	size_t olen = old->len;
	size_t lim = olen < len ? olen : len;
	size_t pre = common_prefix(os, buf, lim);
	if (pre == olen && olen == len)
		return -1;   /* identical: nothing to patch */
	size_t suf = common_suffix(os + olen, buf + len, lim - pre);
	size_t ce_old = olen - suf;
	/* The item whose lines hold the whole change. */
	const doc_node *item = NULL, *next = NULL;
	for (const doc_node *i = seq->u.coll.first; i; i = i->next) {
		if (i->start > pre)
			break;
		item = i;
		next = i->next;
	}
	if (!item || item->kind == DOC_ALIAS)
		return -1;
	size_t ls = line_start(os, item->start);
	long dash = dash_column(os, ls, item->start);
	if (dash < 0 || pre <= ls + (size_t)dash)
		return -1;   /* the edit touches the dash itself */
	size_t end_old = next ? line_start(os, next->start) : line_start(os, seq->end);
	if (!next && seq->end >= olen)
		end_old = olen;
	if (ce_old > end_old || end_old < ls)
		return -1;
	long delta = (long)len - (long)olen;
	size_t end_new = (size_t)((long)end_old + delta);
	if (!lines_stay_inside(buf, ls, end_new, dash))
		return -1;
	doc slice;
	lw_error err;
	lw_error_clear(&err);
	unsigned line0 = item->line - 1;
	int rc = doc_parse_slice(&slice, buf, len, ls, end_new, line0, old->path, NULL, &err);
	const doc_node *r = slice.root;
	if (rc < 0 || slice.has_anchors || !r || r->kind != DOC_SEQ || r->u.coll.count != 1 ||
	    r->u.coll.first->col != item->col || r->u.coll.first->kind == DOC_ALIAS) {
		doc_free(&slice);
		return -1;
	}
	arena_init(&d->mem);
	d->src = buf;
	d->len = len;
	d->path = arena_strdup(&d->mem, old->path);
	cloner c = {
		.d = d, .old_item = item, .new_item = r->u.coll.first, .change_end = end_old, .delta = delta,
		.dlines = (int)count_lines(buf, ls, end_new) - (int)count_lines(os, ls, end_old),
		.slice_end = end_new, .next_token = next_token(buf, len, end_new),
	};
	d->root = clone(&c, old->root, false);
	doc_free(&slice);
	return 0;
}
