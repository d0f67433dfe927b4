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
/* Says that alert a (just emitted) is an agent going stale, as the
 * system's own check judges it (its threshold, ctx->now): the activity
 * feed then has an agent_stale line about that agent (core/model/activity.h)
 * when the alert is raised, and the agents pane marks it. Returns a. */
lw_alert *lw_check_agent_stale(lw_check_ctx *ctx, lw_alert *a, const char *agent);
void lw_check_problems(const lw_snapshot *snap, const char *system, lw_check_ctx *ctx);

/* Load problems whose rule is an alert code of its own, the same in every
 * system (snapshot_file.h, lw_limit_check):
 *   unreadable CRIT, dangling_link WARN, parse_error CRIT,
 *   bad_limit WARN (a limit of zero or below), unknown_schema WARN,
 *   link_outside INFO (a state path links out of the project: core/model/links.c).
 * The code with *level set, or NULL for a rule the system words itself. */
const char *lw_problem_code(const lw_problem *p, lw_level *level);
/* A problem with one of those codes other than parse_error raised as its
 * alert, keyed by its message; true when it was one. The others (a
 * parse_error, a rule of the system's own) are left to the caller, which
 * words and ranks them the system's way. */
bool lw_check_shared_problem(lw_check_ctx *ctx, const char *system, const lw_problem *p);
/* A limit read from a state file that would switch a check off or make it
 * fire always (0, negative): a bad_limit problem naming it (key, file:line
 * of at). true when it is 1 or more. Call it only for a value written. */
bool lw_limit_check(lw_snapshot *s, const char *subject, const char *file, const doc_node *at, const char *key,
                    long long v);

#endif
