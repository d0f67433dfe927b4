/* doc.c — build the node tree from libyaml events.
 *
 * libyaml marks count characters, not bytes; the editor needs bytes. Marks
 * arrive in nearly increasing order, so a cursor that walks the UTF-8 text
 * forward (and, rarely, back) converts each one in amortised O(1). Pure-ASCII
 * input, the common case, skips the walk entirely. */
#include "core/doc.h"
#include "core/doc_json.h"
#include "core/doc_shared.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

const doc_limits doc_default_limits = {
	.max_bytes = 64u * 1024u * 1024u,
	.max_depth = 256,
	.max_nodes = 8u * 1024u * 1024u,
	.max_alias_nodes = 100000,
};

/* ---- character position -> byte offset ----
 * Pure ASCII input (the common case): libyaml's index is the byte offset.
 * Otherwise a table of line starts, built in one pass, turns (line, column)
 * into a byte offset; only columns on lines holding non-ASCII text need a
 * walk, and that walk is bounded by the line. Line breaks are counted the way
 * libyaml counts them: CR LF, CR, LF, NEL, LS and PS. */
typedef struct span_conv {
	const unsigned char *buf;
	size_t len;
	size_t base;        /* bytes before buf in the source: a skipped BOM */
	bool ascii;
	uint32_t *line_start;     /* byte offset of each line */
	unsigned char *line_ascii; /* 1 when that line is pure ASCII */
	size_t nlines;
	const json_fix *fix;      /* the text was rewritten (doc_json.c): map offsets back */
} span_conv;

static size_t break_len(const unsigned char *b, size_t i, size_t len)
{
	unsigned char c = b[i];
	if (c == '\n')
		return 1;
	if (c == '\r')
		return i + 1 < len && b[i + 1] == '\n' ? 2 : 1;
	if (c == 0xC2 && i + 1 < len && b[i + 1] == 0x85)
		return 2;
	if (c == 0xE2 && i + 2 < len && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9))
		return 3;
	return 0;
}

/* Any byte >= 0x80 in [p, p + n)? Eight at a time: the parse of a large
 * state is dominated by libyaml, and this scan should not add to it. */
static bool has_high_byte(const unsigned char *p, size_t n)
{
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, 8);
		if (w & 0x8080808080808080ULL)
			return true;
	}
	for (; i < n; i++)
		if (p[i] & 0x80)
			return true;
	return false;
}

static int add_line(span_conv *c, size_t *cap, size_t start, bool ascii)
{
	if (c->nlines == *cap) {
		*cap *= 2;
		uint32_t *ls = realloc(c->line_start, *cap * sizeof *ls);
		if (!ls)
			return -1;
		c->line_start = ls;
		unsigned char *la = realloc(c->line_ascii, *cap);
		if (!la)
			return -1;
		c->line_ascii = la;
	}
	c->line_start[c->nlines] = (uint32_t)start;
	c->line_ascii[c->nlines] = ascii;
	c->nlines++;
	return 0;
}

static int conv_init(span_conv *c, const char *buf, size_t len, size_t base)
{
	memset(c, 0, sizeof *c);
	c->buf = (const unsigned char *)buf;
	c->len = len;
	c->base = base;
	c->ascii = !has_high_byte(c->buf, len);
	if (c->ascii)
		return 0;
	size_t cap = 1024;
	c->line_start = malloc(cap * sizeof *c->line_start);
	c->line_ascii = malloc(cap);
	if (!c->line_start || !c->line_ascii)
		return -1;
	/* Lines end at LF (memchr finds those fast); a line holding CR or a
	 * non-ASCII byte is rescanned byte by byte for CR, NEL, LS and PS. */
	bool any_cr = memchr(buf, '\r', len) != NULL;
	size_t p = 0;
	if (add_line(c, &cap, 0, true) < 0)
		return -1;
	while (p < len) {
		const unsigned char *nl = memchr(c->buf + p, '\n', len - p);
		size_t end = nl ? (size_t)(nl - c->buf) : len;
		bool high = has_high_byte(c->buf + p, end - p);
		if (high || (any_cr && memchr(c->buf + p, '\r', end - p))) {
			for (size_t i = p; i < end;) {
				size_t bl = break_len(c->buf, i, len);
				if (!bl) {
					if (c->buf[i] >= 0x80)
						c->line_ascii[c->nlines - 1] = 0;
					i++;
					continue;
				}
				i += bl;
				if (i > end)   /* a CR LF across the boundary: the LF ends it */
					break;
				if (add_line(c, &cap, i, true) < 0)
					return -1;
			}
		}
		if (!nl)
			break;
		p = end + 1;
		if (add_line(c, &cap, p, true) < 0)
			return -1;
	}
	return 0;
}

