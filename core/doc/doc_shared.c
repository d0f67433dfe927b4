/* doc_shared.c — see doc_shared.h. */
#include "core/doc/doc_shared.h"
#include <stdlib.h>

static doc_shared *share_new(void)
{
	doc_shared *s = calloc(1, sizeof *s);
	if (!s)
		abort();
	s->refs = 1;
	arena_init(&s->mem);
	return s;
}

doc_shared *doc_shared_from_arena(arena *a)
{
	doc_shared *s = share_new();
	s->mem = *a;   /* chunks stay where they are: every node pointer stays valid */
	s->base_bytes = a->used_total;
	arena_init(a);
	return s;
}

doc_shared *doc_shared_from_block(void *block, size_t bytes, doc_shared *older)
{
	doc_shared *s = share_new();
	s->block = block;
	s->older = doc_shared_ref(older);
	s->base_bytes = older->base_bytes;
	s->patch_bytes = older->patch_bytes + bytes;
	return s;
}

doc_shared *doc_shared_ref(doc_shared *s)
{
	s->refs++;
	return s;
}

void doc_shared_release(doc_shared *s)
{
	/* A loop, not recursion: a long-lived HUD may chain thousands of patches. */
	while (s && --s->refs == 0) {
		doc_shared *older = s->older;
		arena_free(&s->mem);
		free(s->block);
		free(s);
		s = older;
	}
}
