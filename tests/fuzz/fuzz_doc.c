/* fuzz_doc.c — the document layer on arbitrary bytes: doc_parse and
 * doc_stream, with the default limits and with tight ones (so the limit
 * paths run on small inputs too). Beyond "no crash, no leak":
 *  - every node's byte span lies inside its parent's and inside the buffer
 *    (the editor splices at these spans: a wrong one corrupts a file);
 *  - a one-line plain scalar's span holds exactly its text;
 *  - whatever doc_parse accepts, doc_stream accepts too, with one scalar or
 *    alias event per scalar or alias node;
 *  - the scalar readers (int, bool, time, describe) take every value. */
#include <string.h>
#include "core/doc/doc.h"
#include "tests/fuzz/fuzz.h"

static const doc_limits tight = { .max_bytes = 4096, .max_depth = 8, .max_nodes = 64, .max_alias_nodes = 32 };

typedef struct tally {
	size_t leaves;            /* scalars and aliases */
} tally;

/* Any of YAML 1.1's line breaks: LF, CR, NEL, LS, PS (a plain scalar folds them). */
static bool has_break(const char *s, size_t n)
{
	return memchr(s, '\n', n) || memchr(s, '\r', n) || memmem(s, n, "\xc2\x85", 2) ||
	       memmem(s, n, "\xe2\x80\xa8", 3) || memmem(s, n, "\xe2\x80\xa9", 3);
}

static void check_node(const doc *d, const doc_node *n, const doc_node *parent, tally *t)
{
	FUZZ_CHECK(n->start <= n->end && n->end <= d->len, "span [%zu,%zu) of %zu bytes", n->start, n->end, d->len);
	if (parent)
		FUZZ_CHECK(n->start >= parent->start && n->end <= parent->end,
		           "child [%zu,%zu) outside its parent [%zu,%zu)", n->start, n->end, parent->start, parent->end);
	FUZZ_CHECK(n->line >= 1 && n->col >= 1, "position %u:%u", n->line, n->col);
	char buf[64];
	switch (n->kind) {
	case DOC_SCALAR: {
		t->leaves++;
		FUZZ_CHECK(n->u.scalar.str[n->u.scalar.len] == '\0', "scalar not NUL-terminated");
		const char *span = d->src + n->start;
		size_t sl = n->end - n->start;
		/* A node's span starts at its anchor or tag ("&a x", "!!str 12"):
		 * then the text ends the span. */
		if (n->style == DOC_PLAIN && sl && !has_break(span, sl)) {
			bool prop = *span == '&' || *span == '!';
			size_t l = n->u.scalar.len;
			FUZZ_CHECK(prop ? sl >= l && memcmp(span + sl - l, n->u.scalar.str, l) == 0
			                : sl == l && memcmp(span, n->u.scalar.str, sl) == 0,
			           "plain scalar \"%s\" spans \"%.*s\"", n->u.scalar.str, (int)sl, span);
		}
		long long i;
		bool b;
		time_t tm;
		(void)doc_int(n, &i);
		(void)doc_bool(n, &b);
		(void)doc_time(n, &tm);
		(void)doc_is_null(n);
		(void)doc_describe(n, buf, sizeof buf);
		return;
	}
	case DOC_ALIAS:
		t->leaves++;
		FUZZ_CHECK(n->u.target && n->u.target->kind != DOC_ALIAS, "alias to nothing or to an alias");
		(void)doc_describe(n, buf, sizeof buf);
		return;
	default: {
		size_t count = 0;
		for (const doc_node *c = n->u.coll.first; c; c = c->next, count++)
			check_node(d, c, n, t);
		FUZZ_CHECK(count == n->u.coll.count, "collection counts %zu, holds %zu", n->u.coll.count, count);
		FUZZ_CHECK(n->kind != DOC_MAP || count % 2 == 0, "mapping of %zu nodes", count);
		/* Lookups find every key (a key with a NUL in it cannot be asked for). */
		if (n->kind == DOC_MAP)
			for (const doc_node *k = doc_map_first(n); k; k = doc_map_next(k)) {
				const char *ks = doc_str(k);
				if (ks && strlen(ks) == doc_deref(k)->u.scalar.len)
					FUZZ_CHECK(doc_get_key(n, ks) != NULL, "key \"%s\" not found by doc_get_key", ks);
			}
	}
	}
}

static int count_leaves(const doc_event *ev, void *ctx)
{
	if (ev->kind == DOC_EV_SCALAR || ev->kind == DOC_EV_ALIAS)
		++*(size_t *)ctx;
	if (ev->kind == DOC_EV_SCALAR)
		FUZZ_CHECK(ev->str && ev->str[ev->len] == '\0', "event scalar not NUL-terminated");
	return 0;
}

static void run(const char *buf, size_t len, const doc_limits *lim, bool strict)
{
	doc d;
	lw_error err;
	lw_error_clear(&err);
	int rc = doc_parse(&d, buf, len, "fuzz.yaml", lim, &err);
	FUZZ_CHECK(rc == 0 || err.set, "a failed parse without an error");
	tally t = { 0 };
	if (rc == 0 && d.root)
		check_node(&d, d.root, NULL, &t);
	lw_error serr;
	lw_error_clear(&serr);
	size_t events = 0;
	int src = doc_stream(buf, len, "fuzz.yaml", lim, count_leaves, &events, &serr);
	FUZZ_CHECK(src == 0 || serr.set, "a failed stream without an error");
	if (rc == 0 && strict) {
		FUZZ_CHECK(src == 0, "doc_parse accepts what doc_stream refuses: %s", serr.msg);
		FUZZ_CHECK(events == t.leaves, "%zu leaf events, %zu leaf nodes", events, t.leaves);
	}
	doc_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Parsers must never read past len: give them an exact-size copy (no
	 * NUL after it), so ASan sees any overread. */
	char *buf = malloc(size ? size : 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	run(buf, size, NULL, true);
	/* Tight limits stop the two at different points (the stream counts
	 * END events as nodes): only "no crash" holds there. */
	run(buf, size, &tight, false);
	free(buf);
	return 0;
}