static void conv_free(span_conv *c)
{
	free(c->line_start);
	free(c->line_ascii);
}

static size_t conv_byte_rel(const span_conv *c, const yaml_mark_t *m)
{
	if (c->ascii)
		return m->index > c->len ? c->len : m->index;
	if (m->line >= c->nlines)
		return c->len;
	size_t b = c->line_start[m->line];
	if (c->line_ascii[m->line])
		b += m->column;
	else
		for (size_t k = 0; k < m->column && b < c->len; k++) {
			unsigned char x = c->buf[b];
			b += x < 0x80 ? 1 : x < 0xE0 ? 2 : x < 0xF0 ? 3 : 4;
		}
	return b > c->len ? c->len : b;
}

static size_t conv_byte(const span_conv *c, const yaml_mark_t *m)
{
	size_t rel = conv_byte_rel(c, m);
	return c->base + (c->fix ? json_fix_map(c->fix, rel) : rel);
}

/* 1-based column of byte off in src, counting characters from its line start. */
static unsigned column_at(const char *src, size_t off)
{
	size_t ls = off;
	while (ls > 0 && src[ls - 1] != '\n' && src[ls - 1] != '\r')
		ls--;
	unsigned col = 1;
	for (size_t i = ls; i < off; i++)
		col += ((unsigned char)src[i] & 0xC0) != 0x80;
	return col;
}

/* ---- builder ---- */
typedef struct anchor {
	struct anchor *next;
	const char *name;
	doc_node *node;
	size_t weight;      /* nodes in its subtree, aliases expanded */
} anchor;

typedef struct frame {
	doc_node *node;
	size_t nodes0, alias0;  /* counters when the collection opened */
	const char *anchor;
} frame;

typedef struct builder {
	doc *d;
	const doc_limits *lim;
	span_conv conv;
	frame *stack;
	unsigned depth;
	anchor *anchors;
	size_t alias_nodes;
	unsigned line_base;     /* lines above the parsed slice */
	lw_error *err;
} builder;

static doc_node *new_node(builder *b, doc_kind kind, const yaml_mark_t *s, const yaml_mark_t *e)
{
	doc_node *n = arena_alloc(&b->d->mem, sizeof *n);
	n->kind = (uint8_t)kind;
	n->line = (unsigned)s->line + 1 + b->line_base;
	n->col = (unsigned)s->column + 1;
	n->start = conv_byte(&b->conv, s);
	n->end = e ? conv_byte(&b->conv, e) : n->start;
	if (b->conv.fix)   /* columns of the rewritten text are off after a pair: count again */
		n->col = column_at(b->d->src, n->start);
	b->d->nodes++;
	return n;
}

static int fail_at(builder *b, const yaml_mark_t *m, const char *fmt, const char *arg)
{
	char msg[256];
	snprintf(msg, sizeof msg, fmt, arg ? arg : "");
	lw_error_set(b->err, b->d->path, (unsigned)m->line + 1, (unsigned)m->column + 1, "%s", msg);
	return -1;
}

static void register_anchor(builder *b, const char *name, doc_node *n, size_t weight)
{
	if (!name)
		return;
	b->d->has_anchors = true;
	anchor *a = arena_alloc(&b->d->mem, sizeof *a);
	a->name = arena_strdup(&b->d->mem, name);
	a->node = n;
	a->weight = weight;
	a->next = b->anchors;   /* newest first: a redefined anchor shadows the old */
	b->anchors = a;
}

/* Attach a finished node to the open collection (or make it the root). */
static void attach(builder *b, doc_node *n)
{
	if (b->depth == 0) {
		b->d->root = n;
		return;
	}
	frame *f = &b->stack[b->depth - 1];
	doc_node *p = f->node;
	if (p->u.coll.last)
		p->u.coll.last->next = n;
	else
		p->u.coll.first = n;
	p->u.coll.last = n;
	p->u.coll.count++;
}

