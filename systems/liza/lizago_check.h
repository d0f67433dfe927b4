/* lizago_check.h — what today's Liza's check files share: one pass over a
 * lizago_state at one clock, an index of its agents, and the two ways a
 * check speaks (a broken invariant: CRIT invalid_state naming the rule and
 * file:line:col; an anomaly alert at the Go watcher's level).
 * lizago_check.c runs the pass; lizago_validate.c holds the validators of
 * agents, dependencies, sprint, discoveries, anomalies and handoff events;
 * lizago_patterns.c the circuit breaker's pattern analysis. */
#ifndef LW_LIZAGO_CHECK_H
#define LW_LIZAGO_CHECK_H
#include "systems/liza/lizago.h"
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

/* statevalidate validators beyond the task invariants (lizago_validate.c). */
void lizago_validate(lizago_check_ctx *c);
/* commands/watch.go checkCircuitBreakerEscalation over analysis.
 * DetectUnacknowledgedPatterns (lizago_patterns.c). */
void lizago_patterns(lizago_check_ctx *c);
/* statehygiene.ValidateState (lizago_hygiene.c); its transcript test. */
void lizago_hygiene(lizago_check_ctx *c);
bool lizago_hygiene_transcript(const char *s);
/* watch.go's process checks, when LIZA_WATCH_PROBE_PIDS=1 says liza-watch
 * runs on the agents' host (lizago_procs.c). */
bool lizago_procs_enabled(void);
void lizago_procs(lizago_check_ctx *c);
/* watch.go checkMissingOrchestrator (lizago_orch.c). */
void lizago_orch(lizago_check_ctx *c);
/* statevalidate validateIntegrationLifecycle (lizago_integration.c). */
void lizago_integration(lizago_check_ctx *c);
/* integration.go sameStringSet over two sequences of strings: as long, no
 * repeats, the same members (lizago_integration.c). */
bool lizago_same_set(const doc_node *a, const doc_node *b);
/* statevalidate validatePrematureRecoveryInto (lizago_recovery.c), and the
 * receipt it judges: goal.integration.premature_recovery, or NULL. */
void lizago_recovery(lizago_check_ctx *c);
bool lizago_recovery_valid(const lizago_state *st);   /* no receipt, or a sound one */
const doc_node *lizago_premature_recovery(const lizago_state *st);

/* validate_task.go's shape of the newer task records: rejected fields,
 * plan_check, acceptance, archived, repair_request, artifact refs
 * (lizago_shape.c). */
void lizago_shape(lizago_check_ctx *c, const lg_task *t);
/* models.ValidationPrerequisiteViolations on a task and its output
 * entries (lizago_prereq.c). */
void lizago_prereq(lizago_check_ctx *c, const lg_task *t);
/* models.ValidationSafetyViolations on a task's validation and each output
 * entry's (lizago_safety.c); its parts for the coding allocation: a
 * YAML true as Go's decoder reads it, the break-glass marker, and the check
 * under a rule and separator of the caller's, all or only the first defect. */
void lizago_safety(lizago_check_ctx *c, const lg_task *t);
bool lizago_safety_true(const doc_node *n);
bool lizago_safety_marked(const char *cmd);
size_t lizago_safety_check(lizago_check_ctx *c, const lg_task *t, const char *rule, const char *sep,
                           const char *field, const doc_node *cmds, bool destructive, bool first_only);
/* models.ValidateCodingAllocationOutput (lizago_alloc.c), and
 * referencecontract.ValidateAcceptancePath's message for a path (NULL: ok). */
void lizago_alloc(lizago_check_ctx *c, const lg_task *t);
const char *lizago_alloc_path_error(const char *v);
/* validateDependencies' provider declarations and output caps, as far as
 * they need no pipeline transitions (lizago_providers.c). */
void lizago_providers(lizago_check_ctx *c);

/* validateTaskRejectionRCA and validate_lifecycle.go: the records a
 * verdict writes (lizago_receipts.c). */
void lizago_receipts(lizago_check_ctx *c, const lg_task *t);

/* strings.TrimSpace(s) == "" (NULL too); a time Go's decoder leaves zero
 * (absent, null or unreadable). */
bool lizago_check_blank(const char *s);
bool lizago_check_no_time(const doc_node *n);

/* The liza.* settings today's Liza honours (lizago_settings.c): the user's
 * value, else Go's constant; and a WARN setting_ignored for each setting set
 * that only the shell era reads. */
long long lizago_setting_lease_grace(const lizago_check_ctx *c);
long long lizago_setting_verdict_grace(const lizago_check_ctx *c);
long long lizago_setting_stale_draft(const lizago_check_ctx *c);
long long lizago_setting_stalled(const lizago_check_ctx *c);
void lizago_settings(lizago_check_ctx *c);

/* models.IsFullReviewCommit: 40 or 64 hex digits. */
bool lizago_full_commit(const char *s);

/* A scalar Go's YAML decoder reads as a string (not null, bool or number). */
bool lizago_check_is_string(const doc_node *n);

#endif
