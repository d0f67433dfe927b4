/* lizago_procs.h — watch.go's process checks (lizago_procs.c). */
#ifndef LW_LIZAGO_PROCS_H
#define LW_LIZAGO_PROCS_H
#include "systems/liza/go/lizago_rule.h"

/* watch.go's process checks, when LIZA_WATCH_PROBE_PIDS=1 says liza-watch
 * runs on the agents' host (lizago_procs.c). */
bool lizago_procs_enabled(void);
void lizago_procs(lizago_check_ctx *c);

#endif
