/* edit_render.c — turn one intended change into one splice whose text
 * matches its surroundings: the file's line end, the indentation of sibling
 * keys and items, flow or block style, JSON when the file is JSON.
 *
 * Where new lines go: after the last line of a block mapping's or sequence's
 * last value, so trailing comments and blank lines that introduce the next
 * item stay with that item. In flow collections: right after the last
 * value, before whatever separates it from the closing bracket. */
#include "core/edit/edit_int.h"
#include <string.h>

typedef struct rctx {
	editor *ed;
	const char *s;
	size_t len;
	const char *eol;
	strbuf b;
} rctx;

static void spaces(strbuf *b, unsigned n)
{
	while (n--)
		strbuf_addc(b, ' ');
}

static const char *kv_default(const rctx *r) { return r->ed->json_compact ? ":" : ": "; }
static const char *sep_default(const rctx *r) { return r->ed->json_compact ? "," : ", "; }

static int finish(rctx *r, splice *out, const expect *e, size_t start, size_t end, int phase,
                  unsigned indent, const doc_node *at)
{
	out->start = start;
	out->end = end;
	out->phase = phase;
	out->indent = indent;
	out->seq = e->seq;
	out->text = arena_strndup(&r->ed->mem, r->b.buf ? r->b.buf : "", r->b.len);
	out->len = r->b.len;
	out->line = at ? at->line : 1;
	out->col = at ? at->col : 1;
	out->raw = false;
	strbuf_free(&r->b);
	return 0;
}

static int fail(rctx *r, const doc_node *at, const char *what)
{
	strbuf_free(&r->b);
	return edit_fail(r->ed, at, "%s", what);
}

