/* registry.h — questions asked of the registry of systems (lw_adapters,
 * systems/adapters.c): which systems there are, what each accepts, what
 * detection looks for. The usage text, `config`, the completions and the
 * "no state found" message are built from these answers. */
#ifndef LW_REGISTRY_H
#define LW_REGISTRY_H
#include <stdbool.h>
#include <stddef.h>
#include "core/model/adapter.h"
#include "core/util/strbuf.h"

/* The adapter of a short name ("liza"), or NULL. */
const lw_adapter *lw_registry_find(const char *name);
/* The adapter a TASK spelling names by its prefix ("liza:task-3", "liza",
 * "liza:"), or NULL when it has none. */
const lw_adapter *lw_registry_of_spec(const char *spec);
/* The events a system accepts, each once, in table order (tx, then
 * tx_more). Returns how many (at most max). */
size_t lw_registry_events(const lw_adapter *a, const char **out, size_t max);
/* Does the system have project-wide levers (rows with no from-state) that
 * need no subject ("transition liza pause")? */
bool lw_registry_has_levers(const lw_adapter *a);
/* Every system's looks_for, joined by ", ". */
void lw_registry_looked_for(strbuf *out);

#endif
