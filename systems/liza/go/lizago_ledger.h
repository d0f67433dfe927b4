/* lizago_ledger.h — the runtime-input ledger's static shape (lizago_ledger.c). */
#ifndef LW_LIZAGO_LEDGER_H
#define LW_LIZAGO_LEDGER_H
#include "systems/liza/go/lizago_rule.h"

/* models.RuntimeInputInstanceViolations on state.runtime_inputs, as
 * statevalidate's validateRuntimeInputLedger reports it. */
void lizago_ledger(lizago_check_ctx *c);

#endif
