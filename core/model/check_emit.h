/* check_emit.h — what the checks of every one-file-per-task system share:
 * one way to raise an alert (since never in the future, an identity key
 * when one subject can carry several alerts of a code), and the load's
 * problems turned into alerts (parse_error CRIT for a file that did not
 * parse, invalid_state WARN for a value of the wrong type). */
#ifndef LW_CHECK_EMIT_H
#define LW_CHECK_EMIT_H
#include "core/model/model.h"

/* key NULL: the subject is the identity; else "subject#key". since
 * LW_NO_TIME or ahead of the clock reads as ctx->now. */
lw_alert *lw_check_emit(lw_check_ctx *ctx, lw_level level, const char *system, const char *code,
                        const char *subject, const char *key, time_t since, const char *fmt, ...)
	__attribute__((format(printf, 8, 9)));
void lw_check_problems(const lw_snapshot *snap, const char *system, lw_check_ctx *ctx);

#endif
