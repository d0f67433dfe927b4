/* arena.c — see arena.h. Chunks grow geometrically so a 10,000-task state
 * costs a handful of mallocs, not one per node. */
#include "core/doc/arena.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

struct arena_chunk {
	struct arena_chunk *next;
	size_t cap;
	_Alignas(8) char data[];
};

#define ARENA_MIN_CHUNK (16u * 1024u)
#define ARENA_MAX_CHUNK (8u * 1024u * 1024u)

void arena_init(arena *a)
{
	a->head = NULL;
	a->used_total = 0;
	a->cur = a->end = NULL;
}

void arena_free(arena *a)
{
	struct arena_chunk *c = a->head;
	while (c) {
		struct arena_chunk *n = c->next;
		free(c);
		c = n;
	}
	arena_init(a);
}

void *arena_grow(arena *a, size_t size)
{
	size = (size + 7u) & ~(size_t)7u;
	size_t cap = a->head ? a->head->cap * 2 : ARENA_MIN_CHUNK;
	if (cap > ARENA_MAX_CHUNK)
		cap = ARENA_MAX_CHUNK;
	if (cap < size)
		cap = size;
	struct arena_chunk *n = malloc(sizeof *n + cap);
	if (!n) {
		fputs("liza-watch: out of memory\n", stderr);
		abort();
	}
	n->next = a->head;
	n->cap = cap;
	a->head = n;
	a->cur = n->data + size;
	a->end = n->data + cap;
	a->used_total += size;
	return n->data;
}

void *arena_alloc(arena *a, size_t size)
{
	void *p = arena_alloc_raw(a, size);
	memset(p, 0, size);
	return p;
}

char *arena_strndup(arena *a, const char *s, size_t n) { return arena_strndup_inline(a, s, n); }

char *arena_strdup(arena *a, const char *s) { return s ? arena_strndup(a, s, strlen(s)) : NULL; }

char *arena_printf(arena *a, const char *fmt, ...)
{
	va_list ap, ap2;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	char *p = arena_alloc(a, (size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	return p;
}
