/* arena.h — bump allocator: everything one loaded snapshot owns lives in one
 * arena and is freed at once, so loaders never track individual frees. */
#ifndef LW_ARENA_H
#define LW_ARENA_H
#include <stddef.h>

struct arena_chunk;
typedef struct arena {
	struct arena_chunk *head;
	size_t used_total;   /* bytes handed out, for RSS accounting in bench */
} arena;

void  arena_init(arena *a);
void  arena_free(arena *a);
void *arena_alloc(arena *a, size_t size);          /* zeroed, 8-aligned */
char *arena_strndup(arena *a, const char *s, size_t n);
char *arena_strdup(arena *a, const char *s);
char *arena_printf(arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
