/* strdist.c — see strdist.h. Three rows of the dynamic-programming table
 * (a transposition looks two rows back), on the stack: the words are
 * command names. */
#include "core/util/strdist.h"
#include <stdint.h>
#include <string.h>

static size_t strdist_min(size_t a, size_t b) { return a < b ? a : b; }

size_t lw_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > LW_EDIT_DISTANCE_MAX_LEN || lb > LW_EDIT_DISTANCE_MAX_LEN)
		return SIZE_MAX;
	size_t rows[3][LW_EDIT_DISTANCE_MAX_LEN + 1];
	size_t *two = rows[0], *prev = rows[1], *cur = rows[2];
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t v = strdist_min(prev[j] + 1, cur[j - 1] + 1);
			v = strdist_min(v, prev[j - 1] + (a[i - 1] != b[j - 1]));
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
				v = strdist_min(v, two[j - 2] + 1);
			cur[j] = v;
		}
		size_t *t = two;
		two = prev;
		prev = cur;
		cur = t;
	}
	return prev[lb];
}
