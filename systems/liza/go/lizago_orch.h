/* lizago_orch.h — watch.go checkMissingOrchestrator (lizago_orch.c). */
#ifndef LW_LIZAGO_ORCH_H
#define LW_LIZAGO_ORCH_H
#include "systems/liza/go/lizago_rule.h"

/* watch.go checkMissingOrchestrator (lizago_orch.c). */
void lizago_orch(lizago_check_ctx *c);

#endif
