/* adapters.c — the registry of state systems, in header order. */
#include "core/adapter.h"
#include "core/acp.h"
#include "core/foreman.h"
#include "core/liza.h"
#include "core/rcs.h"
#include "core/aot.h"

const lw_adapter *const lw_adapters[] = {
	&lw_adapter_liza,
	&lw_adapter_rcs,
	&lw_adapter_aot,
	&lw_adapter_foreman,
	&lw_adapter_acp,
	NULL,
};
