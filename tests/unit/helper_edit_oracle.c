/* helper_edit_oracle.c — see helper_edit_oracle.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/helper_edit_oracle.h"
#include "tests/unit/helper_flatten.h"

/* Pieces of nasty values: YAML indicators, quotes, breaks of every kind,
 * controls, words that read as other types, Unicode. */
const char *const eo_nasty[] = {
	"a", "b", "Z", "0", "1", " ", "  ", ":", ": ", "#", " #", "'", "\"", "\\", "\n", "\n\n", "\t", "\r",
	"-", "- ", "?", ",", "[", "]", "{", "}", "&", "*", "!", "|", ">", "%", "@", "`", ".", "~",
	"é", "日本", "—", "😀", "\x01", "\x1b", "\x7f", "\xc2\x85", "\xe2\x80\xa8", "\xef\xbb\xbf",
	"\xe2\x80\xae", "null", "true", "yes", "no", "0x1F", "1.5", "2026-01-20T10:00:00Z", "---", "...",
	"<<", "key: value", "# comment", "a b", "IN: x", "\\n", "\\u0041", "$", "=",
};
const size_t eo_nasty_count = sizeof eo_nasty / sizeof *eo_nasty;

/* ---- candidates ---- */

static void add_cand(eo_cands *f, eo_kind k, const char *path, const doc_node *map, const char *key,
                     const doc_node *val)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 64;
		f->c = realloc(f->c, f->cap * sizeof *f->c);
		if (!f->c)
			abort();
	}
	eo_cand *c = &f->c[f->n++];
	c->kind = k;
	snprintf(c->path, sizeof c->path, "%s", path);
	c->map = map;
	c->key = key;
	c->val = val;
}

/* A key a path can name: no separator, no escape, no control byte. */
static bool simple_key(const char *k)
{
	for (; *k; k++)
		if (*k == '/' || *k == '\\' || (unsigned char)*k < 0x20 || *k == 0x7F)
			return false;
	return true;
}

static void collect(eo_cands *f, const doc *d, const doc_node *n, const char *path)
{
	char sub[200];
	if (n->kind == DOC_MAP) {
		if (d->src[n->start] != '&')
			add_cand(f, EO_MAP, path, n, NULL, NULL);
		for (const doc_node *k = n->u.coll.first; k && k->next; k = k->next->next) {
			if (k->kind != DOC_SCALAR || !simple_key(k->u.scalar.str) || strlen(k->u.scalar.str) != k->u.scalar.len)
				continue;
			const doc_node *v = k->next;
			if (snprintf(sub, sizeof sub, "%s/%s", path, k->u.scalar.str) >= (int)sizeof sub)
				continue;   /* too deep to name */
			if (v->kind == DOC_ALIAS || d->src[v->start] == '&')
				continue;
			add_cand(f, v->kind == DOC_SCALAR ? EO_SCALAR : EO_COLL, sub, n, k->u.scalar.str, v);
			if (v->kind == DOC_SEQ || (v->kind == DOC_SCALAR && doc_is_null(v)))
				add_cand(f, EO_SEQ, sub, n, k->u.scalar.str, v);
			collect(f, d, v, sub);
		}
	} else if (n->kind == DOC_SEQ) {
		size_t i = 0;
		for (const doc_node *c = n->u.coll.first; c; c = c->next, i++)
			if (snprintf(sub, sizeof sub, "%s/%zu", path, i) < (int)sizeof sub)
				collect(f, d, c, sub);
	}
}

void eo_collect(eo_cands *out, const doc *d)
{
	memset(out, 0, sizeof *out);
	if (d->root)
		collect(out, d, d->root, "");
}

void eo_cands_free(eo_cands *c)
{
	free(c->c);
	memset(c, 0, sizeof *c);
}

/* ---- plans ---- */

bool eo_related(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t n = la < lb ? la : lb;
	return strncmp(a, b, n) == 0 && (la == lb || (la < lb ? b[la] == '/' : a[lb] == '/'));
}

static bool is_append(eo_op op) { return op == EO_APPEND || op == EO_APPEND_SCALAR || op == EO_APPEND_ROOT; }

void eo_plan_target(eo_plan *p, eo_op op, const eo_cand *c, const doc *d, const char *key)
{
	p->op = op;
	p->c = c;
	p->had = 0;
	const doc_node *seq = op == EO_APPEND_ROOT ? d->root : c->val;
	if (is_append(op) && seq && seq->kind == DOC_SEQ)
		p->had = seq->u.coll.count;
	if (op == EO_APPEND_ROOT)
		p->path[0] = '\0';
	else if (op == EO_ADD) {
		snprintf(p->key, sizeof p->key, "%s", key);
		snprintf(p->path, sizeof p->path, "%s/%s", c->path, key);
	} else
		snprintf(p->path, sizeof p->path, "%s", c->path);
}

