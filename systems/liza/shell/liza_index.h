/* liza_index.h — a sorted (id → position) index over Liza's tasks, agents
 * or handoff entries, so checks look ids up in O(log n) instead of scanning
 * every task per task (states reach 10,000 tasks). Entries with the same id
 * sit next to each other in file order, which is also how duplicates are
 * found. Scratch memory: malloc'd, freed by liza_index_free; the loader's
 * index of tasks (liza_state.tasks_by_id) lives in the snapshot's arena. */
#ifndef LW_LIZA_INDEX_H
#define LW_LIZA_INDEX_H
#include "systems/liza/shell/liza.h"

/* Tasks by id, in a: built by the loader for the checks and invariants. */
void liza_index_tasks_in(liza_index *x, arena *a, const liza_state *st);
/* The same, after a load that reused prev's tasks in their places and
 * loaded task `changed` again: prev's order still holds when that task's id
 * reads the same, so the sort is skipped. */
void liza_index_tasks_after(liza_index *x, arena *a, const liza_state *st, const liza_state *prev, size_t changed);
void liza_index_agents(liza_index *x, const liza_state *st);
void liza_index_handoffs(liza_index *x, const liza_state *st);
void liza_index_free(liza_index *x);
/* The first entry (in file order) with this key, or NULL; further entries
 * with the same key follow it. */
const liza_index_ent *liza_index_lookup(const liza_index *x, const char *key);
/* Position of the first item with this key, or -1. */
long liza_index_find(const liza_index *x, const char *key);

/* Sort a list of ids (a copy, malloc'd) so duplicates sit together. The
 * caller frees the returned array; n==0 returns NULL. */
const char **liza_sorted_ids(const liza_strv *sv);
/* Distinct ids in a list (NULL-safe). */
size_t liza_distinct_ids(const liza_strv *sv);
/* "a, b, c and 4 more" in buf: the first LIZA_IDS_LISTED of count ids,
 * so one message stays readable however many ids a state lists. */
enum { LIZA_IDS_LISTED = 8 };
const char *liza_join_ids(char *buf, size_t n, const char *const *ids, size_t count);

#endif