/* True when the block scalar keeps its trailing blank lines ("|+", ">+"). */
static bool keeps_trailing(const char *s, const doc_node *n)
{
	if (n->kind != DOC_SCALAR || (n->style != DOC_LITERAL && n->style != DOC_FOLDED))
		return false;
	size_t i = n->start;
	while (i < n->end && s[i] != '|' && s[i] != '>')
		i++;
	for (; i < n->end && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' && s[i] != '#'; i++)
		if (s[i] == '+')
			return true;
	return false;
}

/* Where a new line goes after block node n: past the line its last token
 * ends on; after a "keep" block scalar, past its blank lines (they are its
 * content). */
static size_t insert_point(const rctx *r, const doc_node *n)
{
	const doc_node *last = n;
	while ((last->kind == DOC_MAP || last->kind == DOC_SEQ) && last->style == DOC_BLOCK && last->u.coll.last)
		last = last->u.coll.last;
	if (keeps_trailing(r->s, last)) {
		size_t e = last->end;
		while (e > last->start && r->s[e - 1] != '\n' && r->s[e - 1] != '\r')
			e--;
		return e;
	}
	return edit_layout_after_line(r->s, r->len, edit_layout_content_end(r->s, n));
}

static bool ends_in_break(const rctx *r)
{
	return r->len && (r->s[r->len - 1] == '\n' || r->s[r->len - 1] == '\r');
}

static bool no_break_at_eof(const rctx *r, size_t p)
{
	return p == r->len && !ends_in_break(r);
}

/* The separator between two neighbours a and b in a flow collection, as the
 * file writes it, when it is just a comma and blanks. */
static const char *flow_between(rctx *r, size_t a, size_t b, const char *dflt, char must)
{
	if (a > b || b - a > 8)
		return dflt;
	int seen = 0;
	for (size_t i = a; i < b; i++) {
		if (r->s[i] == must)
			seen++;
		else if (r->s[i] != ' ' && r->s[i] != '\t')
			return dflt;
	}
	return seen == 1 ? arena_strndup(&r->ed->mem, r->s + a, b - a) : dflt;
}

/* ---- values ---- */

static void hint_from(quote_ctx *q, const doc_node *v)
{
	if (v && v->kind == DOC_SCALAR && !doc_is_null(v)) {
		q->has_hint = true;
		q->hint = v->style;
	}
}

/* The style the sequence's latest item uses for this key, so a new item
 * quotes its values as the old ones do. */
static void item_hint(quote_ctx *q, const doc_node *seq, const char *key)
{
	for (const doc_node *i = doc_seq_first(seq); i; i = i->next)
		hint_from(q, doc_get(i, key));
}

static int value_text(rctx *r, const edit_value *v, quote_ctx *q, const doc_node *at)
{
	q->json = r->ed->json;
	q->eol = r->eol;
	if (edit_quote_value(&r->b, v, q) < 0)
		return fail(r, at, "value is not valid UTF-8 text");
	return 0;
}

static int flow_item(rctx *r, const edit_item *it, const doc_node *seq, const char *pad, const doc_node *at)
{
	if (item_is_scalar(it)) {
		quote_ctx q = { .flow = true };
		return value_text(r, &it->pairs[0].val, &q, at);
	}
	strbuf_addc(&r->b, '{');
	strbuf_adds(&r->b, pad);
	for (size_t j = 0; j < it->n; j++) {
		if (j)
			strbuf_adds(&r->b, sep_default(r));
		edit_quote_key(&r->b, it->pairs[j].key, r->ed->json, true);
		strbuf_adds(&r->b, kv_default(r));
		quote_ctx q = { .flow = true };
		if (!r->ed->json)
			item_hint(&q, seq, it->pairs[j].key);
		if (value_text(r, &it->pairs[j].val, &q, at) < 0)
			return -1;
	}
	strbuf_adds(&r->b, pad);
	strbuf_addc(&r->b, '}');
	return 0;
}

static int flow_items(rctx *r, const expect *e, const char *sep, const doc_node *seq, const char *pad,
                      const doc_node *at)
{
	for (const edit_item *it = e->items; it; it = it->next) {
		if (it != e->items)
			strbuf_adds(&r->b, sep);
		if (flow_item(r, it, seq, pad, at) < 0)
			return -1;
	}
	return 0;
}

/* Items as lines of a block sequence: "- k: v" at column dash, further keys
 * at dash + off. followed says a line break comes after the text, which a
 * literal block as the very last value needs. */
static int block_items(rctx *r, const expect *e, unsigned dash, unsigned off, const doc_node *seq,
                       const char *flow_pad, bool followed, const doc_node *at)
{
	for (const edit_item *it = e->items; it; it = it->next) {
		if (it != e->items)
			strbuf_adds(&r->b, r->eol);
		spaces(&r->b, dash);
		strbuf_addc(&r->b, '-');
		if (flow_pad || item_is_scalar(it)) {
			strbuf_addc(&r->b, ' ');
			if (item_is_scalar(it)) {
				quote_ctx q = { .literal_ok = followed || it->next, .literal_indent = dash + 2 };
				if (value_text(r, &it->pairs[0].val, &q, at) < 0)
					return -1;
			} else if (flow_item(r, it, seq, flow_pad, at) < 0) {
				return -1;
			}
			continue;
		}
		spaces(&r->b, off - 1);
		for (size_t j = 0; j < it->n; j++) {
			if (j) {
				strbuf_adds(&r->b, r->eol);
				spaces(&r->b, dash + off);
			}
			edit_quote_key(&r->b, it->pairs[j].key, false, false);
			strbuf_adds(&r->b, ": ");
			quote_ctx q = { .literal_ok = followed || it->next || j + 1 < it->n,
			                .literal_indent = dash + off + 2 };
			item_hint(&q, seq, it->pairs[j].key);
			if (value_text(r, &it->pairs[j].val, &q, at) < 0)
				return -1;
		}
	}
	return 0;
}

/* ---- adding a key ---- */

/* The value part of a new pair: " value" / a block sequence on the next
 * lines (block), or "value" / "[...]" (flow). */
static int new_value(rctx *r, const expect *e, bool flow, unsigned key_col, bool followed)
{
	if (e->op == EXP_SET_MAP) {
		if (!flow)
			strbuf_addc(&r->b, ' ');
		return flow_item(r, e->items, NULL, "", e->map);
	}
	if (e->op == EXP_SET) {
		if (!flow)
			strbuf_addc(&r->b, ' ');
		quote_ctx q = { .flow = flow, .literal_ok = !flow && followed, .literal_indent = key_col + 2 };
		return value_text(r, &e->v, &q, e->map);
	}
	if (flow) {
		strbuf_addc(&r->b, '[');
		if (flow_items(r, e, sep_default(r), NULL, "", e->map) < 0)
			return -1;
		strbuf_addc(&r->b, ']');
		return 0;
	}
	edit_layout_prefs(r->ed);
	strbuf_adds(&r->b, r->eol);
	return block_items(r, e, key_col + r->ed->seq_indent, r->ed->item_offset, NULL, NULL, followed, e->map);
}

static int block_add_pair(rctx *r, const expect *e, splice *out)
{
	const doc_node *m = e->map;
	if (!m->u.coll.first)
		return fail(r, m, "cannot add a key to an empty block mapping");
	unsigned indent = edit_layout_col(r->s, m->u.coll.first->start);
	size_t p = insert_point(r, m);
	bool nobreak = no_break_at_eof(r, p);
	if (nobreak)
		strbuf_adds(&r->b, r->eol);
	spaces(&r->b, indent);
	edit_quote_key(&r->b, e->name, false, false);
	strbuf_addc(&r->b, ':');
	if (new_value(r, e, false, indent, !nobreak) < 0)
		return -1;
	if (!nobreak)
		strbuf_adds(&r->b, r->eol);
	return finish(r, out, e, p, p, 1, indent, m);
}

static int flow_add_pair(rctx *r, const expect *e, splice *out)
{
	const doc_node *m = e->map;
	size_t p;
	const char *kv = kv_default(r);
	if (!m->u.coll.first) {
		if (r->s[m->start] != '{')
			return fail(r, m, "cannot find the '{' of this mapping");
		p = m->start + 1;
		/* Keys added before this one went to the same spot: separate. */
		for (const expect *o = r->ed->exp; o && o != e; o = o->next)
			if (o->map == m && !o->key) {
				strbuf_adds(&r->b, sep_default(r));
				break;
			}
	} else {
		const doc_node *fk = m->u.coll.first, *lk = fk;
		while (lk->next && lk->next->next)
			lk = lk->next->next;
		const doc_node *lv = lk->next;
		p = lv->end;
		if (lv->end > lv->start)
			kv = flow_between(r, lk->end, lv->start, kv, ':');
		if (fk->line != m->line) {   /* one pair a line (pretty JSON) */
			strbuf_addc(&r->b, ',');
			strbuf_adds(&r->b, r->eol);
			spaces(&r->b, edit_layout_col(r->s, lk->start));
		} else {
			const char *sep = sep_default(r);
			if (fk->next->next)
				sep = flow_between(r, fk->next->end, fk->next->next->start, sep, ',');
			strbuf_adds(&r->b, sep);
		}
	}
	edit_quote_key(&r->b, e->name, r->ed->json, true);
	strbuf_adds(&r->b, kv);
	if (new_value(r, e, true, 0, false) < 0)
		return -1;
	return finish(r, out, e, p, p, 1, 0, m);
}

/* ---- replacing a value ---- */

static int render_set(rctx *r, const expect *e, splice *out)
{
	const doc_node *v = e->val;
	bool flow = e->map->style == DOC_FLOW;
	unsigned key_col = edit_layout_col(r->s, e->key->start);
	quote_ctx q = { .flow = flow };
	size_t a, z;
	const char *lead = "";
	if (v->kind == DOC_SCALAR && v->end > v->start) {
		a = v->start;
		z = edit_layout_content_end(r->s, v);
		hint_from(&q, v);
	} else if (v->kind == DOC_SCALAR || (v->kind != DOC_ALIAS && v->style == DOC_BLOCK)) {
		/* An empty value or a block collection: write from the ':' on, so
		 * the new scalar sits on the key's line. */
		long c = edit_layout_colon_after(r->s, r->len, e->key);
		if (c < 0)
			return fail(r, e->key, "cannot find the ':' after this key");
		a = (size_t)c;
		z = v->kind == DOC_SCALAR ? a : edit_layout_content_end(r->s, v);
		lead = " ";
	} else {
		a = v->start;
		z = v->end;
	}
	q.literal_ok = !flow && z < r->len && edit_layout_rest_blank(r->s, r->len, z);
	q.literal_indent = key_col + 2;
	if (v->kind == DOC_SCALAR && (v->style == DOC_LITERAL || v->style == DOC_FOLDED)) {
		unsigned li = edit_layout_literal_indent(r->s, r->len, v);
		if (li > key_col)
			q.literal_indent = li;
	}
	strbuf_adds(&r->b, lead);
	if (e->op == EXP_SET_MAP ? flow_item(r, e->items, NULL, "", v) < 0 : value_text(r, &e->v, &q, v) < 0)
		return -1;
	return finish(r, out, e, a, z, 0, 0, v);
}

/* ---- appending ---- */

static const char *flow_pad_of(const rctx *r, const doc_node *item)
{
	return item && item->kind == DOC_MAP && item->style == DOC_FLOW && item->end > item->start + 1 &&
	       r->s[item->start + 1] == ' ' ? " " : "";
}

static int flow_seq_append(rctx *r, const expect *e, const doc_node *seq, splice *out)
{
	const doc_node *first = seq->u.coll.first, *last = seq->u.coll.last;
	const char *pad = flow_pad_of(r, last);
	const char *sep = sep_default(r);
	size_t p;
	if (!first) {
		if (r->s[seq->start] != '[')
			return fail(r, seq, "cannot find the '[' of this sequence");
		p = seq->start + 1;
	} else {
		p = last->end;
		if (first->line != seq->line) {   /* one item a line */
			strbuf_addc(&r->b, ',');
			strbuf_adds(&r->b, r->eol);
			spaces(&r->b, edit_layout_col(r->s, last->start));
			sep = arena_strndup(&r->ed->mem, r->b.buf, r->b.len);
		} else {
			if (first->next)
				sep = flow_between(r, first->end, first->next->start, sep, ',');
			strbuf_adds(&r->b, sep);
		}
	}
	if (flow_items(r, e, sep, seq, pad, seq) < 0)
		return -1;
	return finish(r, out, e, p, p, 1, 0, seq);
}

/* After the last line of a block sequence (or, for the root, at the end of
 * the file, where `cat >>` would put it). */
static int block_seq_append(rctx *r, const expect *e, const doc_node *seq, size_t p, splice *out)
{
	const doc_node *first = seq->u.coll.first, *last = seq->u.coll.last;
	if (!first)
		return fail(r, seq, "cannot append to an empty block sequence");
	long dash = edit_layout_dash_col(r->s, first);
	if (dash < 0)
		return fail(r, first, "cannot find the '-' of this sequence's first item");
	edit_layout_prefs(r->ed);
	unsigned off = r->ed->item_offset;
	if (first->kind == DOC_MAP && first->style == DOC_BLOCK && first->u.coll.first) {
		long kc = (long)edit_layout_col(r->s, first->u.coll.first->start);
		if (kc >= dash + 2)
			off = (unsigned)(kc - dash);
	}
	bool flow = last->kind == DOC_MAP && last->style == DOC_FLOW;
	bool nobreak = no_break_at_eof(r, p);
	if (nobreak)
		strbuf_adds(&r->b, r->eol);
	if (block_items(r, e, (unsigned)dash, off, seq, flow ? flow_pad_of(r, last) : NULL, !nobreak, seq) < 0)
		return -1;
	if (!nobreak)
		strbuf_adds(&r->b, r->eol);
	return finish(r, out, e, p, p, 1, (unsigned)dash, seq);
}

/* A null (or empty) value becomes the sequence: block lines when nothing
 * but blanks follows it on its line, else an inline flow sequence so a
 * trailing comment stays where it is. */
static int null_to_seq(rctx *r, const expect *e, splice *out)
{
	const doc_node *v = e->val;
	bool empty = v->end == v->start;
	size_t a = v->start, z = v->end;
	if (e->map->style == DOC_BLOCK && edit_layout_rest_blank(r->s, r->len, z)) {
		long c = edit_layout_colon_after(r->s, r->len, e->key);
		if (c < 0)
			return fail(r, e->key, "cannot find the ':' after this key");
		edit_layout_prefs(r->ed);
		unsigned key_col = edit_layout_col(r->s, e->key->start);
		strbuf_adds(&r->b, r->eol);
		if (block_items(r, e, key_col + r->ed->seq_indent, r->ed->item_offset, NULL, NULL, z < r->len, v) < 0)
			return -1;
		return finish(r, out, e, (size_t)c, z, 0, 0, v);   /* from the ':' on: no blank after it */
	}
	if (empty)
		strbuf_addc(&r->b, ' ');
	strbuf_addc(&r->b, '[');
	if (flow_items(r, e, sep_default(r), NULL, "", v) < 0)
		return -1;
	strbuf_addc(&r->b, ']');
	return finish(r, out, e, a, z, 0, 0, v);
}

static int render_append(rctx *r, const expect *e, splice *out)
{
	const doc_node *v = e->val;
	if (!e->map) {   /* the root */
		if (!v) {
			edit_layout_prefs(r->ed);
			bool nobreak = r->len && !ends_in_break(r);
			if (nobreak)
				strbuf_adds(&r->b, r->eol);
			if (block_items(r, e, 0, r->ed->item_offset, NULL, NULL, true, NULL) < 0)
				return -1;
			strbuf_adds(&r->b, r->eol);
			return finish(r, out, e, r->len, r->len, 1, 0, NULL);
		}
		return v->style == DOC_FLOW ? flow_seq_append(r, e, v, out) : block_seq_append(r, e, v, r->len, out);
	}
	if (!v)
		return e->map->style == DOC_FLOW ? flow_add_pair(r, e, out) : block_add_pair(r, e, out);
	if (v->kind == DOC_SCALAR)
		return null_to_seq(r, e, out);
	if (v->style == DOC_FLOW)
		return flow_seq_append(r, e, v, out);
	return block_seq_append(r, e, v, insert_point(r, v), out);
}

int edit_render_expect(editor *ed, const expect *e, splice *out)
{
	rctx r = { .ed = ed, .s = ed->d->src, .len = ed->d->len, .eol = ed->eol };
	strbuf_init(&r.b);
	if (e->op == EXP_APPEND)
		return render_append(&r, e, out);
	if (!e->key)
		return e->map->style == DOC_FLOW ? flow_add_pair(&r, e, out) : block_add_pair(&r, e, out);
	return render_set(&r, e, out);
}
