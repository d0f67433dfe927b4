/* lizago_rule.c — what the rule files of today's Liza share
 * (lizago_rule.h): how a broken invariant is said, the agents' index, and
 * the small tests several rules make. */
#include "systems/liza/go/lizago_rule.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SYS "liza"

typedef lizago_check_ctx gk;

/* One broken invariant: "state.yaml:L:C: <what Liza says> (rule: R)". */
void lizago_check_broken(gk *c, const char *subject, const doc_node *at, const char *rule, const char *key,
                         const char *fmt, ...)
{
	char msg[768], k[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	unsigned line = 0, col = 0;
	if (at && c->d) {
		doc_pos p = doc_where(c->d, at);
		line = p.line;
		col = p.col;
	}
	if (key)
		snprintf(k, sizeof k, "%s:%s", rule, key);
	lw_check_emit(c->ctx, LW_CRIT, SYS, "invalid_state", subject, key ? k : rule, LW_NO_TIME,
	              "%s:%u:%u: %s (rule: %s)", c->st->state_path, line, col, msg, rule);
}

static int agent_key(const void *key, const void *b)
{
	return strcmp(key, (*(const lg_agent *const *)b)->id);
}

const lg_agent *lizago_check_agent(const gk *c, const char *id)
{
	if (!id || !c->agents)
		return NULL;
	const lg_agent **hit = bsearch(id, c->agents, c->nagents, sizeof *c->agents, agent_key);
	return hit ? *hit : NULL;
}

bool lizago_check_orchestrator_role(const lizago_state *st, const char *role)
{
	if (!role)
		return false;
	for (size_t i = 0; i < st->pipeline.npairs; i++) {
		const lg_pair *p = &st->pipeline.pairs[i];
		if ((p->doer && strcmp(p->doer, role) == 0) || (p->reviewer && strcmp(p->reviewer, role) == 0))
			return false;
	}
	return true;
}

bool lizago_check_is_string(const doc_node *n)
{
	long long i;
	bool b;
	const char *s = doc_str(n);
	n = doc_deref(n);
	if (!s)
		return false;
	if (n->style != DOC_PLAIN)
		return true;   /* quoted or block: a string whatever it spells */
	if (doc_int(n, &i) == DOC_OK || doc_bool(n, &b) == DOC_OK)
		return false;
	/* a plain float reads as a number too */
	char *end;
	if ((isdigit((unsigned char)*s) || (*s && strchr("+-.", *s))) && (strtod(s, &end), end != s && *end == '\0'))
		return false;
	return true;
}

bool lizago_check_hex(const char *s, size_t len)
{
	if (!s || strlen(s) != len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!strchr("0123456789abcdefABCDEF", s[i]))
			return false;
	return true;
}

bool lizago_check_blank(const char *s)
{
	for (; s && *s; s++)
		if (!isspace((unsigned char)*s))
			return false;
	return true;
}

bool lizago_check_no_time(const doc_node *n)
{
	time_t t;
	return doc_time(n, &t) != DOC_OK;
}

bool lizago_full_commit(const char *s) { return lizago_check_hex(s, 40) || lizago_check_hex(s, 64); }
