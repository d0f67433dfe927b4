/* lizago.c — lookups and limits over a loaded state of today's Liza (the
 * model, lizago.h): what the loader, the rules, the checks, the
 * transitions and the detail view all ask. */
#include "systems/liza/go/lizago.h"
#include <stdlib.h>
#include <string.h>

/* models/status_age.go statusTransitionEvents: the history events written
 * where Task.Status is assigned (claim_released deliberately not). */
bool lizago_status_event(const char *event)
{
	static const char *const ev[] = {
		"claimed", "reclaimed_after_rejection", "reassigned_after_rejection", "claimed_for_integration_fix",
		"submitted_for_review", "approved", "rejected", "blocked", "unblocked", "merged", "abandoned",
		"superseded", "integration_failed", "task_recovered_fresh", "task_recovery_fresh_failed",
	};
	for (size_t i = 0; i < sizeof ev / sizeof *ev; i++)
		if (strcmp(ev[i], event) == 0)
			return true;
	return false;
}

/* models/status_age.go nonStatusTransitionEvents: recorded without
 * assigning Task.Status. An event in neither list is unclassified, which
 * CurrentAwaitingHuman takes as the start of an episode too. */
bool lizago_nonstatus_event(const char *event)
{
	static const char *const ev[] = {
		"created", "initialization", "planning", "pre_execution_checkpoint", "task_output_set",
		"review_commit_updated", "review_verdict_approved", "review_verdict_rejected", "claim_released",
		"doer_claim_released", "review_claim_released", "new_attempt", "handoff_initiated", "handoff_resumed",
		"owned_task_resumed", "worktree_recovered", "transition_executed", "transition_crash_recovery",
		"transition_cycle_blocked", "orchestrator_assessment", "replanned", "dependencies_rewritten",
		"dependency_repair_applied", "rejection_rca_recorded", "rejection_rca_resumed", "replacement_committed",
		"acceptance_commits_remapped",
	};
	for (size_t i = 0; i < sizeof ev / sizeof *ev; i++)
		if (strcmp(ev[i], event) == 0)
			return true;
	return false;
}

long long lizago_iteration_limit(const lizago_state *st, const lg_task *t)
{
	if (t && t->max_iterations > 0)
		return t->max_iterations;
	return st->config.max_coder_iterations > 0 ? st->config.max_coder_iterations : 10;
}

long long lizago_review_limit(const lizago_state *st)
{
	return st->config.max_review_cycles > 0 ? st->config.max_review_cycles : 5;
}

static int cmp_key(const void *key, const void *b)
{
	return strcmp(key, (*(const lg_task *const *)b)->id);
}

/* The first task with id (a duplicated id is an invariant of its own). */
const lg_task *lizago_find_task(const lizago_state *st, const char *id)
{
	if (!id || !st->by_id)
		return NULL;
	const lg_task **hit = bsearch(id, st->by_id, st->ntasks, sizeof *st->by_id, cmp_key);
	if (!hit)
		return NULL;
	while (hit > st->by_id && strcmp(hit[-1]->id, id) == 0)
		hit--;
	return *hit;
}