static int check_duplicate_keys(builder *b, const doc_node *map);

static int on_event(builder *b, yaml_event_t *e)
{
	doc *d = b->d;
	if (d->nodes >= b->lim->max_nodes &&
	    (e->type == YAML_SCALAR_EVENT || e->type == YAML_SEQUENCE_START_EVENT ||
	     e->type == YAML_MAPPING_START_EVENT || e->type == YAML_ALIAS_EVENT)) {
		char lim[32];
		snprintf(lim, sizeof lim, "%zu", b->lim->max_nodes);
		return fail_at(b, &e->start_mark, "more than %s nodes (limit)", lim);
	}
	switch (e->type) {
	case YAML_SCALAR_EVENT: {
		doc_node *n = new_node(b, DOC_SCALAR, &e->start_mark, &e->end_mark);
		switch (e->data.scalar.style) {
		case YAML_SINGLE_QUOTED_SCALAR_STYLE: n->style = DOC_SINGLE; break;
		case YAML_DOUBLE_QUOTED_SCALAR_STYLE: n->style = DOC_DOUBLE; break;
		case YAML_LITERAL_SCALAR_STYLE: n->style = DOC_LITERAL; break;
		case YAML_FOLDED_SCALAR_STYLE: n->style = DOC_FOLDED; break;
		default: n->style = DOC_PLAIN; break;
		}
		n->u.scalar.len = e->data.scalar.length;
		n->u.scalar.str = arena_strndup(&d->mem, (const char *)e->data.scalar.value,
		                                e->data.scalar.length);
		register_anchor(b, (const char *)e->data.scalar.anchor, n, 1);
		attach(b, n);
		return 0;
	}
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT: {
		if (b->depth >= b->lim->max_depth) {
			char lim[32];
			snprintf(lim, sizeof lim, "%u", b->lim->max_depth);
			return fail_at(b, &e->start_mark, "nesting deeper than %s levels (limit)", lim);
		}
		bool seq = e->type == YAML_SEQUENCE_START_EVENT;
		doc_node *n = new_node(b, seq ? DOC_SEQ : DOC_MAP, &e->start_mark, NULL);
		bool flow = seq ? e->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
		                : e->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE;
		n->style = flow ? DOC_FLOW : DOC_BLOCK;
		const yaml_char_t *anch = seq ? e->data.sequence_start.anchor : e->data.mapping_start.anchor;
		b->stack[b->depth].node = n;
		b->stack[b->depth].nodes0 = d->nodes;
		b->stack[b->depth].alias0 = b->alias_nodes;
		b->stack[b->depth].anchor = anch ? arena_strdup(&d->mem, (const char *)anch) : NULL;
		b->depth++;
		return 0;
	}
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT: {
		frame f = b->stack[--b->depth];
		f.node->end = conv_byte(&b->conv, &e->end_mark);
		if (f.node->kind == DOC_MAP && check_duplicate_keys(b, f.node) < 0)
			return -1;
		/* Registered at the end so an alias inside its own anchor (a cycle) is unknown. */
		size_t weight = 1 + (d->nodes - f.nodes0) + (b->alias_nodes - f.alias0);
		register_anchor(b, f.anchor, f.node, weight);
		attach(b, f.node);
		return 0;
	}
	case YAML_ALIAS_EVENT: {
		d->has_anchors = true;
		const char *name = (const char *)e->data.alias.anchor;
		anchor *a = b->anchors;
		while (a && strcmp(a->name, name) != 0)
			a = a->next;
		if (!a)
			return fail_at(b, &e->start_mark, "alias *%s names no earlier anchor", name);
		size_t w = a->weight;
		b->alias_nodes += w;
		if (b->alias_nodes > b->lim->max_alias_nodes) {
			char lim[32];
			snprintf(lim, sizeof lim, "%zu", b->lim->max_alias_nodes);
			return fail_at(b, &e->start_mark,
			               "aliases expand to more than %s nodes (limit; an alias bomb?)", lim);
		}
		doc_node *n = new_node(b, DOC_ALIAS, &e->start_mark, &e->end_mark);
		n->u.target = a->node;
		attach(b, n);
		return 0;
	}
	case YAML_DOCUMENT_START_EVENT:
		if (d->root)
			return fail_at(b, &e->start_mark, "a second document in one file%s", NULL);
		return 0;
	default:
		return 0;
	}
}

