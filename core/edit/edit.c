/* edit.c — the editor's front: record intended changes (refusing bad ones at
 * once, with a position), then apply them all together: render, splice,
 * re-parse, verify. Rendering waits until apply so two appends to one
 * sequence, or two keys added to one mapping, are laid out knowing of each
 * other. */
#include "core/edit/edit_int.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

edit_value edit_strn(const char *s, size_t len)
{
	if (!s)
		return edit_null();
	return (edit_value){ .kind = EDIT_STR, .str = s, .len = len };
}
edit_value edit_str(const char *s) { return edit_strn(s, s ? strlen(s) : 0); }
edit_value edit_null(void) { return (edit_value){ .kind = EDIT_NULL }; }
edit_value edit_int(long long v) { return (edit_value){ .kind = EDIT_INT, .i = v }; }
edit_value edit_bool(bool v) { return (edit_value){ .kind = EDIT_BOOL, .b = v }; }
edit_value edit_map(const edit_pair *pairs, size_t n) { return (edit_value){ .kind = EDIT_MAP, .pairs = pairs, .n = n }; }
edit_value edit_seq(const edit_value *items, size_t n) { return (edit_value){ .kind = EDIT_SEQ, .items = items, .n = n }; }

int edit_fail(editor *ed, const doc_node *at, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	lw_error_set(ed->err, ed->d->path, at ? at->line : 0, at ? at->col : 0, "%s", msg);
	ed->failed = true;
	return -1;
}

/* JSON is recognised by its look: a flow root whose first key (or item) is
 * double-quoted. Such a file gets JSON text only, so it stays JSON. */
static bool detect_json(const doc *d)
{
	const doc_node *r = d->root;
	if (!r || r->style != DOC_FLOW || (r->kind != DOC_MAP && r->kind != DOC_SEQ))
		return false;
	const doc_node *f = r->u.coll.first;
	if (!f)
		return d->src[r->start] == '{' || d->src[r->start] == '[';
	if (f->kind == DOC_MAP && f->style == DOC_FLOW)
		f = f->u.coll.first;
	return f && f->kind == DOC_SCALAR && f->style == DOC_DOUBLE;
}

static bool detect_json_compact(const doc *d)
{
	const doc_node *k = doc_map_first(d->root);
	if (!k)
		return false;
	long c = edit_layout_colon_after(d->src, d->len, k);
	return c >= 0 && (size_t)c < d->len && !strchr(" \t\r\n", d->src[c]);
}

editor *edit_new(const doc *d, lw_error *err)
{
	if (d->posmap) {   /* a patched doc's nodes need doc_where; the editor reads spans raw */
		lw_error_set(err, d->path, 0, 0, "cannot edit a patched document: parse the file afresh");
		return NULL;
	}
	editor *ed = calloc(1, sizeof *ed);
	if (!ed) {
		lw_error_set(err, d->path, 0, 0, "out of memory");
		return NULL;
	}
	ed->d = d;
	ed->err = err;
	arena_init(&ed->mem);
	ed->json = detect_json(d);
	ed->json_compact = ed->json && detect_json_compact(d);
	ed->eol = edit_layout_eol(d->src, d->len);
	return ed;
}

void edit_free(editor *ed)
{
	if (!ed)
		return;
	arena_free(&ed->mem);
	free(ed);
}

bool edit_is_json(const editor *ed) { return ed->json; }

static bool full_verify;   /* edit_test_full_verify */

void edit_test_full_verify(bool on) { full_verify = on; }

void edit_verify_within(editor *ed, doc *d, const doc_node *seq)
{
	if (d == ed->d && !full_verify) {
		ed->within_doc = d;
		ed->within_seq = seq;
	}
}

/* The edited text's tree: one item parsed again when edit_verify_within
 * allows it and that is provably a full parse's tree, else a full parse. */
static int parse_edited(editor *ed, doc *nd, const char *buf, size_t len, lw_error *perr)
{
	size_t item;
	if (ed->within_seq && doc_reparse_item(nd, ed->within_doc, ed->within_seq, buf, len, &item) == 0)
		return 0;
	return doc_parse(nd, buf, len, ed->d->path, NULL, perr);
}

/* ---- recording ---- */

/* A deep copy into the arena: rendering happens at apply, after the
 * caller's arrays are gone. */
