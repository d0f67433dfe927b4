/* doc_dupkey.c — YAML forbids duplicate keys, and a loader that silently
 * took the first or the last would hide a corrupted write, so the builder
 * refuses them; this finds them. It runs on every mapping of every reload.
 *
 * Which duplicate is named: in a mapping of up to 32 pairs, the second
 * occurrence of the earliest key that has one (the pairwise scan's answer);
 * in a larger one, the second occurrence of the smallest duplicated key
 * (the sorted scan's). A hash table answers "any duplicate?" for the
 * common, duplicate-free case; only then is the exact scan run to pick the
 * key to name. */
#include "core/doc/doc_dupkey.h"
#include <stdlib.h>
#include <string.h>

enum { PAIRWISE_MAX = 32, SMALL_MAX = 4, SLOTS = 64 };

static bool same_key(const doc_node *a, const doc_node *b)
{
	return a->kind == DOC_SCALAR && b->kind == DOC_SCALAR && a->u.scalar.len == b->u.scalar.len &&
	       memcmp(a->u.scalar.str, b->u.scalar.str, a->u.scalar.len) == 0;
}

static const doc_node *pairwise(const doc_node *map)
{
	for (const doc_node *k = map->u.coll.first; k && k->next; k = k->next->next)
		for (const doc_node *j = k->next->next; j && j->next; j = j->next->next)
			if (same_key(k, j))
				return j;
	return NULL;
}

/* Any two scalar keys equal? At most PAIRWISE_MAX pairs, so the table is
 * at most half full. */
static bool any_duplicate(const doc_node *map)
{
	const doc_node *slot[SLOTS] = { 0 };
	for (const doc_node *k = map->u.coll.first; k && k->next; k = k->next->next) {
		if (k->kind != DOC_SCALAR)
			continue;
		unsigned h = doc_key_hash(k->u.scalar.str, k->u.scalar.len) & (SLOTS - 1);
		for (; slot[h]; h = (h + 1) & (SLOTS - 1))
			if (same_key(slot[h], k))
				return true;
		slot[h] = k;
	}
	return false;
}

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

static const doc_node *sorted(const doc_node *map, size_t pairs)
{
	const doc_node **keys = malloc(pairs * sizeof *keys);
	if (!keys)
		return NULL;
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
	return dup;
}

const doc_node *doc_duplicate_key(const doc_node *map)
{
	size_t pairs = map->u.coll.count / 2;
	if (pairs < 2)
		return NULL;
	if (pairs <= SMALL_MAX)   /* a history entry: a few compares beat clearing a table */
		return pairwise(map);
	if (pairs <= PAIRWISE_MAX)
		return any_duplicate(map) ? pairwise(map) : NULL;
	return sorted(map, pairs);
}
