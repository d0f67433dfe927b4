/* lizago_sprint.c — today's Liza's sprint figures, as its own TUI heads its
 * TASKS panel ("3/5 done | 1 blocked | 63% approval"): the blocked count and
 * the task outcome approval rate Liza keeps in sprint.metrics
 * (tasks_blocked, task_outcome_approval_rate_percent) when it wrote them;
 * else counted from the state: blocked tasks of the sprint (its planned
 * ones, else all), and approved verdicts against approved and rejected ones
 * in their histories. */
#include "systems/liza/go/lizago_sprint.h"
#include "systems/liza/go/lizago.h"
#include <stdio.h>
#include <string.h>

static void count(const lg_task *t, size_t *blocked, size_t *approved, size_t *rejected)
{
	if (!t)
		return;
	*blocked += t->status && strcmp(t->status, "BLOCKED") == 0;
	for (const doc_node *h = doc_seq_first(doc_get(doc_deref(t->node), "history")); h; h = h->next) {
		const char *ev = doc_str(doc_get(doc_deref(h), "event"));
		if (!ev)
			continue;
		*approved += strcmp(ev, "approved") == 0;
		*rejected += strcmp(ev, "rejected") == 0 || strcmp(ev, "review_verdict_rejected") == 0;
	}
}

const char *lizago_sprint_figures(const lizago_state *st, char *buf, size_t n)
{
	const doc_node *m = doc_deref(doc_get(doc_deref(doc_get(st->root, "sprint")), "metrics"));
	long long kb, kr;
	if (doc_int(doc_get(m, "tasks_blocked"), &kb) == DOC_OK &&
	    doc_int(doc_get(m, "task_outcome_approval_rate_percent"), &kr) == DOC_OK) {
		if (kb > 0)   /* "0 blocked" reads as an alarm that is not one */
			snprintf(buf, n, "%lld blocked, %lld%% approval", kb, kr);
		else
			snprintf(buf, n, "%lld%% approval", kr);
		return buf;
	}
	size_t blocked = 0, approved = 0, rejected = 0;
	/* The planned tasks by id (an index lookup each), else every task. */
	for (size_t j = 0; j < st->nsprint_planned; j++)
		count(lizago_find_task(st, st->sprint_planned[j]), &blocked, &approved, &rejected);
	for (size_t i = 0; !st->nsprint_planned && i < st->ntasks; i++)
		count(&st->tasks[i], &blocked, &approved, &rejected);
	int used = blocked ? snprintf(buf, n, "%zu blocked", blocked) : (buf[0] = '\0', 0);
	if (approved + rejected && used >= 0 && (size_t)used < n)
		snprintf(buf + used, n - (size_t)used, "%sapproval %zu%%", used ? ", " : "", approved * 100 / (approved + rejected));
	return buf;
}