static int copy_value(editor *ed, const doc_node *at, edit_value *dst, const edit_value *src)
{
	*dst = *src;
	if (src->kind == EDIT_MAP) {
		edit_pair *p = arena_alloc(&ed->mem, (src->n ? src->n : 1) * sizeof *p);
		for (size_t i = 0; i < src->n; i++) {
			if (!src->pairs[i].key)
				return edit_fail(ed, at, "a nested mapping's key is missing");
			p[i].key = arena_strdup(&ed->mem, src->pairs[i].key);
			if (copy_value(ed, at, &p[i].val, &src->pairs[i].val) < 0)
				return -1;
		}
		dst->pairs = p;
		return 0;
	}
	if (src->kind == EDIT_SEQ) {
		edit_value *v = arena_alloc(&ed->mem, (src->n ? src->n : 1) * sizeof *v);
		for (size_t i = 0; i < src->n; i++)
			if (copy_value(ed, at, &v[i], &src->items[i]) < 0)
				return -1;
		dst->items = v;
		return 0;
	}
	if (src->kind != EDIT_STR)
		return 0;
	if (!edit_quote_utf8_ok(src->str, src->len))
		return edit_fail(ed, at, "value is not valid UTF-8 text");
	dst->str = arena_strndup(&ed->mem, src->str, src->len);
	return 0;
}

static int check_map(editor *ed, const doc_node **map)
{
	const doc_node *m = *map;
	if (ed->failed)
		return -1;
	if (!m)
		return edit_fail(ed, NULL, "no mapping to edit");
	if (m->kind == DOC_ALIAS)
		return edit_fail(ed, m, "the mapping to edit is an alias; edit its anchor instead");
	if (m->kind != DOC_MAP) {
		char what[64];
		return edit_fail(ed, m, "cannot edit a key of %s: not a mapping", doc_describe(m, what, sizeof what));
	}
	if (edit_layout_has_anchor(ed->d->src, ed->d->len, m))
		return edit_fail(ed, m, "the mapping carries an anchor: editing it would change its aliases too");
	return 0;
}

/* The pair for key: 0 found, 1 missing, -1 refused (an alias key). */
static int find_key(editor *ed, const doc_node *map, const char *key, const doc_node **k, const doc_node **v)
{
	size_t kl = strlen(key);
	for (const doc_node *p = map->u.coll.first; p && p->next; p = p->next->next) {
		const doc_node *kk = doc_deref(p);
		if (!kk || kk->kind != DOC_SCALAR || kk->u.scalar.len != kl || memcmp(kk->u.scalar.str, key, kl) != 0)
			continue;
		if (p->kind == DOC_ALIAS)
			return edit_fail(ed, p, "key \"%s\" is an alias: refusing to edit through it", key);
		*k = p;
		*v = p->next;
		return 0;
	}
	*k = *v = NULL;
	return 1;
}

static expect *find_expect(editor *ed, const doc_node *map, const char *key)
{
	for (expect *e = ed->exp; e; e = e->next)
		if (e->map == map && (!map || strcmp(e->name, key) == 0))
			return e;
	return NULL;
}

static expect *new_expect(editor *ed, expect_op op, const doc_node *map, const char *key)
{
	expect *e = arena_alloc(&ed->mem, sizeof *e);
	e->op = op;
	e->map = map;
	e->name = arena_strdup(&ed->mem, key ? key : "");
	e->seq = ed->nexp++;
	if (ed->exp_tail)
		ed->exp_tail->next = e;
	else
		ed->exp = e;
	ed->exp_tail = e;
	return e;
}

/* The checks every set shares; the new expect, or NULL (refused). */
static expect *new_set(editor *ed, expect_op op, const doc_node *map, const char *key)
{
	if (check_map(ed, &map) < 0)
		return NULL;
	if (!key || !*key) {
		edit_fail(ed, map, "empty key");
		return NULL;
	}
	const doc_node *k, *val;
	if (find_key(ed, map, key, &k, &val) < 0)
		return NULL;
	if (find_expect(ed, map, key)) {
		edit_fail(ed, k ? k : map, "key \"%s\" is edited twice in one change", key);
		return NULL;
	}
	if (val && val->kind != DOC_ALIAS && edit_layout_has_anchor(ed->d->src, ed->d->len, val)) {
		edit_fail(ed, val, "the value of \"%s\" carries an anchor: its aliases would change too", key);
		return NULL;
	}
	expect *e = new_expect(ed, op, map, key);
	e->key = k;
	e->val = val;
	return e;
}

