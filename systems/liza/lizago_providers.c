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
 *     reservation on the task itself (validateProviderReservations); and
 *     the cycle pass over the graph's edges that need no transitions.
 * What needs the pipeline's transitions (the child IDs a transition's slug
 * projects, the source role pair, retirement, output range, placement, the
 * placed-writer rule, edges through declared providers and unborn children)
 * is not transcribed: liza-watch's pipeline model has no transitions;
 * docs/conformance/liza-go.md says so. Where liveness of a MERGED task's output depends on them, these
 * checks stay silent rather than guess. */
#include "systems/liza/lizago_check.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The projected provider graph's edges that need no transitions
 * (projectedProviderGraph): a non-terminal task's depends_on, and a
 * reservation on a provider that has written no output yet and is not
 * MERGED (a provider with output is reserved through its children, which
 * the transitions name). Nodes are tasks, by first index of an id; edges
 * keep Go's insertion order, without repeats. */
typedef struct pgraph {
	size_t *start, *to;   /* CSR: node i's targets are to[start[i]..start[i+1]) */
} pgraph;

static size_t node_of(const lizago_state *st, const char *id)
{
	const lg_task *t = lizago_find_task(st, id);
	return t ? (size_t)(t - st->tasks) : st->ntasks;
}

/* Fills start/to (CSR) when given; returns the number of edges (without
 * them: an upper bound, for the allocation). */
static size_t edges(const lizago_state *st, size_t *start, size_t *to)
{
	size_t n = 0;
	for (size_t i = 0; i < st->ntasks; i++) {
		size_t from = node_of(st, st->tasks[i].id), first = n;
		const lg_task *t = &st->tasks[i];
		if (start)
			start[i] = n;
		if (lizago_terminal(t->status) || from != i)
			continue;   /* a later copy of an id adds to the first's row: left out */
		for (size_t pass = 0; pass < 2; pass++) {
			const doc_node *list = doc_get(t->node, pass ? "provider_reservations" : "depends_on");
			for (const doc_node *e = doc_seq_first(list); e; e = e->next) {
				const char *id = pass ? doc_str(doc_get(doc_deref(e), "provider_task")) : doc_str(e);
				size_t j = node_of(st, id);
				if (j == st->ntasks)
					continue;   /* no task: nothing leaves it, so no cycle through it */
				if (pass && (doc_len(doc_get(st->tasks[j].node, "output")) > 0 || eq(st->tasks[j].status, "MERGED")))
					continue;
				bool seen = false;
				for (size_t k = first; to && k < n; k++)
					seen |= to[k] == j;
				if (!to) {
					n++;   /* counting pass: an upper bound */
					continue;
				}
				if (!seen)
					to[n++] = j;
			}
		}
	}
	if (start)
		start[st->ntasks] = n;
	return n;
}

/* shortestDependencyPath from a to b (both ends) into out, breadth first in
 * edge order; returns its length, 0 when there is none. */
static size_t path_to(const pgraph *g, size_t ntasks, size_t a, size_t b, size_t *parent, size_t *queue, size_t *out)
{
	if (a == b) {
		out[0] = a;
		return 1;
	}
	for (size_t i = 0; i < ntasks; i++)
		parent[i] = (size_t)-1;
	size_t head = 0, tail = 0;
	parent[a] = a;
	queue[tail++] = a;
	while (head < tail) {
		size_t cur = queue[head++];
		for (size_t k = g->start[cur]; k < g->start[cur + 1]; k++) {
			size_t nx = g->to[k];
			if (parent[nx] != (size_t)-1)
				continue;
			parent[nx] = cur;
			if (nx == b) {
				size_t len = 0;
				for (size_t v = b;; v = parent[v]) {
					out[len++] = v;
					if (v == a)
						break;
				}
				for (size_t i = 0; i < len / 2; i++) {
					size_t x = out[i];
					out[i] = out[len - 1 - i];
					out[len - 1 - i] = x;
				}
				return len;
			}
			queue[tail++] = nx;
		}
	}
	return 0;
}

/* Each edge on a cycle, named by the cycle through it: the edge, then the
 * shortest way back (validateProviderDependencies' cycle pass). */
static void provider_cycles(lizago_check_ctx *c)
{
	const lizago_state *st = c->st;
	size_t n = st->ntasks, m = edges(st, NULL, NULL);
	pgraph g = { calloc(n + 1, sizeof *g.start), calloc(m + 1, sizeof *g.to) };
	size_t *parent = calloc(n + 1, sizeof *parent), *queue = calloc(n + 1, sizeof *queue),
	       *path = calloc(n + 2, sizeof *path);
	if (!g.start || !g.to || !parent || !queue || !path)
		goto out;
	edges(st, g.start, g.to);
	for (size_t i = 0; i < n; i++)
		for (size_t k = g.start[i]; k < g.start[i + 1]; k++) {
			size_t len = path_to(&g, n, g.to[k], i, parent, queue, path);
			if (!len)
				continue;
			strbuf sb;
			strbuf_init(&sb);
			strbuf_printf(&sb, "%s", st->tasks[i].id);
			for (size_t p = 0; p < len; p++)
				strbuf_printf(&sb, " -> %s", st->tasks[path[p]].id);
			char key[160];
			snprintf(key, sizeof key, "%s -> %s", st->tasks[i].id, st->tasks[g.to[k]].id);
			lizago_check_broken(c, st->tasks[i].id, st->tasks[i].node, "provider_dependency_cycle", key,
			                    "provider dependency cycle %s: circular dependency detected: %s eventually depends "
			                    "on itself", sb.buf ? sb.buf : "", st->tasks[i].id);
			strbuf_free(&sb);
		}
out:
	free(g.start);
	free(g.to);
	free(parent);
	free(queue);
	free(path);
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
	if (waits) {
		for (size_t i = 0; i < st->ntasks; i++)
			reservations(c, &st->tasks[i]);
		provider_cycles(c);
	}
	for (size_t i = 0; i < st->ntasks; i++)
		output_caps(c, &st->tasks[i]);
}
