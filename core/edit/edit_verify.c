/* edit_verify.c — after splicing, the edited text is parsed again and its
 * tree compared with the old one: every value no edit names must be equal
 * (same scalar text, same style, same shape), every edited key must hold the
 * intended value, every appended item must read back exactly, and nothing
 * else may appear. This is what makes a rendering mistake a refused write
 * instead of a corrupted state file. */
#include "core/edit/edit_int.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Where we are (tasks[1].status), kept as a stack of keys and indexes and
 * written out only when there is a mismatch to describe: a verify that
 * passes formats nothing. */
typedef struct vframe {
	const doc_node *key;   /* NULL: an index */
	size_t index;
} vframe;

enum { VDEPTH = 128 };
static const doc_node no_key;   /* a key that is not there: "?" */

typedef struct vctx {
	editor *ed;
	vframe f[VDEPTH];
	size_t plen;           /* frames in use (past VDEPTH: counted, not kept) */
} vctx;

static void path_format(const vctx *c, char *out, size_t n)
{
	size_t at = 0;
	out[0] = '\0';
	for (size_t i = 0; i < c->plen && i < VDEPTH && at + 1 < n; i++) {
		const doc_node *k = c->f[i].key == &no_key ? NULL : doc_deref(c->f[i].key);
		int w = !c->f[i].key ? snprintf(out + at, n - at, "[%zu]", c->f[i].index)
		      : snprintf(out + at, n - at, "%s%.*s", at ? "." : "",
		                 k && k->kind == DOC_SCALAR ? (int)(k->u.scalar.len > 40 ? 40 : k->u.scalar.len) : 1,
		                 k && k->kind == DOC_SCALAR ? k->u.scalar.str : "?");
		if (w < 0)
			break;
		at = at + (size_t)w < n ? at + (size_t)w : n - 1;
	}
}