int edit_set_scalar(editor *ed, const doc_node *map, const char *key, edit_value v)
{
	expect *e = new_set(ed, EXP_SET, map, key);
	return e ? copy_value(ed, e->key ? e->key : map, &e->v, &v) : -1;
}

static int add_item(editor *ed, expect *e, const doc_node *at, const edit_pair *item, size_t n);

int edit_set_map(editor *ed, const doc_node *map, const char *key, const edit_pair *pairs, size_t n)
{
	if (n == 0 || !pairs[0].key)
		return edit_fail(ed, map, "a mapping value needs at least one key");
	expect *e = new_set(ed, EXP_SET_MAP, map, key);
	return e ? add_item(ed, e, e->key ? e->key : map, pairs, n) : -1;
}

/* A scalar item is stored as one pair whose key is NULL. */
static int add_item(editor *ed, expect *e, const doc_node *at, const edit_pair *item, size_t n)
{
	if (!item || n == 0)
		return edit_fail(ed, at, "an appended item needs at least one key");
	edit_item *it = arena_alloc(&ed->mem, sizeof *it);
	it->pairs = arena_alloc(&ed->mem, n * sizeof *it->pairs);
	it->n = n;
	if (n == 1 && !item[0].key) {
		if (copy_value(ed, at, &it->pairs[0].val, &item[0].val) < 0)
			return -1;
		n = 0;   /* nothing more to copy */
	}
	for (size_t i = 0; i < n; i++) {
		if (!item[i].key || !*item[i].key)
			return edit_fail(ed, at, "an appended item has an empty key");
		for (size_t j = 0; j < i; j++)
			if (strcmp(item[i].key, item[j].key) == 0)
				return edit_fail(ed, at, "an appended item has key \"%s\" twice", item[i].key);
		it->pairs[i].key = arena_strdup(&ed->mem, item[i].key);
		if (copy_value(ed, at, &it->pairs[i].val, &item[i].val) < 0)
			return -1;
	}
	if (e->items_tail)
		e->items_tail->next = it;
	else
		e->items = it;
	e->items_tail = it;
	e->nitems++;
	return 0;
}

static bool null_scalar(const doc_node *v)
{
	return v->kind == DOC_SCALAR && doc_is_null(v);
}

int edit_append_scalar(editor *ed, const doc_node *map, const char *key, edit_value v)
{
	edit_pair one = { NULL, v };
	return edit_append_item(ed, map, key, &one, 1);
}

int edit_append_item(editor *ed, const doc_node *map, const char *key, const edit_pair *item, size_t n)
{
	if (check_map(ed, &map) < 0)
		return -1;
	if (!key || !*key)
		return edit_fail(ed, map, "empty key");
	const doc_node *k, *val;
	if (find_key(ed, map, key, &k, &val) < 0)
		return -1;
	if (val && !null_scalar(val) && val->kind != DOC_SEQ) {
		char what[64];
		return edit_fail(ed, val, "cannot append to \"%s\": it holds %s, not a sequence", key,
		                 doc_describe(val, what, sizeof what));
	}
	if (val && edit_layout_has_anchor(ed->d->src, ed->d->len, val))
		return edit_fail(ed, val, "the sequence \"%s\" carries an anchor: its aliases would change too", key);
	expect *e = find_expect(ed, map, key);
	if (e && e->op != EXP_APPEND)
		return edit_fail(ed, k ? k : map, "key \"%s\" is both set and appended to in one change", key);
	if (!e) {
		e = new_expect(ed, EXP_APPEND, map, key);
		e->key = k;
		e->val = val;
	}
	return add_item(ed, e, k ? k : map, item, n);
}

int edit_append_root_item(editor *ed, const edit_pair *item, size_t n)
{
	if (ed->failed)
		return -1;
	const doc_node *r = ed->d->root;
	if (r && r->kind != DOC_SEQ) {
		char what[64];
		return edit_fail(ed, r, "cannot append to the document: its root is %s, not a sequence",
		                 doc_describe(r, what, sizeof what));
	}
	if (r && edit_layout_has_anchor(ed->d->src, ed->d->len, r))
		return edit_fail(ed, r, "the root sequence carries an anchor");
	expect *e = find_expect(ed, NULL, NULL);
	if (!e) {
		e = new_expect(ed, EXP_APPEND, NULL, NULL);
		e->val = r;
	}
	return add_item(ed, e, r, item, n);
}

