/* liza.c — the shell era's model (liza.h): status and field names, and
 * lookups over a loaded state, which the loader, the checks and the demo
 * all ask. */
#include "systems/liza/shell/liza.h"
#include <string.h>

static const char *const status_names[LS_COUNT] = {
	"?", "DRAFT", "UNCLAIMED", "CLAIMED", "READY_FOR_REVIEW", "REJECTED", "APPROVED",
	"MERGED", "BLOCKED", "ABANDONED", "SUPERSEDED", "INTEGRATION_FAILED",
};

const char *liza_status_name(liza_status s) { return (unsigned)s < LS_COUNT ? status_names[s] : "?"; }

liza_status liza_status_parse(const char *s)
{
	if (s)
		for (int i = 1; i < LS_COUNT; i++)
			if (strcmp(s, status_names[i]) == 0)
				return (liza_status)i;
	return LS_UNKNOWN;
}

static const char *const field_names[LF_COUNT] = {
	"assigned_to", "worktree", "lease_expires", "base_commit", "review_commit", "blocked_reason",
	"blocked_questions", "rejection_reason", "superseded_by", "rescope_reason", "done_when", "spec_ref",
};

const char *liza_field_name(liza_field f) { return (unsigned)f < LF_COUNT ? field_names[f] : "?"; }

bool liza_status_terminal(liza_status s)
{
	return s == LS_MERGED || s == LS_ABANDONED || s == LS_SUPERSEDED;
}

const liza_task *liza_find_task(const liza_state *st, const char *id)
{
	for (size_t i = 0; i < st->ntasks; i++)
		if (st->tasks[i].id && strcmp(st->tasks[i].id, id) == 0)
			return &st->tasks[i];
	return NULL;
}

const liza_agent *liza_find_agent(const liza_state *st, const char *id)
{
	for (size_t i = 0; i < st->nagents; i++)
		if (strcmp(st->agents[i].id, id) == 0)
			return &st->agents[i];
	return NULL;
}
