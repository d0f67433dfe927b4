/* field.c — see field.h. */
#include "core/model/field.h"
#include "core/model/check_emit.h"
#include "core/util/timeparse.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static unsigned field_hash(const char *s, size_t n)
{
	unsigned h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

void field_index_keys(field *f, const doc_node *map)
{
	field_index *x = f->index;
	if (!x)
		return;
	memset(x, 0, sizeof *x);
	if (!map || doc_len(map) > 32)
		return;
	for (const doc_node *k = doc_map_first(map); k; k = doc_map_next(k)) {
		const doc_node *kk = doc_deref(k);
		if (kk->kind != DOC_SCALAR)
			continue;
		if (kk->style == DOC_PLAIN && strcmp(kk->u.scalar.str, "<<") == 0)
			return;   /* a merge key (<<: *defaults): doc_get resolves those */
		unsigned h = field_hash(kk->u.scalar.str, kk->u.scalar.len) & 63;
		while (x->slot[h].key) {
			if (x->slot[h].key->u.scalar.len == kk->u.scalar.len &&
			    memcmp(x->slot[h].key->u.scalar.str, kk->u.scalar.str, kk->u.scalar.len) == 0)
				break;   /* a duplicate key: the parser refuses those; keep the first */
			h = (h + 1) & 63;
		}
		if (!x->slot[h].key) {
			x->slot[h].key = kk;
			x->slot[h].val = doc_deref(k->next);
		}
	}
	x->map = map;
}

const doc_node *field_get(const field *f, const doc_node *map, const char *key)
{
	const field_index *x = f->index;
	if (!map || !x || map != x->map)
		return doc_get(map, key);
	size_t n = strlen(key);
	for (unsigned h = field_hash(key, n) & 63; x->slot[h].key; h = (h + 1) & 63)
		if (x->slot[h].key->u.scalar.len == n && memcmp(x->slot[h].key->u.scalar.str, key, n) == 0)
			return x->slot[h].val;
	return NULL;
}

/* Where at lies, for a problem: through the doc when the reader has one. */
static const doc_node *field_at(const field *f, const doc_node *at, doc_node *pos)
{
	if (!f->d || !at)
		return at;
	doc_pos p = doc_where(f->d, at);
	*pos = (doc_node){ .line = p.line, .col = p.col };
	return pos;
}

void field_problem(field *f, const char *rule, const doc_node *at, const char *fmt, ...)
{
	if (!f->snap)
		return;               /* a reader that only wants the values */
	char what[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	doc_node pos;
	lw_snapshot_problem(f->snap, f->subject ? f->subject : "-", rule, f->path, field_at(f, at, &pos), "%s", what);
}

void field_bad_type(field *f, const char *key, const doc_node *v, const char *want)
{
	char got[64];
	field_problem(f, "types", v, "%s must be %s, not %s", key, want, doc_describe(v, got, sizeof got));
}

const char *field_str(field *f, const doc_node *map, const char *key)
{
	const doc_node *v = field_get(f, map, key);
	if (!v || doc_is_null(v))
		return NULL;
	if (v->kind != DOC_SCALAR) {
		field_bad_type(f, key, v, "text");
		return NULL;
	}
	return v->u.scalar.str;
}

long long field_int(field *f, const doc_node *map, const char *key, long long dflt)
{
	const doc_node *v = field_get(f, map, key);
	long long x;
	switch (doc_int(v, &x)) {
	case DOC_OK: return x;
	case DOC_ABSENT: return dflt;
	default: field_bad_type(f, key, v, "an integer"); return dflt;
	}
}

long long field_limit(field *f, const doc_node *map, const char *key, long long dflt)
{
	const doc_node *v = field_get(f, map, key);   /* one lookup: this runs per task */
	long long x;
	switch (doc_int(v, &x)) {
	case DOC_OK: break;
	case DOC_ABSENT: return dflt;   /* none written (dflt may be an "unset" -1) */
	default: field_bad_type(f, key, v, "an integer"); return dflt;
	}
	if (x > 0)
		return x;
	doc_node pos;
	if (f->snap)
		lw_limit_check(f->snap, f->subject ? f->subject : "-", f->path, field_at(f, v, &pos), key, x);
	return dflt;
}

int field_bool(field *f, const doc_node *map, const char *key)
{
	const doc_node *v = field_get(f, map, key);
	bool b = false;
	switch (doc_bool(v, &b)) {
	case DOC_OK: return b;
	case DOC_ABSENT: return -1;
	default: field_bad_type(f, key, v, "true or false"); return -1;
	}
}

time_t field_time(field *f, const doc_node *map, const char *key)
{
	const doc_node *v = field_get(f, map, key);
	time_t t;
	switch (doc_time(v, &t)) {
	case DOC_OK: return t;
	case DOC_ABSENT: return LW_NO_TIME;
	default: field_bad_type(f, key, v, "an ISO 8601 time"); return LW_NO_TIME;
	}
}

static const doc_node *get_kind(field *f, const doc_node *map, const char *key, doc_kind kind, const char *want)
{
	const doc_node *v = field_get(f, map, key);
	if (!v || doc_is_null(v))
		return NULL;
	if (v->kind != kind) {
		field_bad_type(f, key, v, want);
		return NULL;
	}
	return v;
}

const doc_node *field_map(field *f, const doc_node *map, const char *key)
{
	return get_kind(f, map, key, DOC_MAP, "a mapping");
}

const doc_node *field_seq(field *f, const doc_node *map, const char *key)
{
	return get_kind(f, map, key, DOC_SEQ, "a list");
}

const char **field_strv(field *f, const doc_node *map, const char *key, size_t *n)
{
	*n = 0;
	const doc_node *v = field_get(f, map, key);
	if (!v || doc_is_null(v))
		return NULL;
	if (v->kind == DOC_SCALAR) {   /* a lone id where a list belongs: one item */
		const char **out = arena_alloc(f->mem, 2 * sizeof *out);
		out[(*n)++] = v->u.scalar.str;
		return out;
	}
	if (v->kind != DOC_SEQ) {
		field_bad_type(f, key, v, "a list");
		return NULL;
	}
	const char **out = arena_alloc(f->mem, (doc_len(v) + 1) * sizeof *out);
	for (const doc_node *i = doc_seq_first(v); i; i = i->next) {
		const char *s = doc_str(i);
		if (s)
			out[(*n)++] = s;
		else if (!doc_is_null(i))
			field_bad_type(f, key, doc_deref(i), "a list of ids");
	}
	return out;
}

bool field_int_get(field *f, const doc_node *map, const char *key, long long *out)
{
	const doc_node *v = field_get(f, map, key);
	switch (doc_int(v, out)) {
	case DOC_OK: return true;
	case DOC_ABSENT: return false;
	default: field_bad_type(f, key, v, "an integer"); return false;
	}
}

bool field_nonempty(const doc_node *v)
{
	v = doc_deref(v);
	if (!v || doc_is_null(v))
		return false;
	if (v->kind == DOC_SCALAR) {
		for (const char *s = v->u.scalar.str; *s; s++)
			if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
				return true;
		return false;
	}
	return v->u.coll.count > 0;
}
