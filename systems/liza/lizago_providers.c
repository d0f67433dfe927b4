/* lizago_providers.c — provider declarations and output caps, the part of
 * statevalidate's validateDependencies (validate_deps.go, liza-mas/liza
 * 03b359a) that needs no pipeline transitions:
 *   validateOutputCaps (validate_provider_reservations.go): max_outputs is
 *     nonnegative, and live output stays within it;
 *   validateProviderDependencies (validate_provider_dependencies.go), once
 *     any task or output declares provider waits (models.
 *     HasProviderDependencies): each declaration's shape (models.
 *     ValidateProviderDependencies, first defect per owner), its provider
 *     existing and not a plan correction; descendant_dependencies' shape
 *     (models.ValidateDescendantDependencies, via validateDescendantOwner);
 *     a kind on output that descendant waits would reach
 *     (DescendantKindConflict); provider_reservations' shape and a
 *     reservation on the task itself (validateProviderReservations).
 * What needs the pipeline's transitions (the child IDs a transition's slug
 * projects, the source role pair, retirement, output range, placement, the
 * placed-writer rule, cycles through unborn children) is not transcribed:
 * liza-watch's pipeline model has no transitions; docs/conformance/liza-go.md
 * says so. Where liveness of a MERGED task's output depends on them, these
 * checks stay silent rather than guess. */
#include "systems/liza/lizago_check.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool eq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }
static bool filled(const char *s) { return s && *s; }

/* paths.ValidateTaskID's verdict, for the message Go wraps. */
static const char *task_id_error(const char *id, char *buf, size_t n)
{
	if (!filled(id))
		return "task ID cannot be empty";
	bool ok = (id[0] >= 'a' && id[0] <= 'z') || (id[0] >= 'A' && id[0] <= 'Z') || (id[0] >= '0' && id[0] <= '9');
	for (const char *p = id; ok && *p; p++)
		ok = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", *p) != NULL;
	if (!ok)
		return snprintf(buf, n, "task ID contains invalid characters (allowed: a-z A-Z 0-9 . _ -): \"%s\"", id), buf;
	if (strstr(id, ".."))
		return snprintf(buf, n, "task ID contains path traversal: \"%s\"", id), buf;
	return NULL;
}

/* s != "" && strings.TrimSpace(s) == s */
static bool trimmed_nonempty(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	return n > 0 && !isspace((unsigned char)s[0]) && !isspace((unsigned char)s[n - 1]);
}

/* models.ValidateProviderDependencies: the first defect, or false. */
static bool provider_shape(const doc_node *deps, char *buf, size_t n)
{
	size_t i = 0;
	char why[200];
	for (const doc_node *e = doc_seq_first(deps); e; e = e->next, i++) {
		const doc_node *d = doc_deref(e);
		const char *prov = doc_str(doc_get(d, "provider_task")), *tr = doc_str(doc_get(d, "transition"));
		const char *err = task_id_error(prov, why, sizeof why);
		if (err)
			return snprintf(buf, n, "provider_dependencies[%zu].provider_task: %s", i, err), true;
		if (!trimmed_nonempty(tr))
			return snprintf(buf, n, "provider_dependencies[%zu].transition must be non-empty and trimmed", i), true;
		for (const doc_node *p = doc_seq_first(deps); p != e; p = p->next) {
			const doc_node *q = doc_deref(p);
			if (eq(doc_str(doc_get(q, "provider_task")), prov) && eq(doc_str(doc_get(q, "transition")), tr))
				return snprintf(buf, n, "provider_dependencies[%zu] duplicates provider \"%s\" transition \"%s\"", i,
				                prov, tr), true;
		}
		const doc_node *outs = doc_get(d, "outputs");
		if (doc_len(outs) == 0)
			return snprintf(buf, n, "provider_dependencies[%zu].outputs must select at least one output", i), true;
		for (const doc_node *o = doc_seq_first(outs); o; o = o->next) {
			long long v, w;
			bool bad = doc_int(o, &v) != DOC_OK || v < 0;
			for (const doc_node *p = doc_seq_first(outs); !bad && p != o; p = p->next)
				bad = doc_int(p, &w) == DOC_OK && w == v;
			if (bad)
				return snprintf(buf, n, "provider_dependencies[%zu].outputs must contain distinct nonnegative "
				                        "indexes", i), true;
		}
	}
	return false;
}

/* validateProviderOwner up to EffectiveProviderChildren: shape, then each
 * provider's existence and that it is no correction. */