int edit_splice_raw(editor *ed, size_t start, size_t end, const char *text)
{
	if (ed->failed)
		return -1;
	if (start > end || end > ed->d->len)
		return edit_fail(ed, NULL, "splice [%zu, %zu) is outside the file", start, end);
	if (ed->nraw == ed->capraw) {
		size_t cap = ed->capraw ? ed->capraw * 2 : 4;
		splice *a = arena_alloc(&ed->mem, cap * sizeof *a);
		if (ed->nraw)
			memcpy(a, ed->raw, ed->nraw * sizeof *a);
		ed->raw = a;
		ed->capraw = cap;
	}
	splice *s = &ed->raw[ed->nraw++];
	memset(s, 0, sizeof *s);
	s->start = start;
	s->end = end;
	s->text = arena_strdup(&ed->mem, text ? text : "");
	s->len = strlen(s->text);
	s->seq = (size_t)-1 / 2 + ed->nraw;
	s->raw = true;
	return 0;
}

/* ---- applying ---- */

static int cmp_splice(const void *a, const void *b)
{
	const splice *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->phase != y->phase)
		return x->phase < y->phase ? -1 : 1;
	/* Insertions at one offset: the deeper one first, so it stays inside its
	 * own mapping instead of landing under the shallower one. */
	if (x->indent != y->indent)
		return x->indent > y->indent ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void position_of(const char *s, size_t off, unsigned *line, unsigned *col)
{
	unsigned l = 1;
	for (size_t i = 0; i < off; i++)
		if (s[i] == '\n')
			l++;
	*line = l;
	*col = edit_layout_col(s, off) + 1;
}

int edit_apply(editor *ed, char **out, size_t *out_len)
{
	*out = NULL;
	*out_len = 0;
	if (ed->failed)
		return -1;   /* the refused edit already said why */
	const doc *d = ed->d;
	size_t n = ed->nexp + ed->nraw;
	splice *sp = arena_alloc(&ed->mem, (n + ed->nremoved + 1) * sizeof *sp);
	size_t i = 0;
	for (const expect *e = ed->exp; e; e = e->next, i++)
		if (edit_render_expect(ed, e, &sp[i]) < 0)
			return -1;
	long removals = edit_remove_render(ed, &sp[n]);
	if (removals < 0)
		return -1;
	for (long r = 0; r < removals; r++)
		position_of(d->src, sp[n + (size_t)r].start, &sp[n + (size_t)r].line, &sp[n + (size_t)r].col);
	for (size_t r = 0; r < ed->nraw; r++, i++) {
		sp[i] = ed->raw[r];
		position_of(d->src, sp[i].start, &sp[i].line, &sp[i].col);
	}
	n += (size_t)removals;
	qsort(sp, n, sizeof *sp, cmp_splice);
	for (i = 1; i < n; i++)
		if (sp[i].start < sp[i - 1].end) {
			lw_error_set(ed->err, d->path, sp[i].line, sp[i].col,
			             "this edit overlaps another one (at line %u, column %u)", sp[i - 1].line, sp[i - 1].col);
			ed->failed = true;
			return -1;
		}

	strbuf b;
	strbuf_init(&b);
	size_t at = 0;
	for (i = 0; i < n; i++) {
		strbuf_add(&b, d->src + at, sp[i].start - at);
		strbuf_add(&b, sp[i].text, sp[i].len);
		at = sp[i].end;
	}
	strbuf_add(&b, d->src + at, d->len - at);

	doc nd;
	lw_error perr;
	lw_error_clear(&perr);
	if (parse_edited(ed, &nd, b.buf, b.len, &perr) < 0) {
		lw_error_set(ed->err, d->path, perr.line, perr.col,
		             "the edited text would not parse (position in the edited text): %s", perr.msg);
		ed->failed = true;
		doc_free(&nd);
		strbuf_free(&b);
		return -1;
	}
	int rc = edit_verify_result(ed, &nd);
	doc_free(&nd);
	if (rc < 0) {
		strbuf_free(&b);
		return -1;
	}
	*out = strbuf_detach(&b, out_len);
	return 0;
}
