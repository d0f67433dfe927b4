/* liza_generation.c — the shell era (the v0.1 scripts) as one generation
 * behind the adapter (liza_gen.h): its loader, checks, transition table and
 * transition, and the fields the review shows. */
#include "systems/liza/shell/liza_generation.h"
#include "systems/liza/liza_settings.h"
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_check.h"
#include "systems/liza/shell/liza_load.h"
#include "systems/liza/shell/liza_tx.h"

static int load(const liza_read *in, lw_snapshot *prev, lw_snapshot *snap, lw_error *err)
{
	if (liza_shell_load(in, prev, snap, err) < 0)
		return -1;
	((liza_state *)snap->sys)->gen = &liza_shell_generation;   /* recorded in the snapshot */
	return 0;
}

static bool unchanged(const void *prev, const struct stat *sb)
{
	return liza_load_unchanged(prev, sb);
}

static doc *parse_of(const void *sys, const doc_node **tasks)
{
	const liza_state *st = sys;
	*tasks = st->state_doc ? doc_get(st->root, "tasks") : NULL;
	return st->state_doc;
}

static void check(const void *sys, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	liza_check(sys, snap, ctx);
}

static const tx_table *table(const void *sys)
{
	(void)sys;
	return &liza_tx_table;
}

static bool review(const void *sys, const lw_task *t, liza_review_fields *out)
{
	const liza_state *st = sys;
	for (size_t i = 0; st && i < st->ntasks; i++)
		if (st->tasks[i].node == t->node) {
			const liza_task *l = &st->tasks[i];
			*out = (liza_review_fields){ l->status_raw, l->reviewing_by, l->approved_by, l->rejection_reason,
			                             l->done_when, l->worktree, l->base_commit, l->review_commit,
			                             l->review_cycles_current, l->review_cycles_total };
			return true;
		}
	return false;
}

static const char *log_path(const void *sys)
{
	return ((const liza_state *)sys)->log_path;
}

const liza_generation liza_shell_generation = {
	.name = "shell era",
	.id = LIZA_GEN_SHELL,
	.load = load,
	.unchanged = unchanged,
	.parse_of = parse_of,
	.check = check,
	.table = table,
	.transition = liza_shell_transition,
	.transition_held = liza_shell_transition_held,
	.review = review,
	.log_path = log_path,
	.reads = LIZA_READ_SHELL,   /* every liza.* row: the seed's thresholds are the shell era's */
};
