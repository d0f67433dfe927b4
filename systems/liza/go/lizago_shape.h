/* lizago_shape.h — the shape of the newer task records (lizago_shape.c). */
#ifndef LW_LIZAGO_SHAPE_H
#define LW_LIZAGO_SHAPE_H
#include "systems/liza/go/lizago_rule.h"

/* validate_task.go's shape of the newer task records: rejected fields,
 * plan_check, acceptance, archived, repair_request, artifact refs
 * (lizago_shape.c). */
void lizago_shape(lizago_check_ctx *c, const lg_task *t);

#endif
