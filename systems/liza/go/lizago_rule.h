/* lizago_rule.h — what the rule files of today's Liza share: one pass over a
 * lizago_state at one clock, an index of its agents, and the two ways a
 * rule speaks (a broken invariant: CRIT invalid_state naming the rule and
 * file:line:col; an anomaly alert at the Go watcher's level), with the
 * small tests several rules make (lizago_rule.c). A rule file includes
 * this and its own header; lizago_check.c runs the pass. */
#ifndef LW_LIZAGO_RULE_H
#define LW_LIZAGO_RULE_H
#include "systems/liza/go/lizago.h"
#include "core/model/check_emit.h"
#include "core/util/timeparse.h"

typedef struct lizago_check_ctx {
	const lizago_state *st;
	lw_check_ctx *ctx;
	const doc *d;                 /* the state doc, for positions */
	const lg_agent **agents;      /* sorted by id, for lookups */
	size_t nagents;
} lizago_check_ctx;

/* "state.yaml:L:C: <what Liza says> (rule: R)", CRIT invalid_state; key
 * tells apart several violations of one rule on one subject (NULL: rule). */
void lizago_check_broken(lizago_check_ctx *c, const char *subject, const doc_node *at, const char *rule,
                         const char *key, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
const lg_agent *lizago_check_agent(const lizago_check_ctx *c, const char *id);
/* Is this a role no role pair names as doer or reviewer (the orchestrator)? */
bool lizago_check_orchestrator_role(const lizago_state *st, const char *role);

/* strings.TrimSpace(s) == "" (NULL too); a time Go's decoder leaves zero
 * (absent, null or unreadable). */
bool lizago_check_blank(const char *s);
bool lizago_check_no_time(const doc_node *n);

/* models.IsFullReviewCommit: 40 or 64 hex digits. */
bool lizago_full_commit(const char *s);

/* A scalar Go's YAML decoder reads as a string (not null, bool or number). */
bool lizago_check_is_string(const doc_node *n);

/* s is len hex digits. */
bool lizago_check_hex(const char *s, size_t len);

#endif
