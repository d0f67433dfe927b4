/* helper_flatten.c — see helper_flatten.h. No cmocka here: the editor's
 * fuzz target links this too. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/helper_flatten.h"

typedef struct flat {
	char **lines;
	size_t n, cap;
} flat;

static void flat_add(flat *f, strbuf *line)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 64;
		f->lines = realloc(f->lines, f->cap * sizeof *f->lines);
		if (!f->lines)
			abort();   /* a test helper: no recovery worth writing */
	}
	f->lines[f->n++] = strbuf_detach(line, NULL);
}

/* Visible escapes so a line holds one node; in a key (is_key) '/' too, so
 * a key "a/0" cannot pass for item 0 under key "a" (found by fuzz_edit). */
static void add_text_as(strbuf *b, const char *s, size_t n, bool is_key)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\\') strbuf_adds(b, "\\\\");
		else if (c < 0x20 || c == 0x7F || (is_key && c == '/')) strbuf_printf(b, "\\x%02X", c);
		else strbuf_addc(b, (char)c);
	}
}

static void add_text(strbuf *b, const char *s, size_t n) { add_text_as(b, s, n, false); }

static void flat_visit(flat *f, const doc_node *n, strbuf *path)
{
	static const char *const kinds[] = { "scalar", "seq", "map", "alias" };
	static const char *const styles[] = { "plain", "single", "double", "literal", "folded", "block", "flow" };
	strbuf line;
	strbuf_init(&line);
	strbuf_add(&line, path->buf ? path->buf : "", path->len);
	strbuf_printf(&line, "\t%s/%s\t", kinds[n->kind], styles[n->style]);
	if (n->kind == DOC_SCALAR)
		add_text(&line, n->u.scalar.str, n->u.scalar.len);
	else if (n->kind == DOC_ALIAS) {
		const doc_node *t = doc_deref(n);
		if (t->kind == DOC_SCALAR)
			add_text(&line, t->u.scalar.str, t->u.scalar.len);
	} else
		strbuf_printf(&line, "%zu", n->u.coll.count);
	flat_add(f, &line);
	if (n->kind == DOC_SEQ) {
		size_t i = 0;
		for (const doc_node *c = n->u.coll.first; c; c = c->next, i++) {
			size_t old = path->len;
			strbuf_printf(path, "/%zu", i);
			flat_visit(f, c, path);
			path->len = old;
			path->buf[old] = '\0';
		}
	} else if (n->kind == DOC_MAP) {
		for (const doc_node *k = n->u.coll.first; k && k->next; k = k->next->next) {
			size_t old = path->len;
			strbuf_addc(path, '/');
			const doc_node *kk = doc_deref(k);
			if (kk->kind == DOC_SCALAR)
				add_text_as(path, kk->u.scalar.str, kk->u.scalar.len, true);
			flat_visit(f, k->next, path);
			path->len = old;
			path->buf[old] = '\0';
		}
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void te_flatten(const doc_node *root, strbuf *out)
{
	flat f = { 0 };
	strbuf path;
	strbuf_init(&path);
	strbuf_adds(&path, "");
	if (root)
		flat_visit(&f, root, &path);
	strbuf_free(&path);
	if (f.n)
		qsort(f.lines, f.n, sizeof *f.lines, cmp_str);
	for (size_t i = 0; i < f.n; i++) {
		strbuf_adds(out, f.lines[i]);
		strbuf_addc(out, '\n');
		free(f.lines[i]);
	}
	free(f.lines);
}
