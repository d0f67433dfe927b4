/* adapters.c — the registry of state systems, in header order. */
#include "core/model/adapter.h"
#include "systems/acp/acp.h"
#include "systems/foreman/foreman.h"
#include "systems/liza/liza.h"
#include "systems/rcs/rcs.h"
#include "systems/aot/aot.h"

const lw_adapter *const lw_adapters[] = {
	&lw_adapter_liza,
	&lw_adapter_rcs,
	&lw_adapter_aot,
	&lw_adapter_foreman,
	&lw_adapter_acp,
	NULL,
};
