/* doc_nav.c — reading a node tree: lookups, iteration, scalar typing. */
#include "core/doc/doc.h"
#include "core/util/timeparse.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const doc_node *doc_deref(const doc_node *n)
{
	/* Aliases never chain (the builder points at the anchored node), but a
	 * bound keeps a future change from looping. */
	for (int i = 0; n && n->kind == DOC_ALIAS && i < 8; i++)
		n = n->u.target;
	return n;
}

bool doc_is_map(const doc_node *n) { n = doc_deref(n); return n && n->kind == DOC_MAP; }
bool doc_is_seq(const doc_node *n) { n = doc_deref(n); return n && n->kind == DOC_SEQ; }
bool doc_is_scalar(const doc_node *n) { n = doc_deref(n); return n && n->kind == DOC_SCALAR; }

const doc_node *doc_map_first(const doc_node *map)
{
	map = doc_deref(map);
	return map && map->kind == DOC_MAP ? map->u.coll.first : NULL;
}

const doc_node *doc_map_next(const doc_node *key)
{
	return key && key->next ? key->next->next : NULL;
}

const doc_node *doc_seq_first(const doc_node *seq)
{
	seq = doc_deref(seq);
	return seq && seq->kind == DOC_SEQ ? seq->u.coll.first : NULL;
}

size_t doc_len(const doc_node *n)
{
	n = doc_deref(n);
	if (!n || (n->kind != DOC_SEQ && n->kind != DOC_MAP))
		return 0;
	return n->kind == DOC_MAP ? n->u.coll.count / 2 : n->u.coll.count;
}

/* A YAML merge key: a plain "<<" (libyaml reports it as any other key;
 * quoted, it is an ordinary key). */
static bool is_merge_key(const doc_node *k)
{
	return k->kind == DOC_SCALAR && k->style == DOC_PLAIN && k->u.scalar.len == 2 && k->u.scalar.str[0] == '<' &&
	       k->u.scalar.str[1] == '<';
}

static const doc_node *get_key(const doc_node *map, const char *key, size_t kl, int depth)
{
	const doc_node *merge = NULL;
	for (const doc_node *k = doc_map_first(map); k; k = doc_map_next(k)) {
		const doc_node *kk = doc_deref(k);
		if (kk->kind == DOC_SCALAR && kk->u.scalar.len == kl && memcmp(kk->u.scalar.str, key, kl) == 0)
			return k;
		if (!merge && is_merge_key(kk))
			merge = doc_deref(k->next);
	}
	/* "<<: *defaults" (or a list of them, the first one winning): the
	 * merged mapping's keys, under the mapping's own (YAML's merge key
	 * type, which libyaml leaves to its user). Bounded, as anchors may nest. */
	if (!merge || depth >= 8 || kl == 0)
		return NULL;
	if (merge->kind == DOC_MAP)
		return get_key(merge, key, kl, depth + 1);
	if (merge->kind == DOC_SEQ)
		for (const doc_node *m = merge->u.coll.first; m; m = m->next) {
			const doc_node *found = doc_is_map(m) ? get_key(m, key, kl, depth + 1) : NULL;
			if (found)
				return found;
		}
	return NULL;
}

const doc_node *doc_get_key(const doc_node *map, const char *key)
{
	return get_key(map, key, strlen(key), 0);
}

const doc_node *doc_get(const doc_node *map, const char *key)
{
	const doc_node *k = doc_get_key(map, key);
	return k ? doc_deref(k->next) : NULL;
}

bool doc_is_null(const doc_node *n)
{
	n = doc_deref(n);
	if (!n)
		return true;
	if (n->kind != DOC_SCALAR || n->style != DOC_PLAIN)
		return false;
	/* "", ~, null, Null, NULL; by the first byte, since this runs for
	 * nearly every field a loader reads (four strcmp each were 1 % of a reload) */
	const char *s = n->u.scalar.str;
	switch (s[0]) {
	case '\0': return true;
	case '~': return s[1] == '\0';
	case 'n': return strcmp(s + 1, "ull") == 0;
	case 'N': return strcmp(s + 1, "ull") == 0 || strcmp(s + 1, "ULL") == 0;
	default: return false;
	}
}

const char *doc_str(const doc_node *n)
{
	n = doc_deref(n);
	if (!n || n->kind != DOC_SCALAR || doc_is_null(n))
		return NULL;
	return n->u.scalar.str;
}

doc_type_rc doc_int(const doc_node *n, long long *out)
{
	n = doc_deref(n);
	if (doc_is_null(n))
		return DOC_ABSENT;
	if (n->kind != DOC_SCALAR)
		return DOC_BADTYPE;
	const char *s = n->u.scalar.str;
	if (!*s || strlen(s) != n->u.scalar.len)
		return DOC_BADTYPE;
	errno = 0;
	char *end;
	long long v = strtoll(s, &end, 10);
	if (errno || *end || end == s)
		return DOC_BADTYPE;
	*out = v;
	return DOC_OK;
}

doc_type_rc doc_bool(const doc_node *n, bool *out)
{
	n = doc_deref(n);
	if (doc_is_null(n))
		return DOC_ABSENT;
	if (n->kind != DOC_SCALAR || n->style != DOC_PLAIN)
		return DOC_BADTYPE;
	static const char *const yes[] = { "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON" };
	static const char *const no[] = { "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF" };
	for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
		if (strcmp(n->u.scalar.str, yes[i]) == 0) { *out = true; return DOC_OK; }
		if (strcmp(n->u.scalar.str, no[i]) == 0) { *out = false; return DOC_OK; }
	}
	return DOC_BADTYPE;
}

doc_type_rc doc_time(const doc_node *n, time_t *out)
{
	n = doc_deref(n);
	if (doc_is_null(n))
		return DOC_ABSENT;
	if (n->kind != DOC_SCALAR)
		return DOC_BADTYPE;
	return lw_parse_time(n->u.scalar.str, out) == 0 ? DOC_OK : DOC_BADTYPE;
}

const char *doc_describe(const doc_node *n, char *buf, size_t nb)
{
	n = doc_deref(n);
	if (!n)
		snprintf(buf, nb, "nothing");
	else if (n->kind == DOC_MAP)
		snprintf(buf, nb, "a mapping");
	else if (n->kind == DOC_SEQ)
		snprintf(buf, nb, "a sequence");
	else {
		/* Keep it printable: the value may hold anything. */
		char tmp[40];
		size_t j = 0;
		for (size_t i = 0; i < n->u.scalar.len && j < sizeof tmp - 4; i++) {
			unsigned char c = (unsigned char)n->u.scalar.str[i];
			tmp[j++] = (c < 0x20 || c == 0x7F) ? '?' : (char)c;
		}
		if (j < n->u.scalar.len && j >= sizeof tmp - 4)
			memcpy(tmp + j, "...", 3), j += 3;
		tmp[j] = '\0';
		snprintf(buf, nb, "\"%s\"", tmp);
	}
	return buf;
}