static int mismatch(vctx *c, const doc_node *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int mismatch(vctx *c, const doc_node *at, const char *fmt, ...)
{
	char what[200], path[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	path_format(c, path, sizeof path);
	return edit_fail(c->ed, at, "verify failed after editing: %s: %s", path[0] ? path : "(document)", what);
}

static size_t path_push_key(vctx *c, const doc_node *key)
{
	if (c->plen < VDEPTH)
		c->f[c->plen] = (vframe){ .key = key ? key : &no_key };
	return c->plen++;
}

static size_t path_push_index(vctx *c, size_t i)
{
	if (c->plen < VDEPTH)
		c->f[c->plen] = (vframe){ .key = NULL, .index = i };
	return c->plen++;
}

static void path_pop(vctx *c, size_t old)
{
	c->plen = old;
}

static const char *kind_name(const doc_node *n)
{
	switch (n ? n->kind : DOC_SCALAR) {
	case DOC_MAP: return "a mapping";
	case DOC_SEQ: return "a sequence";
	case DOC_ALIAS: return "an alias";
	default: return n ? "a scalar" : "nothing";
	}
}

static bool same_scalar(const doc_node *a, const doc_node *b)
{
	return a->style == b->style && a->u.scalar.len == b->u.scalar.len &&
	       memcmp(a->u.scalar.str, b->u.scalar.str, a->u.scalar.len) == 0;
}

static int same(vctx *c, const doc_node *o, const doc_node *n);

/* Aliases are compared by what they point at, one level deep: the anchored
 * node itself is compared where it stands. */
static int same_alias(vctx *c, const doc_node *o, const doc_node *n)
{
	const doc_node *ot = doc_deref(o), *nt = doc_deref(n);
	if (ot->kind != nt->kind)
		return mismatch(c, o, "an alias to %s now points to %s", kind_name(ot), kind_name(nt));
	if (ot->kind == DOC_SCALAR ? !same_scalar(ot, nt) : ot->u.coll.count != nt->u.coll.count)
		return mismatch(c, o, "an alias now points to a different value");
	return 0;
}

static bool value_is(const doc_node *n, const edit_value *v)
{
	if (n && (v->kind == EDIT_MAP || v->kind == EDIT_SEQ)) {
		if (n->kind != (v->kind == EDIT_MAP ? DOC_MAP : DOC_SEQ) ||
		    n->u.coll.count != (v->kind == EDIT_MAP ? 2 : 1) * v->n)
			return false;
		const doc_node *k = n->u.coll.first;
		for (size_t j = 0; j < v->n; j++) {
			if (v->kind == EDIT_SEQ) {
				if (!value_is(k, &v->items[j]))
					return false;
				k = k->next;
				continue;
			}
			if (k->kind != DOC_SCALAR || strcmp(k->u.scalar.str, v->pairs[j].key) != 0 ||
			    !value_is(k->next, &v->pairs[j].val))
				return false;
			k = k->next->next;
		}
		return true;
	}
	if (!n || n->kind != DOC_SCALAR)
		return false;
	long long i;
	bool b;
	switch (v->kind) {
	case EDIT_MAP: case EDIT_SEQ:
		return false;
	case EDIT_NULL:
		return n->style == DOC_PLAIN && doc_is_null(n);
	case EDIT_INT:
		return n->style == DOC_PLAIN && doc_int(n, &i) == DOC_OK && i == v->i;
	case EDIT_BOOL:
		return n->style == DOC_PLAIN && doc_bool(n, &b) == DOC_OK && b == v->b;
	case EDIT_STR:
		if (n->u.scalar.len != v->len || memcmp(n->u.scalar.str, v->str, v->len) != 0)
			return false;
		/* A plain scalar must not read as anything but a string. */
		return n->style != DOC_PLAIN ||
		       (!doc_is_null(n) && doc_bool(n, &b) != DOC_OK && doc_int(n, &i) != DOC_OK);
	}
	return false;
}

static int check_value(vctx *c, const doc_node *n, const edit_value *v, const doc_node *at)
{
	if (value_is(n, v))
		return 0;
	char got[64];
	return mismatch(c, at, "does not read back as the value written (reads %s)", doc_describe(n, got, sizeof got));
}

static int check_item(vctx *c, const doc_node *n, const edit_item *it, const doc_node *at)
{
	if (item_is_scalar(it))
		return check_value(c, n, &it->pairs[0].val, at);
	if (!n || n->kind != DOC_MAP || n->u.coll.count != 2 * it->n)
		return mismatch(c, at, "the appended item reads back as %s of %zu keys", kind_name(n), doc_len(n));
	const doc_node *k = n->u.coll.first;
	for (size_t j = 0; j < it->n; j++, k = k->next->next) {
		if (k->kind != DOC_SCALAR || strcmp(k->u.scalar.str, it->pairs[j].key) != 0)
			return mismatch(c, at, "the appended item's key %zu is not \"%s\"", j + 1, it->pairs[j].key);
		size_t old = path_push_key(c, k);
		int rc = check_value(c, k->next, &it->pairs[j].val, at);
		path_pop(c, old);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* o: the old value (a sequence, a null, or nothing); n: the new one, which
 * must be o's items followed by the appended ones. */
static int check_appended(vctx *c, const doc_node *o, const doc_node *n, const expect *e, const doc_node *at)
{
	size_t had = o && o->kind == DOC_SEQ ? o->u.coll.count : 0;
	if (!n || n->kind != DOC_SEQ)
		return mismatch(c, at, "should be a sequence, reads as %s", kind_name(n));
	if (n->u.coll.count != had + e->nitems)
		return mismatch(c, at, "should hold %zu items, holds %zu", had + e->nitems, n->u.coll.count);
	if (had && o->style != n->style)
		return mismatch(c, at, "the sequence changed between flow and block style");
	const doc_node *oi = had ? o->u.coll.first : NULL, *ni = n->u.coll.first;
	size_t idx = 0;
	for (; oi; oi = oi->next, ni = ni->next, idx++) {
		size_t old = path_push_index(c, idx);
		int rc = same(c, oi, ni);
		path_pop(c, old);
		if (rc < 0)
			return -1;
	}
	for (const edit_item *it = e->items; it; it = it->next, ni = ni->next, idx++) {
		size_t old = path_push_index(c, idx);
		int rc = check_item(c, ni, it, at);
		path_pop(c, old);
		if (rc < 0)
			return -1;
	}
	return 0;
}

static const expect *expect_for(const vctx *c, const doc_node *map, const doc_node *key)
{
	for (const expect *e = c->ed->exp; e; e = e->next)
		if (e->map == map && e->key == key)
			return e;
	return NULL;
}

static int check_expect(vctx *c, const expect *e, const doc_node *nv, const doc_node *at)
{
	if (e->op == EXP_SET)
		return check_value(c, nv, &e->v, at);
	if (e->op == EXP_SET_MAP)
		return check_item(c, nv, e->items, at);
	return check_appended(c, e->val, nv, e, at);
}

static int same_map(vctx *c, const doc_node *o, const doc_node *n)
{
	const doc_node *ok = o->u.coll.first, *nk = n->u.coll.first;
	for (; ok && ok->next; ok = ok->next->next, nk = nk ? doc_map_next(nk) : NULL) {
		if (!nk || !nk->next)
			return mismatch(c, ok, "a key disappeared");
		size_t old = path_push_key(c, ok);
		const expect *e = expect_for(c, o, ok);
		int rc = same(c, ok, nk);
		if (rc == 0)
			rc = e ? check_expect(c, e, nk->next, ok->next) : same(c, ok->next, nk->next);
		path_pop(c, old);
		if (rc < 0)
			return -1;
	}
	/* Added keys follow the old ones, in the order they were recorded. */
	for (const expect *e = c->ed->exp; e; e = e->next) {
		if (e->map != o || e->key)
			continue;
		size_t old = path_push_key(c, nk);
		int rc = 0;
		if (!nk || !nk->next || nk->kind != DOC_SCALAR || strcmp(nk->u.scalar.str, e->name) != 0)
			rc = mismatch(c, o, "key \"%s\" was not added at the end of the mapping", e->name);
		else
			rc = check_expect(c, e, nk->next, o);
		path_pop(c, old);
		if (rc < 0)
			return -1;
		nk = doc_map_next(nk);
	}
	if (nk)
		return mismatch(c, o, "an unexpected key \"%s\" appeared",
		                nk->kind == DOC_SCALAR ? nk->u.scalar.str : "?");
	return 0;
}

/* A sequence's items: the old ones, less those removed (edit_remove.c),
 * in order. */
static int same_items(vctx *c, const doc_node *o, const doc_node *n)
{
	bool removes = edit_remove_touches(c->ed, o);
	size_t want = o->u.coll.count;
	if (removes)
		for (const doc_node *oi = o->u.coll.first; oi; oi = oi->next)
			want -= edit_remove_is_removed(c->ed, oi);
	if (want != n->u.coll.count)
		return mismatch(c, o, "should hold %zu items, holds %zu", want, n->u.coll.count);
	size_t idx = 0;
	const doc_node *ni = n->u.coll.first;
	for (const doc_node *oi = o->u.coll.first; oi; oi = oi->next, idx++) {
		if (removes && edit_remove_is_removed(c->ed, oi))
			continue;
		size_t old = path_push_index(c, idx);
		int rc = same(c, oi, ni);
		path_pop(c, old);
		if (rc < 0)
			return -1;
		ni = ni->next;
	}
	return 0;
}

/* Does an edit lie inside o (its map, its old value, an item it removes)? */
static bool touched(const vctx *c, const doc_node *o)
{
	const editor *ed = c->ed;
	for (const expect *e = ed->exp; e; e = e->next) {
		const doc_node *at = e->map ? e->map : e->val;
		if (!at || (at->start >= o->start && at->start <= o->end))
			return true;
	}
	for (size_t i = 0; i < ed->nremoved; i++)
		if (ed->removed[i]->start >= o->start && ed->removed[i]->start <= o->end)
			return true;
	return ed->nraw > 0;
}

static int same(vctx *c, const doc_node *o, const doc_node *n)
{
	if (n && (n == o || ((o->kind == DOC_MAP || o->kind == DOC_SEQ) && n->kind == o->kind && n->style == o->style &&
	                     n->u.coll.first == o->u.coll.first && n->u.coll.last == o->u.coll.last &&
	                     n->u.coll.count == o->u.coll.count)) && !touched(c, o))
		return 0;   /* the very nodes, reused by a one-item re-parse (doc_patch.c) and no edit inside */
	if (!n || o->kind != n->kind)
		return mismatch(c, o, "%s became %s", kind_name(o), kind_name(n));
	if (o->kind == DOC_ALIAS)
		return same_alias(c, o, n);
	if (o->kind == DOC_SCALAR) {
		if (!same_scalar(o, n))
			return mismatch(c, o, "the value changed");
		return 0;
	}
	if (o->style != n->style)
		return mismatch(c, o, "changed between flow and block style");
	if (o->kind == DOC_MAP)
		return same_map(c, o, n);
	return same_items(c, o, n);
}

int edit_verify_result(editor *ed, const doc *nd)
{
	vctx c = { .ed = ed };
	const doc_node *o = ed->d->root, *n = nd->root;
	for (const expect *e = ed->exp; e; e = e->next)
		if (!e->map)
			return check_appended(&c, o, n, e, o);
	if (!o)
		return n ? mismatch(&c, NULL, "content appeared in an empty document") : 0;
	return same(&c, o, n);
}
