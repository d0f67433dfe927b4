/* lizago_generation.c — today's Liza (the Go program) as one generation
 * behind the adapter (liza_gen.h): its loader, checks, the pipeline's
 * transition table and transition, the detail view and the fields the
 * review shows. */
#include "systems/liza/go/lizago_generation.h"
#include "systems/liza/liza_settings.h"
#include "systems/liza/go/lizago.h"
#include "systems/liza/go/lizago_check.h"
#include "systems/liza/go/lizago_detail.h"
#include "systems/liza/go/lizago_load.h"
#include "systems/liza/go/lizago_tx.h"

static int load(const liza_read *in, lw_snapshot *prev, lw_snapshot *snap, lw_error *err)
{
	(void)prev;   /* the comparison with the state before reads snap->prev (lizago_between.c) */
	if (lizago_load(in->dir, in->state_path, in->d, snap, err) < 0)
		return -1;
	((lizago_state *)snap->sys)->gen = &lizago_generation;   /* recorded in the snapshot */
	return 0;
}

static void check(const void *sys, const lw_snapshot *snap, lw_check_ctx *ctx)
{
	lizago_check(sys, snap, ctx);
}

static const tx_table *table(const void *sys)
{
	return ((const lizago_state *)sys)->tx;
}

static void detail(const void *sys, const lw_task *t, time_t now, strbuf *out)
{
	lizago_detail(sys, t, now, out);
}

static bool review(const void *sys, const lw_task *t, liza_review_fields *out)
{
	const lg_task *g = lizago_find_task(sys, t->id);
	if (!g)
		return false;
	*out = (liza_review_fields){ g->status, g->reviewing_by, g->approved_by, g->rejection_reason, g->done_when,
	                             g->worktree, g->base_commit, g->review_commit, g->review_cycles_current,
	                             g->review_cycles_total };
	return true;
}

static doc *held_parse(const void *sys)
{
	return ((const lizago_state *)sys)->state_doc;
}

static const char *log_path(const void *sys)
{
	return ((const lizago_state *)sys)->log_path;
}

const liza_generation lizago_generation = {
	.name = "today's Liza (Go)",
	.id = LIZA_GEN_GO,
	.load = load,
	.check = check,
	.table = table,
	.transition = lizago_transition,
	.transition_held = lizago_transition_held,
	.held_parse = held_parse,
	.detail = detail,
	.review = review,
	.log_path = log_path,
	.reads = LIZA_READ_GO,   /* lizago_settings.c; the others are reported as setting_ignored */
};
