/* lizago_alloc.h — models.ValidateCodingAllocationOutput (lizago_alloc.c). */
#ifndef LW_LIZAGO_ALLOC_H
#define LW_LIZAGO_ALLOC_H
#include "systems/liza/go/lizago_rule.h"

/* models.ValidateCodingAllocationOutput, and referencecontract.
 * ValidateAcceptancePath's message for a path (NULL: ok). */
void lizago_alloc(lizago_check_ctx *c, const lg_task *t);
const char *lizago_alloc_path_error(const char *v);

#endif
