/* lizago_runtime.h — models.RuntimeInputViolations (lizago_runtime.c). */
#ifndef LW_LIZAGO_RUNTIME_H
#define LW_LIZAGO_RUNTIME_H
#include "systems/liza/go/lizago_rule.h"

/* models.RuntimeInputViolations on a task's runtime_inputs against its
 * validation commands, and on each output entry's against the entry's. */
void lizago_runtime(lizago_check_ctx *c, const lg_task *t);

#endif
