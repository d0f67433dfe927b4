/* aot_dag.c — the atoms' dependency graph: ids looked up in a sorted index
 * (so a large graph stays cheap), duplicates, dependencies on atoms that do
 * not exist, cycles named atom by atom, OR groups that do not exist, and
 * which atoms are executable now (pending, every dependency resolved, and
 * not a discarded alternative of an OR group). The walk is iterative: a
 * hostile chain of atoms cannot exhaust the stack. */
#include "systems/aot/aot.h"
#include "core/model/field.h"
#include "core/util/strbuf.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ent { const char *id; size_t i; } ent;

static int cmp_ent(const void *pa, const void *pb)
{
	const ent *a = pa, *b = pb;
	int c = strcmp(a->id, b->id);
	return c ? c : (a->i < b->i ? -1 : a->i > b->i);
}

typedef struct dag {
	lw_snapshot *snap;
	aot_state *st;
	ent *idx;
	size_t n;
	size_t **edges;           /* edges[i]: atom indexes atom i depends on */
	size_t *nedges;
} dag;

/* First atom with this id, or SIZE_MAX. */
static size_t lookup(const dag *g, const char *id)
{
	size_t lo = 0, hi = g->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(g->idx[mid].id, id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < g->n && strcmp(g->idx[lo].id, id) == 0 ? g->idx[lo].i : SIZE_MAX;
}

const aot_atom *aot_find_atom(const aot_state *st, const char *id)
{
	for (size_t i = 0; i < st->natoms; i++)
		if (strcmp(st->atoms[i].id, id) == 0)
			return &st->atoms[i];
	return NULL;
}

static void problem(dag *g, const char *subject, const char *rule, const doc_node *at, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void problem(dag *g, const char *subject, const char *rule, const doc_node *at, const char *fmt, ...)
{
	char msg[900];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	field f = { .snap = g->snap, .path = g->st->path, .subject = subject, .mem = &g->snap->mem };
	field_problem(&f, rule, at, "%s", msg);
}

static void index_atoms(dag *g)
{
	aot_state *st = g->st;
	g->n = st->natoms;
	g->idx = malloc((g->n + 1) * sizeof *g->idx);
	if (!g->idx)
		abort();
	for (size_t i = 0; i < g->n; i++)
		g->idx[i] = (ent){ st->atoms[i].id, i };
	qsort(g->idx, g->n, sizeof *g->idx, cmp_ent);
	for (size_t i = 1; i < g->n; i++)
		if (strcmp(g->idx[i].id, g->idx[i - 1].id) == 0) {
			const aot_atom *a = &st->atoms[g->idx[i].i];
			problem(g, a->id, "duplicate_id", a->node, "duplicate atom id %s (atoms[%zu] and atoms[%zu])", a->id,
			        g->idx[i - 1].i, g->idx[i].i);
		}
}

static void resolve_edges(dag *g)
{
	aot_state *st = g->st;
	g->edges = calloc(g->n + 1, sizeof *g->edges);
	g->nedges = calloc(g->n + 1, sizeof *g->nedges);
	if (!g->edges || !g->nedges)
		abort();
	for (size_t i = 0; i < g->n; i++) {
		const aot_atom *a = &st->atoms[i];
		g->edges[i] = malloc((a->ndeps + 1) * sizeof **g->edges);
		if (!g->edges[i])
			abort();
		for (size_t k = 0; k < a->ndeps; k++) {
			size_t j = lookup(g, a->deps[k]);
			if (j == SIZE_MAX)
				problem(g, a->id, "missing_dependency", doc_get(a->node, "depends_on"),
				        "%s depends on %s, which is not an atom", a->id, a->deps[k]);
			else
				g->edges[i][g->nedges[i]++] = j;
		}
	}
}

/* Iterative depth-first search; a back edge to an atom still on the path
 * closes a cycle, named from that atom round to itself. Each atom is named
 * in at most one reported cycle, so a knot of cycles is not listed n times. */
static void find_cycles(dag *g)
{
	enum { WHITE, GREY, BLACK };
	unsigned char *color = calloc(g->n + 1, 1);
	unsigned char *named = calloc(g->n + 1, 1);
	size_t *stack = malloc((g->n + 1) * sizeof *stack), *next = calloc(g->n + 1, sizeof *next);
	if (!color || !named || !stack || !next)
		abort();
	for (size_t root = 0; root < g->n; root++) {
		if (color[root] != WHITE)
			continue;
		size_t depth = 0;
		stack[depth++] = root;
		color[root] = GREY;
		while (depth) {
			size_t v = stack[depth - 1];
			if (next[v] == g->nedges[v]) {
				color[v] = BLACK;
				depth--;
				continue;
			}
			size_t w = g->edges[v][next[v]++];
			if (color[w] == WHITE) {
				color[w] = GREY;
				stack[depth++] = w;
			} else if (color[w] == GREY) {
				size_t from = depth;
				while (from > 0 && stack[from - 1] != w)
					from--;
				from--;
				bool fresh = false;
				for (size_t k = from; k < depth; k++)
					fresh |= !named[stack[k]];
				if (!fresh)
					continue;
				strbuf path;
				strbuf_init(&path);
				for (size_t k = from; k < depth; k++) {
					named[stack[k]] = 1;
					strbuf_printf(&path, "%s -> ", g->st->atoms[stack[k]].id);
				}
				strbuf_adds(&path, g->st->atoms[w].id);
				const aot_atom *a = &g->st->atoms[w];
				problem(g, a->id, "cycle", doc_get(a->node, "depends_on"), "dependency cycle: %.700s", path.buf);
				strbuf_free(&path);
			}
		}
	}
	free(color);
	free(named);
	free(stack);
	free(next);
}

static void check_or_groups(dag *g)
{
	aot_state *st = g->st;
	for (size_t i = 0; i < st->natoms; i++) {
		aot_atom *a = &st->atoms[i];
		if (a->or_group && !doc_get(st->or_groups, a->or_group))
			problem(g, a->id, "or_group", doc_get(a->node, "or_group"),
			        "%s names OR group '%s', which or_groups does not define", a->id, a->or_group);
	}
}

static bool listed(const doc_node *seq, const char *id)
{
	for (const doc_node *i = doc_seq_first(seq); i; i = i->next)
		if (doc_str(i) && strcmp(doc_str(i), id) == 0)
			return true;
	return false;
}

/* An alternative the loop did not pick, or one that already failed, is not
 * work to do now. */
static bool live_choice(const aot_state *st, const aot_atom *a)
{
	const doc_node *grp = a->or_group ? doc_get(st->or_groups, a->or_group) : NULL;
	if (!grp)
		return true;
	const char *sel = doc_str(doc_get(grp, "selected"));
	return (!sel || strcmp(sel, a->id) == 0) && !listed(doc_get(grp, "failed"), a->id);
}

static void mark_executable(dag *g)
{
	aot_state *st = g->st;
	for (size_t i = 0; i < st->natoms; i++) {
		aot_atom *a = &st->atoms[i];
		st->npending += a->status == AS_PENDING;
		st->nin_progress += a->status == AS_IN_PROGRESS;
		st->nresolved += a->status == AS_RESOLVED;
		if (a->status != AS_PENDING || g->nedges[i] != a->ndeps || !live_choice(st, a))
			continue;
		bool ready = true;
		for (size_t k = 0; k < g->nedges[i] && ready; k++)
			ready = st->atoms[g->edges[i][k]].status == AS_RESOLVED;
		a->executable = ready;
		st->nexecutable += ready;
	}
}

void aot_dag(lw_snapshot *snap, aot_state *st)
{
	dag g = { .snap = snap, .st = st };
	index_atoms(&g);
	resolve_edges(&g);
	find_cycles(&g);
	check_or_groups(&g);
	mark_executable(&g);
	for (size_t i = 0; i < g.n; i++)
		free(g.edges[i]);
	free(g.edges);
	free(g.nedges);
	free(g.idx);
}