static void provider_owner(lizago_check_ctx *c, const lg_task *t, const char *owner, const doc_node *deps)
{
	char msg[512], key[160];
	if (doc_len(deps) == 0)
		return;
	if (provider_shape(deps, msg, sizeof msg)) {
		snprintf(key, sizeof key, "%s shape", owner);
		lizago_check_broken(c, t->id, t->node, "provider_dependencies", key, "task %s: %s", owner, msg);
		return;
	}
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(deps); e; e = e->next, i++) {
		const char *prov = doc_str(doc_get(doc_deref(e), "provider_task"));
		const lg_task *p = lizago_find_task(c->st, prov);
		snprintf(key, sizeof key, "%s [%zu]", owner, i);
		if (!p)
			lizago_check_broken(c, t->id, t->node, "provider_dependencies", key,
			                    "task %s provider_dependencies[%zu] references non-existent provider %s", owner, i,
			                    prov);
		else if (filled(doc_str(doc_get(p->node, "amends_plan"))))
			lizago_check_broken(c, t->id, t->node, "provider_dependencies", key,
			                    "task %s provider_dependencies[%zu] cannot select correction %s as a provider", owner,
			                    i, p->id);
	}
}

/* models.ValidateDescendantDependencies, the shape half of
 * validateDescendantOwner's ValidateDescendantPlacement. */
static void descendant_owner(lizago_check_ctx *c, const lg_task *t, const char *owner, const doc_node *deps)
{
	char msg[512], inner[400], key[160];
	size_t i = 0;
	bool bad = false;
	for (const doc_node *e = doc_seq_first(deps); e && !bad; e = e->next, i++) {
		const doc_node *d = doc_deref(e);
		const char *at = doc_str(doc_get(d, "at_transition"));
		bad = true;
		if (!trimmed_nonempty(at)) {
			snprintf(msg, sizeof msg, "descendant_dependencies[%zu].at_transition must be non-empty and trimmed", i);
			break;
		}
		for (const doc_node *p = doc_seq_first(deps); p != e; p = p->next)
			if (eq(doc_str(doc_get(doc_deref(p), "at_transition")), at)) {
				snprintf(msg, sizeof msg, "descendant_dependencies[%zu] duplicates at_transition \"%s\"", i, at);
				goto report;
			}
		const doc_node *pd = doc_get(d, "provider_dependencies");
		if (doc_len(pd) == 0) {
			snprintf(msg, sizeof msg, "descendant_dependencies[%zu].provider_dependencies must declare at least one "
			                          "wait", i);
			break;
		}
		if (provider_shape(pd, inner, sizeof inner)) {
			snprintf(msg, sizeof msg, "descendant_dependencies[%zu].%s", i, inner);
			break;
		}
		bad = false;
	}
report:
	if (!bad)
		return;
	snprintf(key, sizeof key, "%s shape", owner);
	lizago_check_broken(c, t->id, t->node, "descendant_dependencies", key, "task %s: %s", owner, msg);
}

/* providerOutputIsLive where it needs no transitions: 1 live, 0 not, -1 a
 * MERGED producer, whose liveness only its per-subtask transitions tell. */
static int output_live(const lg_task *t)
{
	const doc_node *n = t->node;
	bool replanned = false;
	if (filled(doc_str(doc_get(n, "amends_plan"))) || doc_len(doc_get(n, "output")) == 0 ||
	    eq(t->status, "SUPERSEDED") || eq(t->status, "ABANDONED"))
		return 0;
	replanned = doc_str(doc_get(doc_get(n, "transitions_executed"), "replanned")) &&
	            eq(doc_str(doc_get(doc_get(n, "transitions_executed"), "replanned")), "true");
	if (replanned || eq(doc_str(doc_get(doc_get(n, "plan_check"), "verdict")), "replaced"))
		return 0;
	return eq(t->status, "MERGED") ? -1 : 1;
}

static bool declares_waits(const lizago_state *st)
{
	for (size_t i = 0; i < st->ntasks; i++) {
		const doc_node *n = st->tasks[i].node;
		if (doc_len(doc_get(n, "provider_dependencies")) || doc_len(doc_get(n, "descendant_dependencies")) ||
		    doc_len(doc_get(n, "provider_reservations")))
			return true;
		for (const doc_node *e = doc_seq_first(doc_get(n, "output")); e; e = e->next)
			if (doc_len(doc_get(doc_deref(e), "provider_dependencies")) ||
			    doc_len(doc_get(doc_deref(e), "descendant_dependencies")))
				return true;
	}
	return false;
}

/* validateProviderReservations: shape (first defect), then a reservation
 * on the task itself. */
