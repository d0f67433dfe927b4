/* lizago_txtable.c — one table of verdict rows for a whole pipeline:
 * approve and reject from every reviewing status (the only statuses Liza
 * takes a verdict in), a note from any status. It belongs to the pipeline,
 * not to a load: the embedded pipeline's is built once. */
#include "systems/liza/go/lizago_txtable.h"
#include "systems/liza/go/lizago_pipeline.h"

static const tx_table *build(arena *a, const lg_pipeline *pl)
{
	size_t cap = pl->npairs * 4 + 1, n = 0;
	tx_row *rows = arena_alloc(a, cap * sizeof *rows);
	for (size_t i = 0; i < pl->npairs; i++) {
		const lg_pair *p = &pl->pairs[i];
		const char *from[2] = { p->state[LGC_REVIEWING], p->state[LGC_REVIEWING2] };
		for (int k = 0; k < 2; k++) {
			if (!from[k])
				continue;
			rows[n++] = (tx_row){ from[k], "approve", lizago_max_quorum(p) > 1 && p->state[LGC_PARTIAL]
			                      ? arena_printf(a, "%s|%s", p->state[LGC_PARTIAL], p->state[LGC_APPROVED])
			                      : p->state[LGC_CLEAN]
			                      ? arena_printf(a, "%s|%s", p->state[LGC_APPROVED], p->state[LGC_CLEAN])
			                      : p->state[LGC_APPROVED],
			                      TX_CONFIRM, 0, "approve the work under review (counts toward the quorum)" };
			rows[n++] = (tx_row){ from[k], "reject", p->state[LGC_REJECTED], TX_REASON, 0,
			                      "reject it, with a reason" };
		}
	}
	rows[n++] = (tx_row){ "*", "note", NULL, TX_REASON, 0, "leave a note for the agents about this task" };
	tx_table *t = arena_alloc(a, sizeof *t);
	*t = (tx_table){ "liza", rows, n };
	return t;
}

const tx_table *lizago_txtable(const lg_pipeline *p, arena *a)
{
	/* Loads run on one thread (the HUD's loop, a CLI command). */
	static arena embedded_mem;
	static const tx_table *embedded;
	if (!p->embedded)
		return build(a, p);
	if (!embedded)
		embedded = build(&embedded_mem, p);
	return embedded;
}

/* The levers only today's Liza has (the adapter's tx_more): the shell
 * generation's table (shell/liza_tx.c) holds pause, resume, abort. */
static const tx_row lever_rows[] = {
	{ NULL, "checkpoint", NULL, 0, 0, "take a sprint checkpoint: the agents pause at their next check (sprint.status CHECKPOINT)" },
	{ NULL, "auto-resume-on", NULL, 0, 0, "let a checkpoint resume by itself after 6m (config.auto_resume true)" },
	{ NULL, "auto-resume-off", NULL, 0, 0, "make a checkpoint wait for the operator (config.auto_resume false)" },
};
const tx_table lizago_lever_table = { "liza", lever_rows, sizeof lever_rows / sizeof *lever_rows };
