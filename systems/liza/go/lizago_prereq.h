/* lizago_prereq.h — ValidationPrerequisiteViolations (lizago_prereq.c). */
#ifndef LW_LIZAGO_PREREQ_H
#define LW_LIZAGO_PREREQ_H
#include "systems/liza/go/lizago_rule.h"

/* models.ValidationPrerequisiteViolations on a task and its output
 * entries (lizago_prereq.c). */
void lizago_prereq(lizago_check_ctx *c, const lg_task *t);
/* prerequisiteEnvName: [A-Za-z_][A-Za-z0-9_]*, at most 256 bytes; runtime
 * inputs name their variables by it too. */
bool lizago_prereq_env_name(const char *s);

#endif
