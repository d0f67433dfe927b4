/* foreman_review.c — Task Factory's review provider: what the task must
 * meet (acceptance criteria, testing instructions), the plan, and the
 * post-execution validation when there is one; history on the timeline. */
#include "systems/foreman/foreman.h"
#include "core/review/review.h"
#include <string.h>

static void section(lw_review *rv, const doc_node *task, const char *key, const char *title)
{
	const doc_node *v = doc_deref(doc_get(task, key));
	lw_review_line(rv, RK_HEAD, "%s", title);
	if (!v || doc_is_null(v) || ((v->kind == DOC_SEQ || v->kind == DOC_MAP) && !doc_len(v)))
		lw_review_line(rv, RK_NOTE, "  (none)");
	else
		lw_review_node(rv, v, 2);
}

int foreman_review(const lw_source *src, const lw_task *t, const char *project, lw_review *rv)
{
	(void)src;
	(void)project;
	lw_review_history(rv, t->node);
	section(rv, t->node, "acceptanceCriteria", "Acceptance criteria");
	section(rv, t->node, "testingInstructions", "Testing instructions");
	section(rv, t->node, "plan", "Plan");
	const doc_node *pes = doc_get(t->node, "postExecutionSummary");
	if (pes && !doc_is_null(pes))
		section(rv, t->node, "postExecutionSummary", "Post-execution summary");
	return 0;
}
