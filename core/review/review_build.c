/* review_build.c — one task's review: the system's provider (declared by
 * its adapter, written in systems/<sys>/) fills the body and the timeline;
 * a system without one still shows the task's history. */
#include "core/review/review.h"
#include <stdio.h>
#include <string.h>

void lw_review_project_dir(const lw_project *p, char *out, size_t n)
{
	snprintf(out, n, "%s", p->dir[0] ? p->dir : ".");
}

int lw_review_build(const lw_project *p, const lw_source *src, const lw_task *t, lw_review *rv)
{
	char project[4096];
	lw_review_project_dir(p, project, sizeof project);
	if (src->adapter->review)
		return src->adapter->review(src, t, project, rv) < 0 || rv->refused ? -1 : 0;
	lw_review_history(rv, t->node);
	lw_review_line(rv, RK_NOTE, "%s has no review provider: the task's fields are in the detail view",
	               src->adapter->name);
	return 0;
}