/* YAML forbids duplicate keys and a loader that silently took the first or
 * the last would hide a corrupted write; refuse them. Small maps (the usual
 * case) compare pairwise; large ones sort. */
static int cmp_keyptr(const void *a, const void *b)
{
	const doc_node *x = *(const doc_node *const *)a, *y = *(const doc_node *const *)b;
	size_t n = x->u.scalar.len < y->u.scalar.len ? x->u.scalar.len : y->u.scalar.len;
	int c = memcmp(x->u.scalar.str, y->u.scalar.str, n);
	if (c)
		return c;
	if (x->u.scalar.len != y->u.scalar.len)
		return x->u.scalar.len < y->u.scalar.len ? -1 : 1;
	return x->start < y->start ? -1 : 1;
}

static bool same_key(const doc_node *a, const doc_node *b)
{
	return a->kind == DOC_SCALAR && b->kind == DOC_SCALAR && a->u.scalar.len == b->u.scalar.len &&
	       memcmp(a->u.scalar.str, b->u.scalar.str, a->u.scalar.len) == 0;
}

static int duplicate_error(builder *b, const doc_node *k)
{
	lw_error_set(b->err, b->d->path, k->line, k->col, "duplicate key \"%.*s\" in a mapping",
	             (int)(k->u.scalar.len > 64 ? 64 : k->u.scalar.len), k->u.scalar.str);
	return -1;
}

static int check_duplicate_keys(builder *b, const doc_node *map)
{
	size_t pairs = map->u.coll.count / 2;
	if (pairs < 2)
		return 0;
	if (pairs <= 32) {   /* a task has ~20 keys: pairwise beats a malloc and a sort */
		for (const doc_node *k = map->u.coll.first; k && k->next; k = k->next->next)
			for (const doc_node *j = k->next->next; j && j->next; j = j->next->next)
				if (same_key(k, j))
					return duplicate_error(b, j);
		return 0;
	}
	const doc_node **keys = malloc(pairs * sizeof *keys);
	if (!keys)
		return 0;
	size_t n = 0;
	for (const doc_node *k = map->u.coll.first; k && k->next; k = k->next->next)
		if (k->kind == DOC_SCALAR)
			keys[n++] = k;
	qsort(keys, n, sizeof *keys, cmp_keyptr);
	const doc_node *dup = NULL;
	for (size_t i = 1; i < n && !dup; i++)
		if (same_key(keys[i - 1], keys[i]))
			dup = keys[i];
	free(keys);
	return dup ? duplicate_error(b, dup) : 0;
}

/* libyaml's reader reports a byte offset, not a mark: find its line and column. */
static void locate_offset(const char *buf, size_t len, size_t off, unsigned *line, unsigned *col)
{
	unsigned l = 1, c = 1;
	for (size_t i = 0; i < off && i < len; i++) {
		if (buf[i] == '\n') { l++; c = 1; }
		else if (((unsigned char)buf[i] & 0xC0) != 0x80) c++;
	}
	*line = l;
	*col = c;
}

/* libyaml's complaint as file:line:col. base: bytes of a BOM skipped before
 * the text handed to libyaml. */
static void yaml_error(lw_error *err, const char *path, const char *src, size_t len, size_t base,
                       const yaml_parser_t *p)
{
	unsigned line, col;
	const char *problem = p->problem ? p->problem : "cannot parse";
	if (p->error == YAML_READER_ERROR) {
		locate_offset(src, len, base + p->problem_offset, &line, &col);
		if (p->problem_value != -1)
			lw_error_set(err, path, line, col, "%s (byte 0x%02X): the file must be UTF-8 text",
			             problem, (unsigned)p->problem_value & 0xFFu);
		else
			lw_error_set(err, path, line, col, "%s", problem);
		return;
	}
	line = (unsigned)p->problem_mark.line + 1;
	col = (unsigned)p->problem_mark.column + 1;
	if (p->context)
		lw_error_set(err, path, line, col, "%s %s (from line %u)", problem, p->context,
		             (unsigned)p->context_mark.line + 1);
	else
		lw_error_set(err, path, line, col, "%s", problem);
}

