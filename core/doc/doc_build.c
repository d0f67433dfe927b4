/* doc_build.c — see doc_build.h. */
#include "core/doc/doc_build.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static doc_node *node(arena *a, doc_kind kind)
{
	doc_node *n = arena_alloc(a, sizeof *n);
	n->kind = (uint8_t)kind;
	n->style = kind == DOC_SCALAR ? DOC_PLAIN : DOC_BLOCK;
	return n;
}

/* Depth is bounded by the parser's limits already; the bound here only
 * keeps a hand-built cycle from recursing forever. */
static doc_node *clone_at(arena *a, const doc_node *n, unsigned depth)
{
	n = doc_deref(n);
	if (!n || depth > 512)
		return NULL;
	doc_node *c = arena_alloc(a, sizeof *c);
	*c = *n;
	c->next = NULL;
	if (n->kind == DOC_SCALAR) {
		c->u.scalar.str = arena_strndup(a, n->u.scalar.str, n->u.scalar.len);
		return c;
	}
	c->u.coll.first = c->u.coll.last = NULL;
	c->u.coll.count = 0;
	for (const doc_node *i = n->u.coll.first; i; i = i->next) {
		doc_node *k = clone_at(a, i, depth + 1);
		if (k)
			doc_coll_append(c, k);
	}
	return c;
}

doc_node *doc_clone(arena *a, const doc_node *n) { return clone_at(a, n, 0); }

doc_node *doc_new_map(arena *a) { return node(a, DOC_MAP); }
doc_node *doc_new_seq(arena *a) { return node(a, DOC_SEQ); }

doc_node *doc_new_str(arena *a, const char *s)
{
	doc_node *n = node(a, DOC_SCALAR);
	s = s ? s : "";
	n->u.scalar.len = strlen(s);
	n->u.scalar.str = arena_strndup(a, s, n->u.scalar.len);
	/* Quoted style: a built string is text, never read back as null/bool. */
	n->style = DOC_DOUBLE;
	return n;
}

doc_node *doc_new_strf(arena *a, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return doc_new_str(a, buf);
}

static doc_node *shallow(arena *a, const doc_node *n)
{
	doc_node *c = arena_alloc(a, sizeof *c);
	*c = *doc_deref(n);
	c->next = NULL;
	return c;
}

void doc_map_put(arena *a, doc_node *map, const char *key, const doc_node *val)
{
	if (!val || !map || map->kind != DOC_MAP)
		return;
	doc_node *k = doc_new_str(a, key);
	k->style = DOC_PLAIN;
	doc_coll_append(map, k);
	doc_coll_append(map, shallow(a, val));
}

void doc_seq_push(arena *a, doc_node *seq, const doc_node *item)
{
	if (!item || !seq || seq->kind != DOC_SEQ)
		return;
	doc_coll_append(seq, shallow(a, item));
}
