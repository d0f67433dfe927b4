/* liza_broken.c — see liza_broken.h. */
#include "systems/liza/shell/liza_broken.h"
#include "systems/liza/shell/liza.h"
#include <stdarg.h>
#include <stdio.h>

const char liza_broken_by_message[] = "(the message)";

lw_alert *liza_broken(const liza_state *st, lw_check_ctx *ctx, const char *subject, const char *rule,
                      const char *key_extra, const doc_node *at, const char *fmt, ...)
{
	char what[800];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	lw_alerts *out = ctx->out;
	const char *path = st->state_path ? st->state_path : "state.yaml";
	lw_alert *a;
	if (at) {
		doc_pos p = doc_where(st->state_doc, at);   /* a patched tree's nodes keep old positions */
		a = lw_alerts_add(out, LW_CRIT, "liza", "invalid_state", subject, ctx->now, "%s:%u:%u: %s (rule: %s)",
		                  path, p.line, p.col, what, rule);
	} else
		a = lw_alerts_add(out, LW_CRIT, "liza", "invalid_state", subject, ctx->now, "%s: %s (rule: %s)", path,
		                  what, rule);
	if (key_extra == liza_broken_by_message)
		key_extra = what;
	a->key = key_extra ? arena_printf(&out->mem, "%s#%s#%s", a->subject, rule, key_extra)
	                   : arena_printf(&out->mem, "%s#%s", a->subject, rule);
	return a;
}

const doc_node *liza_broken_at(const doc_node *map, const char *key)
{
	const doc_node *n = doc_get(map, key);
	return n ? n : map;
}
