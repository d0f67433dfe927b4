/* helper_edit.c — see helper_edit.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/fileio.h"
#include "tests/unit/helper_edit.h"

static char *read_under(const char *env, const char *fallback, const char *rel, size_t *len)
{
	const char *dir = getenv(env);
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : fallback, rel);
	char *buf = NULL;
	lw_error err;
	lw_error_clear(&err);
	if (lw_read_file(path, 64u << 20, &buf, len, &err) != LW_READ_OK)
		return NULL;
	return buf;
}

char *te_read_shared(const char *rel, size_t *len) { return read_under("LW_SHARED", "../shared", rel, len); }
char *te_read_fixture(const char *rel, size_t *len) { return read_under("LW_FIXTURES", "tests/fixtures", rel, len); }

void te_open(te_edit *t, const char *src, size_t len, const char *path)
{
	memset(t, 0, sizeof *t);
	t->src = malloc(len + 1);
	assert_non_null(t->src);
	memcpy(t->src, src, len);
	t->src[len] = '\0';
	t->len = len;
	lw_error_clear(&t->err);
	if (doc_parse(&t->d, t->src, len, path, NULL, &t->err) != 0) {
		char m[700];
		fail_msg("parse: %s", lw_error_format(&t->err, m, sizeof m));
	}
	t->ed = edit_new(&t->d, &t->err);
	assert_non_null(t->ed);
}

const char *te_apply(te_edit *t)
{
	if (edit_apply(t->ed, &t->out, &t->out_len) != 0) {
		char m[700];
		fail_msg("edit_apply: %s", lw_error_format(&t->err, m, sizeof m));
	}
	assert_int_equal(strlen(t->out), t->out_len);
	return t->out;
}

const char *te_apply_fails(te_edit *t, char *msg, size_t n)
{
	char *out = (char *)1;
	size_t len = 7;
	assert_int_equal(edit_apply(t->ed, &out, &len), -1);
	assert_null(out);
	assert_int_equal(len, 0);
	assert_true(t->err.set);
	return lw_error_format(&t->err, msg, n);
}

void te_close(te_edit *t)
{
	edit_free(t->ed);
	doc_free(&t->d);
	free(t->src);
	free(t->out);
	memset(t, 0, sizeof *t);
}

const doc_node *te_item(const doc *d, const char *seq_key, const char *id)
{
	for (const doc_node *i = doc_seq_first(doc_get(d->root, seq_key)); i; i = i->next) {
		const char *s = doc_str(doc_get(i, "id"));
		if (s && strcmp(s, id) == 0)
			return i;
	}
	return NULL;
}

/* ---- flattening ---- */

typedef struct flat {
	char **lines;
	size_t n, cap;
} flat;

static void flat_add(flat *f, strbuf *line)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 64;
		f->lines = realloc(f->lines, f->cap * sizeof *f->lines);
		assert_non_null(f->lines);
	}
	f->lines[f->n++] = strbuf_detach(line, NULL);
}

static void add_text(strbuf *b, const char *s, size_t n)
{
	/* Visible escapes so a line holds one node. */
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\\') strbuf_adds(b, "\\\\");
		else if (c < 0x20 || c == 0x7F) strbuf_printf(b, "\\x%02X", c);
		else strbuf_addc(b, (char)c);
	}
}

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
				add_text(path, kk->u.scalar.str, kk->u.scalar.len);
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
	qsort(f.lines, f.n, sizeof *f.lines, cmp_str);
	for (size_t i = 0; i < f.n; i++) {
		strbuf_adds(out, f.lines[i]);
		strbuf_addc(out, '\n');
		free(f.lines[i]);
	}
	free(f.lines);
}
