/* adapters.c — the registry of state systems, in header order. */
#include "core/adapter.h"
#include "core/liza.h"

const lw_adapter *const lw_adapters[] = {
	&lw_adapter_liza,
	NULL,
};
