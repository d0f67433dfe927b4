/* lizago_receipts.h — the records a verdict writes (lizago_receipts.c). */
#ifndef LW_LIZAGO_RECEIPTS_H
#define LW_LIZAGO_RECEIPTS_H
#include "systems/liza/go/lizago_rule.h"

/* validateTaskRejectionRCA and validate_lifecycle.go: the records a
 * verdict writes (lizago_receipts.c). */
void lizago_receipts(lizago_check_ctx *c, const lg_task *t);

#endif
