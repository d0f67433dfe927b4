/* lizago_patterns.h — the circuit breaker's pattern analysis (lizago_patterns.c). */
#ifndef LW_LIZAGO_PATTERNS_H
#define LW_LIZAGO_PATTERNS_H
#include "systems/liza/go/lizago_rule.h"

/* commands/watch.go checkCircuitBreakerEscalation over analysis.
 * DetectUnacknowledgedPatterns (lizago_patterns.c). */
void lizago_patterns(lizago_check_ctx *c);

#endif
