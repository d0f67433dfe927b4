/* aot.h — the AoT Loop's `.claude/aot-loop-state.md`, typed: YAML front
 * matter (objective, control, the atoms DAG, OR groups, bindings, trail,
 * corrections) above a Markdown body that belongs to the user. The loader
 * parses only the front matter; checks read only this. See
 * docs/systems/aot.md. */
#ifndef LW_AOT_H
#define LW_AOT_H
#include "core/model/adapter.h"

/* ---- front matter (aot_front.c) ---- */
typedef enum aot_fm_rc {
	AOT_FM_OK,
	AOT_FM_NO_OPEN,           /* the file does not start with a '---' line */
	AOT_FM_NO_CLOSE,          /* no closing '---' line: not ready (mid-write) */
} aot_fm_rc;
/* Locate the front matter. On AOT_FM_OK, [0, *yaml_end) is the YAML to
 * parse — opening marker included, so the parser's byte offsets and lines
 * are the whole file's — and *body is the offset just past the closing line
 * (the Markdown body, kept byte for byte on writes). */
aot_fm_rc aot_front_matter(const char *buf, size_t len, size_t *yaml_end, size_t *body);

/* ---- typed state ---- */
typedef enum aot_status { AS_UNKNOWN, AS_PENDING, AS_IN_PROGRESS, AS_RESOLVED } aot_status;
aot_status aot_status_parse(const char *s);

typedef struct aot_atom {
	const doc_node *node;
	const char *id, *description, *status_raw, *or_group;
	aot_status status;
	const char **deps;
	size_t ndeps;
	bool executable;          /* pending, every dependency resolved, a live OR choice */
	const doc_node *detail;   /* synthetic tree for the detail view */
} aot_atom;

typedef struct aot_state {
	const char *path;
	const doc_node *root, *objective, *control, *atoms_node, *or_groups, *bindings, *trail,
		*corrections, *decompositions, *base_case, *constraints;
	/* objective */
	const char *goal, *background_intent, *deliverables, *definition_of_done;
	long long max_iterations, max_parallel_agents, max_stall_count;
	/* control */
	const char *status, *stop_reason;
	long long iteration, stall_count, prev_pending_count;
	bool stop_requested, redirect_requested;
	aot_atom *atoms;
	size_t natoms;
	size_t npending, nin_progress, nresolved, nexecutable;
} aot_state;

extern const lw_adapter lw_adapter_aot;

/* Loader: path is the state file. Fails (keeping the last good snapshot)
 * when the file is missing, has no front matter, has no closing '---' yet,
 * or its YAML does not parse into a mapping. Everything else the format
 * forbids is a problem, reported as invalid_state. */
int aot_load(const char *path, lw_snapshot *snap, lw_error *err);
/* The atoms DAG (aot_dag.c): duplicate ids, missing dependencies, cycles
 * (each named), unknown OR groups as problems; executable atoms marked. */
void aot_dag(lw_snapshot *snap, aot_state *st);
const aot_atom *aot_find_atom(const aot_state *st, const char *id);
/* The detail tree of every atom and the neutral model (aot_model.c). */
void aot_project(lw_snapshot *snap, aot_state *st);
void aot_check(const aot_state *st, const lw_snapshot *snap, lw_check_ctx *ctx);
/* Transitions (aot_tx.c). */
extern const tx_table aot_tx_table;
int aot_transition(const lw_source *src, const tx_request *rq, tx_result *res);
/* The review provider (aot_review.c): the atom's binding and artifacts. */
int aot_review(const lw_source *src, const lw_task *t, const char *project, struct lw_review *rv);

#endif
