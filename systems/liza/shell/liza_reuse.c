/* liza_reuse.c — see liza_reuse.h. */
#include "systems/liza/shell/liza_reuse.h"
#include "systems/liza/shell/liza.h"
#include <string.h>

static void *dup_array(arena *a, const void *v, size_t n, size_t size)
{
	if (!n)
		return NULL;   /* nothing to read: counts, not pointers, bound every walk */
	void *c = arena_alloc(a, n * size);
	memcpy(c, v, n * size);
	return c;
}

static void dup_strv(arena *a, liza_strv *sv)
{
	sv->v = dup_array(a, sv->v, sv->n, sizeof *sv->v);
}

void liza_task_reuse(arena *a, liza_task *dst, const liza_task *src, const doc_node *node)
{
	*dst = *src;
	dst->node = node;
	if (src->id_made)   /* "tasks[3]", in src's arena */
		dst->id = arena_strdup(a, src->id);
	dst->history = dup_array(a, src->history, src->nhistory, sizeof *src->history);
	dup_strv(a, &dst->depends_on);
	dup_strv(a, &dst->failed_by);
	dup_strv(a, &dst->blocked_questions);
	dup_strv(a, &dst->superseded_by);
}
