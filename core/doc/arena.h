/* arena.h — bump allocator: everything one loaded snapshot owns lives in one
 * arena and is freed at once, so loaders never track individual frees.
 *
 * The common case (room left in the newest chunk) is inline: building the
 * tree of a 10,000-task state allocates over a million nodes and strings,
 * and a call per allocation was a measurable part of a reload. */
#ifndef LW_ARENA_H
#define LW_ARENA_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct arena_chunk;
typedef struct arena {
	struct arena_chunk *head;
	size_t used_total;   /* bytes handed out, for RSS accounting in bench */
	char *cur, *end;     /* free space left in head: [cur, end) */
} arena;

void  arena_init(arena *a);
void  arena_free(arena *a);
void *arena_alloc(arena *a, size_t size);          /* zeroed, 8-aligned */
char *arena_strndup(arena *a, const char *s, size_t n);
char *arena_strdup(arena *a, const char *s);
char *arena_printf(arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The slow path of the inline allocators: a new chunk holding size bytes
 * (8-aligned), which it hands out. */
void *arena_grow(arena *a, size_t size);

/* Not zeroed, 8-aligned: for callers that set every field themselves. */
static inline void *arena_alloc_raw(arena *a, size_t size)
{
	/* 8-byte alignment suits every struct here (pointers, size_t, time_t);
	 * 16 would waste space on every node. */
	size = (size + 7u) & ~(size_t)7u;
	uintptr_t p = ((uintptr_t)a->cur + 7u) & ~(uintptr_t)7u;   /* after an unaligned string */
	if (!a->cur || p > (uintptr_t)a->end || (uintptr_t)a->end - p < size)
		return arena_grow(a, size);
	a->cur = (char *)p + size;
	a->used_total += size;
	return (void *)p;
}

/* s[0, n) and a NUL. Strings need no alignment: exactly n + 1 bytes. */
static inline char *arena_strndup_inline(arena *a, const char *s, size_t n)
{
	char *p;
	if (a->cur && (size_t)(a->end - a->cur) > n) {
		p = a->cur;
		a->cur += n + 1;
		a->used_total += n + 1;
	} else {
		p = arena_grow(a, n + 1);
	}
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

#endif
