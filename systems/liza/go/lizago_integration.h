/* lizago_integration.h — validateIntegrationLifecycle (lizago_integration.c). */
#ifndef LW_LIZAGO_INTEGRATION_H
#define LW_LIZAGO_INTEGRATION_H
#include "systems/liza/go/lizago_rule.h"

/* statevalidate validateIntegrationLifecycle (lizago_integration.c). */
void lizago_integration(lizago_check_ctx *c);
/* integration.go sameStringSet over two sequences of strings: as long, no
 * repeats, the same members (lizago_integration.c). */
bool lizago_same_set(const doc_node *a, const doc_node *b);

#endif