static void reservations(lizago_check_ctx *c, const lg_task *t)
{
	const doc_node *res = doc_get(t->node, "provider_reservations");
	char why[200];
	size_t i = 0;
	if (doc_len(res) == 0 || lizago_terminal(t->status))
		return;
	for (const doc_node *e = doc_seq_first(res); e; e = e->next, i++) {
		const doc_node *r = doc_deref(e);
		const char *prov = doc_str(doc_get(r, "provider_task")), *tr = doc_str(doc_get(r, "transition"));
		const char *err = task_id_error(prov, why, sizeof why);
		char msg[400];
		if (err)
			snprintf(msg, sizeof msg, "provider_reservations[%zu].provider_task: %s", i, err);
		else if (!trimmed_nonempty(tr))
			snprintf(msg, sizeof msg, "provider_reservations[%zu].transition must be non-empty and trimmed", i);
		else {
			bool dup = false;
			for (const doc_node *p = doc_seq_first(res); p != e; p = p->next)
				dup |= eq(doc_str(doc_get(doc_deref(p), "provider_task")), prov) &&
				       eq(doc_str(doc_get(doc_deref(p), "transition")), tr);
			if (!dup)
				continue;
			snprintf(msg, sizeof msg, "provider_reservations[%zu] duplicates provider \"%s\" transition \"%s\"", i,
			         prov, tr);
		}
		lizago_check_broken(c, t->id, t->node, "provider_reservations", "shape", "task %s %s", t->id, msg);
		return;
	}
	i = 0;
	for (const doc_node *e = doc_seq_first(res); e; e = e->next, i++)
		/* EffectiveReservationProvider follows a retired provider to its
		 * successor; a live task is no retired provider, so its own ID is
		 * the task itself */
		if (eq(doc_str(doc_get(doc_deref(e), "provider_task")), t->id)) {
			char key[32];
			snprintf(key, sizeof key, "self%zu", i);
			lizago_check_broken(c, t->id, t->node, "provider_reservations", key,
			                    "task %s provider_reservations[%zu] reserves the task behind itself", t->id, i);
		}
}

static void output_caps(lizago_check_ctx *c, const lg_task *t)
{
	long long cap;
	if (doc_int(doc_get(t->node, "max_outputs"), &cap) != DOC_OK)
		return;
	size_t n = doc_len(doc_get(t->node, "output"));
	if (cap < 0)
		lizago_check_broken(c, t->id, t->node, "max_outputs", "negative", "task %s max_outputs %lld must be nonnegative",
		                    t->id, cap);
	if (cap > 0 && (long long)n > cap && output_live(t) == 1)
		lizago_check_broken(c, t->id, t->node, "max_outputs", "exceeded",
		                    "task %s has %zu output entries but max_outputs is %lld: other writers select it by "
		                    "index, so an extra writer would escape their order", t->id, n, cap);
}

void lizago_providers(lizago_check_ctx *c)
{
	const lizago_state *st = c->st;
	bool waits = declares_waits(st);
	for (size_t i = 0; i < st->ntasks; i++) {
		const lg_task *t = &st->tasks[i];
		lizago_alloc(c, t);
		if (waits) {
			char owner[160];
			int live = output_live(t);
			if (!lizago_terminal(t->status))
				provider_owner(c, t, t->id, doc_get(t->node, "provider_dependencies"));
			if (!lizago_terminal(t->status) || live == 1) {
				snprintf(owner, sizeof owner, "%s descendant_dependencies", t->id);
				descendant_owner(c, t, owner, doc_get(t->node, "descendant_dependencies"));
			}
			if (live == 1) {
				size_t j = 0;
				for (const doc_node *e = doc_seq_first(doc_get(t->node, "output")); e; e = e->next, j++) {
					const doc_node *o = doc_deref(e);
					snprintf(owner, sizeof owner, "%s output[%zu]", t->id, j);
					provider_owner(c, t, owner, doc_get(o, "provider_dependencies"));
					snprintf(owner, sizeof owner, "%s output[%zu].descendant_dependencies", t->id, j);
					descendant_owner(c, t, owner, doc_get(o, "descendant_dependencies"));
				}
				/* DescendantKindConflict: the first entry only, as Go */
				bool owner_waits = doc_len(doc_get(t->node, "descendant_dependencies")) > 0;
				j = 0;
				for (const doc_node *e = doc_seq_first(doc_get(t->node, "output")); e; e = e->next, j++) {
					const doc_node *o = doc_deref(e);
					const char *kind = doc_str(doc_get(o, "kind"));
					if (filled(kind) && (owner_waits || doc_len(doc_get(o, "descendant_dependencies")) > 0)) {
						lizago_check_broken(c, t->id, t->node, "descendant_dependencies", "kind",
						                    "task %s output[%zu] has kind \"%s\"; descendant waits cannot apply "
						                    "to a deduplicable output", t->id, j, kind);
						break;
					}
				}
			}
		}
	}
	if (waits)
		for (size_t i = 0; i < st->ntasks; i++)
			reservations(c, &st->tasks[i]);
	for (size_t i = 0; i < st->ntasks; i++)
		output_caps(c, &st->tasks[i]);
}
