/* liza_index.c — see liza_index.h. */
#include "core/util/strbuf.h"
#include "systems/liza/shell/liza_index.h"
#include "systems/liza/shell/liza.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_ent(const void *pa, const void *pb)
{
	const liza_index_ent *a = pa, *b = pb;
	int c = strcmp(a->key, b->key);
	if (c)
		return c;
	return a->i < b->i ? -1 : a->i > b->i;
}

static void index_start(liza_index *x, size_t cap)
{
	x->n = 0;
	x->slot = NULL;
	x->v = malloc((cap ? cap : 1) * sizeof *x->v);
	if (!x->v)
		abort();
}

static void index_add(liza_index *x, const char *key, size_t i)
{
	if (!key)
		return;
	x->v[x->n].key = key;
	x->v[x->n].i = i;
	x->n++;
}

static void index_sort(liza_index *x)
{
	if (x->n > 1)
		qsort(x->v, x->n, sizeof *x->v, cmp_ent);
}

static uint32_t key_hash(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* Hash each key's first entry (entries of one key sit together). */
static void index_hash(liza_index *x, arena *a)
{
	size_t cap = 16;
	while (cap < 2 * x->n)
		cap *= 2;
	x->mask = cap - 1;
	x->slot = arena_alloc(a, cap * sizeof *x->slot);
	for (size_t j = 0; j < x->n; j++) {
		if (j > 0 && strcmp(x->v[j].key, x->v[j - 1].key) == 0)
			continue;
		uint32_t h = key_hash(x->v[j].key);
		size_t k = h & x->mask;
		while (x->slot[k].at)
			k = (k + 1) & x->mask;
		x->slot[k] = (liza_index_slot){ h, (uint32_t)j + 1 };
	}
}

void liza_index_tasks_in(liza_index *x, arena *a, const liza_state *st)
{
	x->n = 0;
	x->v = arena_alloc(a, (st->ntasks + 1) * sizeof *x->v);
	for (size_t i = 0; i < st->ntasks; i++)
		index_add(x, st->tasks[i].id, i);
	index_sort(x);
	index_hash(x, a);
}

void liza_index_tasks_after(liza_index *x, arena *a, const liza_state *st, const liza_state *prev, size_t changed)
{
	const liza_index *p = &prev->tasks_by_id;
	if (prev->ntasks != st->ntasks || changed >= st->ntasks || p->n != st->ntasks || !p->slot ||
	    strcmp(prev->tasks[changed].id, st->tasks[changed].id) != 0) {
		liza_index_tasks_in(x, a, st);
		return;
	}
	x->n = p->n;
	x->v = arena_alloc(a, (p->n + 1) * sizeof *x->v);
	memcpy(x->v, p->v, p->n * sizeof *x->v);
	for (size_t j = 0; j < x->n; j++)   /* the same texts, but this state's strings */
		x->v[j].key = st->tasks[x->v[j].i].id;
	x->mask = p->mask;
	x->slot = arena_alloc(a, (p->mask + 1) * sizeof *x->slot);
	memcpy(x->slot, p->slot, (p->mask + 1) * sizeof *x->slot);
}

void liza_index_agents(liza_index *x, const liza_state *st)
{
	index_start(x, st->nagents);
	for (size_t i = 0; i < st->nagents; i++)
		index_add(x, st->agents[i].id, i);
	index_sort(x);
}

void liza_index_handoffs(liza_index *x, const liza_state *st)
{
	index_start(x, st->nhandoffs);
	for (size_t i = 0; i < st->nhandoffs; i++)
		index_add(x, st->handoffs[i].task, i);
	index_sort(x);
}

void liza_index_free(liza_index *x)
{
	free(x->v);
	x->v = NULL;
	x->n = 0;
}

const liza_index_ent *liza_index_lookup(const liza_index *x, const char *key)
{
	if (!key)
		return NULL;
	if (x->slot) {
		uint32_t h = key_hash(key);
		for (size_t k = h & x->mask; x->slot[k].at; k = (k + 1) & x->mask)
			if (x->slot[k].hash == h && strcmp(x->v[x->slot[k].at - 1].key, key) == 0)
				return &x->v[x->slot[k].at - 1];
		return NULL;
	}
	size_t lo = 0, hi = x->n;      /* lower bound: first entry whose key >= key */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(x->v[mid].key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < x->n && strcmp(x->v[lo].key, key) == 0 ? &x->v[lo] : NULL;
}

long liza_index_find(const liza_index *x, const char *key)
{
	const liza_index_ent *e = liza_index_lookup(x, key);
	return e ? (long)e->i : -1;
}

const char **liza_sorted_ids(const liza_strv *sv)
{
	if (!sv || !sv->n)
		return NULL;
	const char **v = malloc(sv->n * sizeof *v);
	if (!v)
		abort();
	memcpy(v, sv->v, sv->n * sizeof *v);
	qsort(v, sv->n, sizeof *v, lw_strp_cmp);
	return v;
}

size_t liza_distinct_ids(const liza_strv *sv)
{
	if (!sv || !sv->n)
		return 0;
	if (sv->n == 1)
		return 1;
	const char **v = liza_sorted_ids(sv);
	size_t d = 1;
	for (size_t i = 1; i < sv->n; i++)
		d += strcmp(v[i], v[i - 1]) != 0;
	free(v);
	return d;
}

const char *liza_join_ids(char *buf, size_t n, const char *const *ids, size_t count)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < count && i < LIZA_IDS_LISTED && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "", ids[i]);
	if (count > LIZA_IDS_LISTED && used < n)
		snprintf(buf + used, n - used, " and %zu more", count - LIZA_IDS_LISTED);
	return buf;
}
