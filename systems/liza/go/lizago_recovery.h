/* lizago_recovery.h — validatePrematureRecoveryInto (lizago_recovery.c). */
#ifndef LW_LIZAGO_RECOVERY_H
#define LW_LIZAGO_RECOVERY_H
#include "systems/liza/go/lizago_rule.h"

/* statevalidate validatePrematureRecoveryInto (lizago_recovery.c), and the
 * receipt it judges: goal.integration.premature_recovery, or NULL. */
void lizago_recovery(lizago_check_ctx *c);
bool lizago_recovery_valid(const lizago_state *st);   /* no receipt, or a sound one */
const doc_node *lizago_premature_recovery(const lizago_state *st);

#endif
