/* doc.c — build the node tree from libyaml events. Marks become byte
 * offsets through doc_span.h; duplicate keys are found by doc_dupkey.c. */
#include "core/doc/doc.h"
#include "core/doc/doc_dupkey.h"
#include "core/doc/doc_json.h"
#include "core/doc/doc_shared.h"
#include "core/doc/doc_span.h"
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
	doc_span_conv span;
	frame *stack;
	unsigned depth;
	anchor *anchors;
	size_t alias_nodes;
	unsigned line_base;     /* lines above the parsed slice */
	lw_error *err;
} builder;

/* Every field set here: the arena does not zero nodes (over a million in a
 * 10,000-task state). Inline: it runs once per event. */
static inline __attribute__((always_inline)) doc_node *
doc_new_node(builder *b, doc_kind kind, doc_style style, const yaml_mark_t *s, const yaml_mark_t *e)
{
	doc_node *n = arena_alloc_raw(&b->d->mem, sizeof *n);
	size_t start = doc_span_byte(&b->span, s->index);
	*n = (doc_node){
		.kind = (uint8_t)kind,
		.style = (uint8_t)style,
		.line = (unsigned)s->line + 1 + b->line_base,
		.col = (unsigned)s->column + 1,
		.start = start,
		.end = e ? doc_span_byte(&b->span, e->index) : start,
	};
	if (b->span.fix)   /* columns of the rewritten text are off after a pair: count again */
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
static inline void attach(builder *b, doc_node *n)
{
	if (b->depth == 0) {
		b->d->root = n;
		return;
	}
	doc_coll_append(b->stack[b->depth - 1].node, n);
}

static int duplicate_error(builder *b, const doc_node *k)
{
	lw_error_set(b->err, b->d->path, k->line, k->col, "duplicate key \"%.*s\" in a mapping",
	             (int)(k->u.scalar.len > 64 ? 64 : k->u.scalar.len), k->u.scalar.str);
	return -1;
}

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
		/* libyaml's scalar styles, ANY (never reported) to FOLDED */
		static const uint8_t style_of[] = { DOC_PLAIN, DOC_PLAIN, DOC_SINGLE, DOC_DOUBLE, DOC_LITERAL, DOC_FOLDED };
		unsigned ys = (unsigned)e->data.scalar.style;
		doc_node *n = doc_new_node(b, DOC_SCALAR, ys < sizeof style_of ? style_of[ys] : DOC_PLAIN, &e->start_mark,
		                       &e->end_mark);
		n->u.scalar.len = e->data.scalar.length;
		n->u.scalar.str = arena_strndup_inline(&d->mem, (const char *)e->data.scalar.value,
		                                       e->data.scalar.length);
		if (e->data.scalar.anchor)
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
		bool flow = seq ? e->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
		                : e->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE;
		doc_node *n = doc_new_node(b, seq ? DOC_SEQ : DOC_MAP, flow ? DOC_FLOW : DOC_BLOCK, &e->start_mark, NULL);
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
		f.node->end = doc_span_byte(&b->span, e->end_mark.index);
		if (f.node->kind == DOC_MAP) {
			const doc_node *dup = doc_duplicate_key(f.node);
			if (dup)
				return duplicate_error(b, dup);
		}
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
		doc_node *n = doc_new_node(b, DOC_ALIAS, DOC_PLAIN, &e->start_mark, &e->end_mark);
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
	yaml_error(b->err, b->d->path, b->d->src, b->d->len, b->span.base, p);
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
	doc_json_fix fx;
	int rewritten = doc_json_fix_surrogates(buf + bom, len - (size_t)bom, &fx);
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
	doc_json_fix_free(&fx);
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
	doc_json_fix fx;
	int rewritten = doc_json_fix_surrogates(buf + from, end - from, &fx);
	const char *text = rewritten > 0 ? fx.text : buf + from;
	size_t text_len = rewritten > 0 ? fx.len : end - from;
	b.stack = malloc(((size_t)lim->max_depth + 1) * sizeof *b.stack);
	if (rewritten < 0 || !b.stack || doc_span_init(&b.span, text, text_len, from, rewritten > 0 ? &fx : NULL) < 0) {
		free(b.stack);
		doc_span_free(&b.span);
		doc_json_fix_free(&fx);
		lw_error_set(err, d->path, 0, 0, "out of memory");
		return -1;
	}
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
	doc_span_free(&b.span);
	doc_json_fix_free(&fx);
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
