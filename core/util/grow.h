/* grow.h — room for one more element at the end of a malloc'd array: the
 * one growth rule of the program's lists (double when full, abort when
 * memory runs out, as every allocation here does). */
#ifndef LW_GROW_H
#define LW_GROW_H
#include <stddef.h>

/* v holds n elements of elem bytes in *cap places; when n == *cap the
 * places double (first, when there were none). Returns the array, moved
 * or not: `l->v = lw_grow(l->v, &l->cap, l->n, sizeof *l->v, 16);`. */
void *lw_grow(void *v, size_t *cap, size_t n, size_t elem, size_t first);

#endif