static void parser_error(builder *b, yaml_parser_t *p)
{
	yaml_error(b->err, b->d->path, b->d->src, b->d->len, b->conv.base, p);
}

/* The checks every input gets before libyaml sees it. Returns the BOM length,
 * or -1 with err set. */
static int precheck(const char *buf, size_t len, const char *path, const doc_limits *lim, lw_error *err)
{
	if (len > lim->max_bytes) {
		lw_error_set(err, path, 0, 0, "file is %zu bytes, over the limit of %zu", len, lim->max_bytes);
		return -1;
	}
	const char *nul = memchr(buf, '\0', len);
	if (nul) {
		unsigned line, col;
		locate_offset(buf, len, (size_t)(nul - buf), &line, &col);
		lw_error_set(err, path, line, col, "NUL byte in a text file");
		return -1;
	}
	return len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

int doc_stream(const char *buf, size_t len, const char *path, const doc_limits *lim, doc_visit_fn fn, void *ctx,
               lw_error *err)
{
	if (!lim)
		lim = &doc_default_limits;
	if (!path)
		path = "<input>";
	int bom = precheck(buf, len, path, lim, err);
	if (bom < 0)
		return -1;
	/* Per depth: is it a mapping, and is the next scalar there a key? */
	unsigned char *is_map = malloc((size_t)lim->max_depth + 1), *want_key = malloc((size_t)lim->max_depth + 1);
	if (!is_map || !want_key) {
		free(is_map);
		free(want_key);
		lw_error_set(err, path, 0, 0, "out of memory");
		return -1;
	}
	/* The same JSON surrogate rewrite as doc_parse, so both accept the same
	 * files; event lines are unchanged by it. */
	json_fix fx;
	int rewritten = json_fix_surrogates(buf + bom, len - (size_t)bom, &fx);
	if (rewritten < 0) {
		free(is_map);
		free(want_key);
		lw_error_set(err, path, 0, 0, "out of memory");
		return -1;
	}
	yaml_parser_t p;
	yaml_parser_initialize(&p);
	if (rewritten)
		yaml_parser_set_input_string(&p, (const unsigned char *)fx.text, fx.len);
	else
		yaml_parser_set_input_string(&p, (const unsigned char *)buf + bom, len - (size_t)bom);
	yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
	unsigned depth = 0;
	size_t events = 0;
	int rc = 0;
	for (;;) {
		yaml_event_t e;
		if (!yaml_parser_parse(&p, &e)) {
			yaml_error(err, path, buf, len, (size_t)bom, &p);
			rc = -1;
			break;
		}
		doc_event ev = { .depth = depth, .line = (unsigned)e.start_mark.line + 1,
		                 .col = (unsigned)e.start_mark.column + 1 };
		bool deliver = true, stop = e.type == YAML_STREAM_END_EVENT;
		switch (e.type) {
		case YAML_SCALAR_EVENT:
		case YAML_ALIAS_EVENT:
			ev.kind = e.type == YAML_SCALAR_EVENT ? DOC_EV_SCALAR : DOC_EV_ALIAS;
			if (e.type == YAML_SCALAR_EVENT) {
				ev.str = (const char *)e.data.scalar.value;
				ev.len = e.data.scalar.length;
				ev.plain = e.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
			}
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (depth >= lim->max_depth) {
				lw_error_set(err, path, ev.line, ev.col, "nesting deeper than %u levels (limit)", lim->max_depth);
				rc = -1;
			}
			ev.kind = e.type == YAML_SEQUENCE_START_EVENT ? DOC_EV_SEQ : DOC_EV_MAP;
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			ev.kind = DOC_EV_END;
			ev.depth = --depth;
			break;
		default:
			deliver = false;
		}
		if (rc == 0 && deliver && ++events > lim->max_nodes) {
			lw_error_set(err, path, ev.line, ev.col, "more than %zu nodes (limit)", lim->max_nodes);
			rc = -1;
		}
		if (rc == 0 && deliver && ev.kind != DOC_EV_END) {
			/* A node directly in a mapping alternates key, value. */
			ev.is_key = depth > 0 && is_map[depth - 1] && want_key[depth - 1];
			if (depth > 0 && is_map[depth - 1])
				want_key[depth - 1] = !want_key[depth - 1];
		}
		if (rc == 0 && deliver && fn(&ev, ctx) < 0) {
			if (!err->set)
				lw_error_set(err, path, ev.line, ev.col, "refused");
			rc = -1;
		}
		if (rc == 0 && (ev.kind == DOC_EV_SEQ || ev.kind == DOC_EV_MAP) && deliver) {
			is_map[depth] = ev.kind == DOC_EV_MAP;
			want_key[depth] = 1;
			depth++;
		}
		yaml_event_delete(&e);
		if (rc < 0 || stop)
			break;
	}
	yaml_parser_delete(&p);
	json_fix_free(&fx);
	free(is_map);
	free(want_key);
	return rc;
}

static int parse_range(doc *d, const char *buf, size_t len, size_t start, size_t end, unsigned line0,
                       const char *path, const doc_limits *lim, lw_error *err)
{
	if (!lim)
		lim = &doc_default_limits;
	memset(d, 0, sizeof *d);
	arena_init(&d->mem);
	d->src = buf;
	d->len = len;
	d->path = arena_strdup(&d->mem, path ? path : "<input>");
	int bom_len = precheck(buf + start, end - start, d->path, lim, err);
	if (bom_len < 0)
		return -1;
	builder b = { .d = d, .lim = lim, .err = err, .line_base = line0 };
	/* libyaml, told the encoding, reads a leading BOM as a character and
	 * then takes the first line as indented by one column, so a BOM file of
	 * more than one root key fails to parse. Hand it the text after the BOM
	 * and add its three bytes back to every offset. */
	size_t from = start + (start == 0 ? (size_t)bom_len : 0);
	json_fix fx;
	int rewritten = json_fix_surrogates(buf + from, end - from, &fx);
	const char *text = rewritten > 0 ? fx.text : buf + from;
	size_t text_len = rewritten > 0 ? fx.len : end - from;
	b.stack = malloc(((size_t)lim->max_depth + 1) * sizeof *b.stack);
	if (rewritten < 0 || !b.stack || conv_init(&b.conv, text, text_len, from) < 0) {
		free(b.stack);
		conv_free(&b.conv);
		json_fix_free(&fx);
		lw_error_set(err, d->path, 0, 0, "out of memory");
		return -1;
	}
	if (rewritten > 0)
		b.conv.fix = &fx;
	yaml_parser_t p;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, text_len);
	yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
	int rc = 0;
	for (;;) {
		yaml_event_t e;
		if (!yaml_parser_parse(&p, &e)) {
			parser_error(&b, &p);
			if (line0 && err->line)
				err->line += line0;
			rc = -1;
			break;
		}
		int stop = e.type == YAML_STREAM_END_EVENT;
		if (on_event(&b, &e) < 0)
			rc = -1;
		yaml_event_delete(&e);
		if (rc < 0 || stop)
			break;
	}
	yaml_parser_delete(&p);
	free(b.stack);
	conv_free(&b.conv);
	json_fix_free(&fx);
	return rc;
}

int doc_parse(doc *d, const char *buf, size_t len, const char *path, const doc_limits *lim, lw_error *err)
{
	return parse_range(d, buf, len, 0, len, 0, path, lim, err);
}

int doc_parse_slice(doc *d, const char *buf, size_t len, size_t start, size_t end, unsigned line0,
                    const char *path, const doc_limits *lim, lw_error *err)
{
	if (start > end || end > len) {
		memset(d, 0, sizeof *d);
		arena_init(&d->mem);
		lw_error_set(err, path, 0, 0, "slice out of range");
		return -1;
	}
	return parse_range(d, buf, len, start, end, line0, path, lim, err);
}

void doc_free(doc *d)
{
	if (!d)
		return;
	arena_free(&d->mem);
	doc_shared_release(d->shared);   /* a patched doc's nodes may live on in its share */
	d->shared = NULL;
	d->root = NULL;
}
