/* lizago_providers.h — validateDependencies' provider declarations
 * (lizago_providers.c). */
#ifndef LW_LIZAGO_PROVIDERS_H
#define LW_LIZAGO_PROVIDERS_H
#include "systems/liza/go/lizago_rule.h"

/* validateDependencies' provider declarations and output caps, as far as
 * they need no pipeline transitions. */
void lizago_providers(lizago_check_ctx *c);

#endif
