/* registry.c — see registry.h. */
#include "core/model/registry.h"
#include <string.h>

const lw_adapter *lw_registry_find(const char *name)
{
	for (const lw_adapter *const *a = lw_adapters; name && *a; a++)
		if (strcmp((*a)->name, name) == 0)
			return *a;
	return NULL;
}

const lw_adapter *lw_registry_of_spec(const char *spec)
{
	if (!spec)
		return NULL;
	size_t n = strcspn(spec, ":");
	for (const lw_adapter *const *a = lw_adapters; *a; a++)
		if (strlen((*a)->name) == n && strncmp((*a)->name, spec, n) == 0)
			return *a;
	return NULL;
}

static size_t add_events(const tx_table *t, const char **out, size_t n, size_t max)
{
	for (size_t i = 0; t && i < t->n && n < max; i++) {
		size_t k = 0;
		while (k < n && strcmp(out[k], t->rows[i].event) != 0)
			k++;
		if (k == n)
			out[n++] = t->rows[i].event;
	}
	return n;
}

size_t lw_registry_events(const lw_adapter *a, const char **out, size_t max)
{
	size_t n = add_events(a->tx, out, 0, max);
	return add_events(a->tx_more, out, n, max);
}

bool lw_registry_has_levers(const lw_adapter *a)
{
	if (a->open_subjects)   /* its levers name a subject after the colon (rcs:MODE) */
		return false;
	for (size_t i = 0; a->tx && i < a->tx->n; i++)
		if (!a->tx->rows[i].from)
			return true;
	return false;
}

void lw_registry_looked_for(strbuf *out)
{
	const char *sep = "";
	for (const lw_adapter *const *a = lw_adapters; *a; a++)
		if ((*a)->looks_for) {
			strbuf_printf(out, "%s%s", sep, (*a)->looks_for);
			sep = ", ";
		}
}

const char *const lw_gauge_loop_legend[] = { "iteration N of the loop's max_iterations; red at the limit", NULL };
