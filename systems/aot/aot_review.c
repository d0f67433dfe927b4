/* aot_review.c — AoT Loop's review provider: the atom, its binding (the
 * summary its resolver wrote) and the artifacts it names, shown as text
 * when they are files in the project; trail entries that chose it on the
 * timeline. */
#include "systems/aot/aot.h"
#include "core/review/review.h"
#include "core/util/timeparse.h"
#include <string.h>

int aot_review(const lw_source *src, const lw_task *t, const char *project, lw_review *rv)
{
	const aot_state *st = src->good ? src->good->sys : NULL;
	const aot_atom *a = st ? aot_find_atom(st, t->id) : NULL;
	if (!a) {
		lw_review_line(rv, RK_NOTE, "atom not found in the loaded state");
		return 0;
	}
	for (const doc_node *e = doc_is_seq(st->trail) ? doc_seq_first(st->trail) : NULL; e; e = e->next) {
		const char *sel = doc_str(doc_get(e, "selected"));
		if (!sel || strcmp(sel, a->id) != 0)
			continue;
		time_t at = LW_NO_TIME;
		doc_time(doc_get(e, "timestamp"), &at);
		const char *g = doc_str(doc_get(e, "or_group")), *why = doc_str(doc_get(e, "reason"));
		lw_review_event(rv, at, "trail: chosen in %s  reason: %s", g ? g : "?", why ? why : "(none)");
	}
	lw_review_line(rv, RK_HEAD, "Atom");
	lw_review_node(rv, a->node, 0);
	const doc_node *b = doc_deref(st->bindings ? doc_get(st->bindings, a->id) : NULL);
	lw_review_line(rv, RK_HEAD, "Binding");
	if (!b || doc_is_null(b)) {
		lw_review_line(rv, RK_WARN, "no binding for %s yet", a->id);
		return 0;
	}
	lw_review_node(rv, b, 0);
	const doc_node *arts = doc_deref(doc_get(b, "artifacts"));
	if (doc_is_seq(arts) && doc_len(arts)) {
		lw_review_line(rv, RK_HEAD, "Artifacts");
		for (const doc_node *e = doc_seq_first(arts); e; e = e->next) {
			const char *s = doc_str(e);
			if (s && !lw_review_file(rv, project, s))
				lw_review_line(rv, RK_NOTE, "%s: not a file in the project", s);
		}
	}
	return 0;
}
