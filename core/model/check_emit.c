/* check_emit.c — see check_emit.h. */
#include "core/model/check_emit.h"
#include "core/util/timeparse.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

lw_alert *lw_check_emit(lw_check_ctx *ctx, lw_level level, const char *system, const char *code,
                        const char *subject, const char *key, time_t since, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (since == LW_NO_TIME || since > ctx->now)
		since = ctx->now;
	lw_alert *a = lw_alerts_add(ctx->out, level, system, code, subject, since, "%s", msg);
	if (key)
		a->key = arena_printf(&ctx->out->mem, "%s#%s", subject, key);
	return a;
}

lw_alert *lw_check_agent_stale(lw_check_ctx *ctx, lw_alert *a, const char *agent)
{
	if (a && agent && *agent)
		a->agent = arena_strdup(&ctx->out->mem, agent);
	return a;
}

const char *lw_problem_code(const lw_problem *p, lw_level *level)
{
	static const struct { const char *code; lw_level level; } codes[] = {
		{ "unreadable", LW_CRIT }, { "dangling_link", LW_WARN }, { "parse_error", LW_CRIT },
		{ "bad_limit", LW_WARN }, { "unknown_schema", LW_WARN },
		{ "link_outside", LW_INFO },
	};
	for (size_t i = 0; p->rule && i < sizeof codes / sizeof *codes; i++)
		if (strcmp(p->rule, codes[i].code) == 0) {
			*level = codes[i].level;
			return codes[i].code;
		}
	return NULL;
}

bool lw_limit_check(lw_snapshot *s, const char *subject, const char *file, const doc_node *at, const char *key,
                    long long v)
{
	if (v > 0)
		return true;
	lw_snapshot_problem(s, subject, "bad_limit", file, at, "%s: %lld is no limit (it must be 1 or more); "
	                    "checks that use it judge by the default", key, v);
	return false;
}

bool lw_check_shared_problem(lw_check_ctx *ctx, const char *system, const lw_problem *p)
{
	lw_level level;
	const char *code = lw_problem_code(p, &level);
	if (!code || strcmp(code, "parse_error") == 0)
		return false;
	lw_check_emit(ctx, level, system, code, p->subject, p->message, LW_NO_TIME, "%s", p->message);
	return true;
}

void lw_check_problems(const lw_snapshot *snap, const char *system, lw_check_ctx *ctx)
{
	for (size_t i = 0; i < snap->nproblems; i++) {
		const lw_problem *p = &snap->problems[i];
		if (lw_check_shared_problem(ctx, system, p))
			continue;
		bool parse = p->rule && strcmp(p->rule, "parse_error") == 0;
		/* keyed by the message (file:line:col and what): stable across reloads */
		lw_check_emit(ctx, parse ? LW_CRIT : LW_WARN, system, parse ? "parse_error" : "invalid_state", p->subject,
		              p->message, LW_NO_TIME, "%s", p->message);
	}
}
