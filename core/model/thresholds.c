/* thresholds.c — the general thresholds' built-in values, and the layout of
 * the systems' blocks (each adapter's th_default, in registry order). */
#include "core/model/thresholds.h"
#include "core/model/adapter.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WARN_BELOW = 2 };

size_t lw_thresholds_base(const lw_adapter *a)
{
	size_t base = 0;
	for (const lw_adapter *const *p = lw_adapters; *p && *p != a; p++)
		base += (*p)->th_size / sizeof(long long);
	return base;
}

void lw_thresholds_default(lw_thresholds *t)
{
	memset(t, 0, sizeof *t);
	t->warn_below = WARN_BELOW;
	size_t base = 0;
	for (const lw_adapter *const *p = lw_adapters; *p; p++) {
		size_t words = (*p)->th_size / sizeof(long long);
		if (!words)
			continue;
		if ((*p)->th_size % sizeof(long long) || base + words > LW_TH_SYSTEM_WORDS) {
			fprintf(stderr, "liza-watch: %s's thresholds do not fit: raise LW_TH_SYSTEM_WORDS\n",
			        (*p)->name);
			abort();   /* a build mistake, seen by the first test that runs */
		}
		memcpy(&t->sys[base], (*p)->th_default, (*p)->th_size);
		base += words;
	}
}

const lw_thresholds *lw_thresholds_builtin(void)
{
	static lw_thresholds builtin;
	static int made;
	if (!made) {
		lw_thresholds_default(&builtin);
		made = 1;
	}
	return &builtin;
}

const void *lw_thresholds_of(const lw_thresholds *t, const lw_adapter *a)
{
	if (!a->th_size)
		return NULL;
	return &(t ? t : lw_thresholds_builtin())->sys[lw_thresholds_base(a)];
}
