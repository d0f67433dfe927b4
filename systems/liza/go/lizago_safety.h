/* lizago_safety.h — models.ValidationSafetyViolations (lizago_safety.c). */
#ifndef LW_LIZAGO_SAFETY_H
#define LW_LIZAGO_SAFETY_H
#include "systems/liza/go/lizago_rule.h"

/* models.ValidationSafetyViolations on a task's validation and each output
 * entry's; its parts for the coding allocation: a YAML true as Go's decoder
 * reads it, the break-glass marker, and the check under a rule and
 * separator of the caller's, all or only the first defect. */
void lizago_safety(lizago_check_ctx *c, const lg_task *t);
bool lizago_safety_true(const doc_node *n);
bool lizago_safety_marked(const char *cmd);
size_t lizago_safety_check(lizago_check_ctx *c, const lg_task *t, const char *rule, const char *sep,
                           const char *field, const doc_node *cmds, bool destructive, bool first_only);

#endif