int eo_apply_plans(editor *ed, const eo_plan *p, size_t np)
{
	for (size_t i = 0; i < np; i++) {
		const eo_cand *c = p[i].c;
		int rc;
		switch (p[i].op) {
		case EO_SET: rc = edit_set_scalar(ed, c->map, c->key, p[i].v); break;
		case EO_ADD: rc = edit_set_scalar(ed, c->map, p[i].key, p[i].v); break;
		case EO_APPEND: rc = edit_append_item(ed, c->map, c->key, p[i].item, p[i].nitem); break;
		case EO_APPEND_SCALAR: rc = edit_append_scalar(ed, c->map, c->key, p[i].v); break;
		case EO_SET_MAP: rc = edit_set_map(ed, c->map, c->key, p[i].item, p[i].nitem); break;
		default: rc = edit_append_root_item(ed, p[i].item, p[i].nitem); break;
		}
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* ---- checking ---- */

static char *msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *msg(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = NULL;
	if (vasprintf(&s, fmt, ap) < 0)
		abort();
	va_end(ap);
	return s;
}

static const doc_node *walk(const doc_node *n, const char *path)
{
	char comp[200];
	while (n && *path == '/') {
		path++;
		size_t l = strcspn(path, "/");
		snprintf(comp, sizeof comp, "%.*s", (int)l, path);
		path += l;
		n = doc_deref(n);
		if (n->kind == DOC_SEQ) {
			size_t idx = (size_t)strtoul(comp, NULL, 10);
			const doc_node *i = n->u.coll.first;
			while (i && idx--)
				i = i->next;
			n = i;
		} else {
			n = doc_get(n, comp);
		}
	}
	return n;
}

/* A scalar reads as the value: the same type and text. A string written
 * plain must not read as a null, a bool or a number. A mapping or a
 * sequence reads as its keys and items, in order, each read the same way. */
static bool reads_as(const doc_node *n, const edit_value *v)
{
	long long i;
	bool b;
	if (n && (v->kind == EDIT_MAP || v->kind == EDIT_SEQ)) {
		bool map = v->kind == EDIT_MAP;
		if (n->kind != (map ? DOC_MAP : DOC_SEQ) || n->u.coll.count != (map ? 2 : 1) * v->n)
			return false;
		const doc_node *c = n->u.coll.first;
		for (size_t k = 0; k < v->n; k++, c = c->next) {
			if (map) {
				const char *key = v->pairs[k].key;
				if (c->kind != DOC_SCALAR || strcmp(c->u.scalar.str, key) != 0)
					return false;
				c = c->next;
			}
			if (!reads_as(c, map ? &v->pairs[k].val : &v->items[k]))
				return false;
		}
		return true;
	}
	if (!n || n->kind != DOC_SCALAR)
		return false;
	switch (v->kind) {
	case EDIT_NULL: return doc_is_null(n);
	case EDIT_INT: return doc_int(n, &i) == DOC_OK && i == v->i && n->style == DOC_PLAIN;
	case EDIT_BOOL: return doc_bool(n, &b) == DOC_OK && b == v->b;
	case EDIT_MAP: case EDIT_SEQ: return false;   /* handled above */
	case EDIT_STR:
		return n->u.scalar.len == v->len && memcmp(n->u.scalar.str, v->str, v->len) == 0 &&
		       (n->style != DOC_PLAIN || (!doc_is_null(n) && doc_bool(n, &b) != DOC_OK && doc_int(n, &i) != DOC_OK));
	}
	return false;
}

/* JSON stays JSON: strings (keys too) double-quoted, everything else a
 * JSON word, collections in flow style. */
static bool json_ok(const doc_node *n)
{
	long long i;
	bool b;
	if (n && (n->kind == DOC_MAP || n->kind == DOC_SEQ)) {
		if (n->style != DOC_FLOW)
			return false;
		bool key = n->kind == DOC_MAP;
		for (const doc_node *c = n->u.coll.first; c; c = c->next, key = n->kind == DOC_MAP && !key)
			if (key ? c->kind != DOC_SCALAR || c->style != DOC_DOUBLE : !json_ok(c))
				return false;
		return true;
	}
	return n && n->kind == DOC_SCALAR &&
	       (n->style == DOC_DOUBLE ||
	        (n->style == DOC_PLAIN && (strcmp(n->u.scalar.str, "null") == 0 || doc_bool(n, &b) == DOC_OK ||
	                                   doc_int(n, &i) == DOC_OK)));
}

/* Is this flattened line's node one a plan was allowed to change? */
static bool edited(const char *line, const eo_plan *p, size_t np, bool new_side)
{
	size_t pl = strcspn(line, "\t");
	for (size_t i = 0; i < np; i++) {
		size_t l = strlen(p[i].path);
		if (pl == l && strncmp(line, p[i].path, l) == 0)
			return true;
		/* A mapping that gains a key has one more pair. */
		if (p[i].op == EO_ADD) {
			size_t ml = strlen(p[i].c->path);
			if (pl == ml && strncmp(line, p[i].c->path, ml) == 0)
				return true;
		}
		if (pl > l && strncmp(line, p[i].path, l) == 0 && line[l] == '/') {
			if (!is_append(p[i].op))
				return true;
			/* Old items of an appended sequence must stay; new ones are checked apart. */
			if (new_side && (size_t)strtoul(line + l + 1, NULL, 10) >= p[i].had)
				return true;
		}
	}
	return false;
}

static char **split_lines(char *s, size_t *n)
{
	size_t cap = 256;
	char **v = malloc(cap * sizeof *v);
	*n = 0;
	for (char *save = NULL, *l = strtok_r(s, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (*n == cap)
			v = realloc(v, (cap *= 2) * sizeof *v);
		v[(*n)++] = l;
	}
	return v;
}

static char *check_unchanged(const doc_node *oldr, const doc_node *newr, const eo_plan *p, size_t np)
{
	strbuf a, b;
	strbuf_init(&a);
	strbuf_init(&b);
	te_flatten(oldr, &a);
	te_flatten(newr, &b);
	size_t na, nb;
	char **la = split_lines(a.buf ? a.buf : (char[]){ 0 }, &na), **lb = split_lines(b.buf ? b.buf : (char[]){ 0 }, &nb);
	size_t i = 0, j = 0;
	char *bad = NULL;
	for (;;) {
		while (i < na && edited(la[i], p, np, false))
			i++;
		while (j < nb && edited(lb[j], p, np, true))
			j++;
		if (i == na || j == nb)
			break;
		if (strcmp(la[i], lb[j]) != 0) {
			bad = msg("node changed: \"%s\" became \"%s\"", la[i], lb[j]);
			break;
		}
		i++, j++;
	}
	if (!bad && (i != na || j != nb))
		bad = msg("node %s: \"%s\"", i != na ? "lost" : "appeared", i != na ? la[i] : lb[j]);
	free(la);
	free(lb);
	strbuf_free(&a);
	strbuf_free(&b);
	return bad;
}

static char *check_plan(const doc_node *newr, const eo_plan *p, bool json)
{
	const doc_node *n = walk(newr, p->path);
	if (p->op == EO_SET || p->op == EO_ADD) {
		if (!reads_as(n, &p->v))
			return msg("%s does not read back as written", p->path);
		if (json && !json_ok(n))
			return msg("%s is not written as JSON", p->path);
		return NULL;
	}
	n = doc_deref(n);
	const doc_node *it;
	if (p->op == EO_SET_MAP) {
		it = n;
		if (!it || it->kind != DOC_MAP)
			return msg("%s is not the mapping written", p->path);
	} else {
		if (!n || n->kind != DOC_SEQ || n->u.coll.count != p->had + 1)
			return msg("%s is not the sequence with one more item", p->path);
		it = n->u.coll.last;
	}
	if (p->op == EO_APPEND_SCALAR) {
		if (!reads_as(it, &p->v) || (json && !json_ok(it)))
			return msg("%s: the appended scalar does not read back", p->path);
		return NULL;
	}
	if (doc_len(it) != p->nitem)
		return msg("%s: the appended item has %zu keys, not %zu", p->path, doc_len(it), p->nitem);
	for (size_t j = 0; j < p->nitem; j++)
		if (!reads_as(doc_get(it, p->item[j].key), &p->item[j].val) ||
		    (json && !json_ok(doc_get(it, p->item[j].key))))
			return msg("%s: item key %s does not read back", p->path, p->item[j].key);
	return NULL;
}

char *eo_check(const doc_node *old_root, const doc_node *new_root, const eo_plan *p, size_t np, bool json)
{
	for (size_t i = 0; i < np; i++) {
		char *bad = check_plan(new_root, &p[i], json);
		if (bad)
			return bad;
	}
	return check_unchanged(old_root, new_root, p, np);
}
