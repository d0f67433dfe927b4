/* helper_edit.c — see helper_edit.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/util/fileio.h"
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
