/* arena.c — see arena.h. Chunks grow geometrically so a 10,000-task state
 * costs a handful of mallocs, not one per node. */
#include "core/arena.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arena_chunk {
	struct arena_chunk *next;
	size_t cap, used;
	_Alignas(8) unsigned char data[];
};

#define ARENA_MIN_CHUNK (16u * 1024u)

void arena_init(arena *a) { a->head = NULL; a->used_total = 0; }

void arena_free(arena *a)
{
	struct arena_chunk *c = a->head;
	while (c) {
		struct arena_chunk *n = c->next;
		free(c);
		c = n;
	}
	a->head = NULL;
	a->used_total = 0;
}

void *arena_alloc(arena *a, size_t size)
{
	/* 8-byte alignment suits every struct here (pointers, size_t, time_t);
	 * 16 would waste space on every node. */
	size = (size + 7u) & ~(size_t)7u;
	struct arena_chunk *c = a->head;
	if (c)
		c->used = (c->used + 7u) & ~(size_t)7u;   /* after an unaligned string */
	if (!c || c->used > c->cap || c->cap - c->used < size) {
		size_t cap = c ? c->cap * 2 : ARENA_MIN_CHUNK;
		if (cap > 8u * 1024u * 1024u)
			cap = 8u * 1024u * 1024u;
		if (cap < size)
			cap = size;
		struct arena_chunk *n = malloc(sizeof *n + cap);
		if (!n) {
			fputs("liza-watch: out of memory\n", stderr);
			abort();
		}
		n->next = c;
		n->cap = cap;
		n->used = 0;
		a->head = c = n;
	}
	void *p = c->data + c->used;
	c->used += size;
	a->used_total += size;
	memset(p, 0, size);
	return p;
}

char *arena_strndup(arena *a, const char *s, size_t n)
{
	/* Strings need no alignment: take exactly n + 1 bytes. */
	struct arena_chunk *c = a->head;
	char *p;
	if (c && c->cap - c->used >= n + 1) {
		p = (char *)c->data + c->used;
		c->used += n + 1;
		a->used_total += n + 1;
	} else {
		p = arena_alloc(a, n + 1);
	}
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

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
