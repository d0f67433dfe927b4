/* alert_index.c — see alert_index.h. Open addressing over the positions,
 * FNV-1a over the three strings; filled in order and a second alert of an
 * identity left out, so a lookup finds the first, as a scan would. */
#include "core/model/alert_index.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix(uint64_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return (h ^ 0xff) * 0x100000001b3ull;   /* a separator no string holds: ("ab","c") != ("a","bc") */
}

static size_t hash(const char *system, const char *code, const char *key)
{
	return (size_t)mix(mix(mix(0xcbf29ce484222325ull, system), code), key);
}

static bool same(const lw_alert *a, const char *system, const char *code, const char *key)
{
	return strcmp(a->key, key) == 0 && strcmp(a->code, code) == 0 && strcmp(a->system, system) == 0;
}

void lw_alert_index_init(lw_alert_index *ix, const lw_alerts *set)
{
	size_t cap = 16;
	while (cap < 2 * set->n)
		cap *= 2;
	ix->set = set;
	ix->mask = cap - 1;
	ix->slot = calloc(cap, sizeof *ix->slot);
	if (!ix->slot)
		abort();
	for (size_t i = 0; i < set->n; i++) {
		const lw_alert *a = &set->v[i];
		size_t h = hash(a->system, a->code, a->key) & ix->mask;
		for (; ix->slot[h]; h = (h + 1) & ix->mask)
			if (same(&set->v[ix->slot[h] - 1], a->system, a->code, a->key))
				break;
		if (!ix->slot[h])
			ix->slot[h] = i + 1;
	}
}

void lw_alert_index_free(lw_alert_index *ix)
{
	free(ix->slot);
	ix->slot = NULL;
}

const lw_alert *lw_alert_index_find(const lw_alert_index *ix, const char *system, const char *code,
                                    const char *key)
{
	for (size_t h = hash(system, code, key) & ix->mask; ix->slot[h]; h = (h + 1) & ix->mask) {
		const lw_alert *a = &ix->set->v[ix->slot[h] - 1];
		if (same(a, system, code, key))
			return a;
	}
	return NULL;
}
