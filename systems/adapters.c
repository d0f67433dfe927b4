/* adapters.c — the registry of state systems: one line per system, in the
 * order the header, --help and `config` list them. A system's adapter
 * (systems/<name>/<name>_adapter.c, `lw_adapter_<name>`) declares the rest:
 * detection, loader, checks, transitions, settings, usage line, demo team. */
#include "core/model/adapter.h"

#define LW_SYSTEMS(X) \
	X(liza)       \
	X(rcs)        \
	X(aot)        \
	X(foreman)    \
	X(acp)        \
	/* one line per system, above this one */

#define LW_DECLARE(name) extern const lw_adapter lw_adapter_##name;
LW_SYSTEMS(LW_DECLARE)

#define LW_ENTRY(name) &lw_adapter_##name,
const lw_adapter *const lw_adapters[] = { LW_SYSTEMS(LW_ENTRY) NULL };
