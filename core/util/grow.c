/* grow.c — see grow.h. */
#include "core/util/grow.h"
#include <stdlib.h>

void *lw_grow(void *v, size_t *cap, size_t n, size_t elem, size_t first)
{
	if (n < *cap)
		return v;
	*cap = *cap ? *cap * 2 : first;
	v = realloc(v, *cap * elem);
	if (!v)
		abort();
	return v;
}
