/* acp_review.c — Agent Cell Phone's review provider: the evidence an agent
 * or a task links (its own, then its task's), files shown as text (size
 * limited, binary refused, inside the project only), URLs and notes as
 * written; the last FSM event on the timeline. */
#include "systems/acp/acp.h"
#include "core/review/review.h"
#include "core/util/timeparse.h"
#include <string.h>

/* Keys of an evidence object that name a file. */
static const char *const file_keys[] = { "path", "file", "workspace_path", NULL };

static void evidence_item(lw_review *rv, const char *project, const doc_node *v)
{
	v = doc_deref(v);
	if (!v)
		return;
	if (v->kind == DOC_SCALAR) {
		const char *s = doc_str(v);
		if (s && !lw_review_file(rv, project, s)) {
			/* A path that is not there is said so; prose is shown as written. */
			if (strchr(s, '/') && !strchr(s, ' ') && !strstr(s, "://"))
				lw_review_line(rv, RK_WARN, "%s: no such file in the project", s);
			else
				lw_review_line(rv, RK_TEXT, "%s", s);
		}
		return;
	}
	lw_review_node(rv, v, 2);
	if (v->kind == DOC_MAP)
		for (const char *const *k = file_keys; *k; k++) {
			const char *s = doc_str(doc_get(v, *k));
			if (s && !lw_review_file(rv, project, s))
				lw_review_line(rv, RK_NOTE, "%s: not a file in the project", s);
		}
}

/* Returns how many items it showed. */
static size_t evidence_of(lw_review *rv, const char *project, const doc_node *record, const char *whose)
{
	const doc_node *ev = doc_deref(doc_get(record, "evidence"));
	if (!ev || doc_is_null(ev) || ((ev->kind == DOC_SEQ || ev->kind == DOC_MAP) && !doc_len(ev)))
		return 0;
	lw_review_line(rv, RK_HEAD, "Evidence (%s)", whose);
	if (ev->kind == DOC_SEQ) {
		size_t n = 0;
		for (const doc_node *e = doc_seq_first(ev); e; e = e->next, n++)
			evidence_item(rv, project, e);
		return n;
	}
	evidence_item(rv, project, ev);
	return 1;
}

int acp_review(const lw_source *src, const lw_task *t, const char *project, lw_review *rv)
{
	const acp_state *st = src->good ? src->good->sys : NULL;
	lw_review_history(rv, t->node);
	const acp_agent *a = st ? acp_find_agent(st, t->id) : NULL;
	if (a && a->node != t->node)
		a = NULL;
	if (a && a->has_last_event) {
		time_t at = LW_NO_TIME;
		doc_time(doc_get(a->ev_node, "ts"), &at);
		lw_review_event(rv, at, "last_event: %s  %s -> %s", a->ev_event ? a->ev_event : "?",
		                a->ev_from ? a->ev_from : "?", a->ev_to ? a->ev_to : "?");
	}
	size_t n = evidence_of(rv, project, t->node, t->id);
	const char *task_id = a ? a->task_id : NULL;
	const acp_task *k = st && task_id ? acp_find_task(st, task_id) : NULL;
	if (k && k->node != t->node)
		n += evidence_of(rv, project, k->node, k->id);
	if (!n)
		lw_review_line(rv, RK_WARN, "no evidence linked");
	return 0;
}
