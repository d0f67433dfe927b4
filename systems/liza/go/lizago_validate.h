/* lizago_validate.h — statevalidate's validators beyond the task invariants
 * (lizago_validate.c). */
#ifndef LW_LIZAGO_VALIDATE_H
#define LW_LIZAGO_VALIDATE_H
#include "systems/liza/go/lizago_rule.h"

/* statevalidate validators beyond the task invariants (lizago_validate.c). */
void lizago_validate(lizago_check_ctx *c);

#endif
