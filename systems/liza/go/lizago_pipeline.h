/* lizago_pipeline.h — the role-pair pipelines today's Liza (the Go program)
 * moves tasks by. A status means something only through a pipeline: each
 * role pair names one status per state category (initial, executing,
 * submitted, reviewing, approved, rejected, and optionally partially
 * approved, a second review, clean), plus the statuses every pair shares
 * (MERGED, BLOCKED, …). The default is Liza's embedded pipeline, kept here
 * as data; a project that froze its own (`.liza/pipeline.yaml`, written by
 * `liza init`) is read instead. docs/systems/liza-go.md describes both. */
#ifndef LW_LIZAGO_PIPELINE_H
#define LW_LIZAGO_PIPELINE_H
#include <stdbool.h>
#include <stddef.h>
#include "core/doc/arena.h"
#include "core/doc/doc.h"
#include "core/util/error.h"

/* State categories of a role pair, in lifecycle order. */
typedef enum lg_cat {
	LGC_INITIAL, LGC_EXECUTING, LGC_SUBMITTED, LGC_REVIEWING, LGC_REVIEWING2, LGC_PARTIAL,
	LGC_APPROVED, LGC_REJECTED, LGC_CLEAN, LGC_PAIR_COUNT,
	/* statuses no pair owns */
	LGC_MERGED = LGC_PAIR_COUNT, LGC_BLOCKED, LGC_ABANDONED, LGC_SUPERSEDED, LGC_INTEGRATION_FAILED,
	LGC_LEGACY,               /* accepted by Liza's fixed list (DRAFT, the legacy review status) */
	LGC_UNKNOWN,
	LGC_COUNT
} lg_cat;

const char *lizago_cat_name(lg_cat c);   /* "initial", "partially-approved", … */

typedef struct lg_pair {
	const char *name, *doer, *reviewer, *slug;
	int quorum;               /* review-policy quorum; 1 when the pair sets none */
	const char *state[LGC_PAIR_COUNT];   /* NULL: the pair does not declare it */
	/* review-policy overrides by impact (significant-change, architecture-impact):
	 * the quorum when a task's effective impact is that level; 0 when none */
	int quorum_significant, quorum_architecture;
} lg_pair;

/* A transition between role pairs (pipeline TransitionDef): declared per
 * sub-pipeline (`sub-pipelines.<sp>.transitions`, refs `pair.phase`) or at
 * pipeline level (`pipeline-transitions`, refs `sub-pipeline.pair.phase`).
 * from/to hold the role pair a ref names, as the resolver reads it
 * (transitionFromRolePair: the middle of a 3-part ref, else the head of a
 * 2-part one). Absent fields are NULL. */
typedef struct lg_transition {
	const char *name, *slug, *from, *to, *trigger, *cardinality, *when;
	bool top_level;           /* a pipeline-transition */
} lg_transition;

typedef struct lg_pipeline {
	const lg_pair *pairs;
	size_t npairs;
	bool embedded;            /* the built-in default, not the project's own file */
	const char *source;       /* display path of the file it came from, or "embedded" */
	/* roles of type orchestrator (pipeline.roles.<name>.type), sorted */
	const char *const *orchestrators;
	size_t norchestrators;
	/* every transition, sub-pipelines' first (AllTransitions) */
	const lg_transition *transitions;
	size_t ntransitions;
} lg_pipeline;

/* What a status means: the owning pair (NULL for shared statuses) and its
 * category. */
typedef struct lg_status {
	const lg_pair *pair;
	lg_cat cat;
} lg_status;

extern const lg_pipeline lg_embedded_pipeline;

lg_status lizago_resolve(const lg_pipeline *p, const char *status);
const lg_pair *lizago_pair_find(const lg_pipeline *p, const char *name);
/* Is role one the pipeline types orchestrator? */
bool lizago_pipeline_orchestrator(const lg_pipeline *p, const char *role);
/* True for the statuses Liza never moves a task out of. */
bool lizago_terminal(const char *status);

/* The transition graph's reach (pipeline Resolver.DownstreamRolePairs,
 * IsRolePairDownstream, 03b359a): a pair is downstream of another when the
 * transitions lead from the one to the other; a pair is never downstream of
 * itself, even on a cycle. Built once per check, then each question costs a
 * lookup. */
typedef struct lg_downstream lg_downstream;
lg_downstream *lizago_downstream_build(const lg_pipeline *p);   /* NULL: out of memory */
/* 1: dep is downstream of source; 0: it is not; -1: the pipeline declares no
 * role pair *unknown (source asked first, as Go asks). */
int lizago_downstream(const lg_downstream *d, const char *source, const char *dep, const char **unknown);
void lizago_downstream_free(lg_downstream *d);

/* Impact levels of a review (ops.impactOrder): standard < significant < architecture. */
typedef enum lg_impact { LGI_STANDARD, LGI_SIGNIFICANT, LGI_ARCHITECTURE } lg_impact;
const char *lizago_impact_name(lg_impact i);
/* The quorum a pair asks at an impact (pipeline Resolver.EffectiveQuorum): the
 * override when the pair declares one for that level, else its base quorum. */
int lizago_effective_quorum(const lg_pair *p, lg_impact impact);
/* The highest quorum any impact can ask of the pair. */
int lizago_max_quorum(const lg_pair *p);
/* ops.ResolveEffectiveImpact over a task's history sequence: the highest
 * `impact` of its pre_execution_checkpoint and approved entries since the
 * last rejection; standard when none. */
lg_impact lizago_history_impact(const doc_node *history);

/* Read `<liza_dir>/pipeline.yaml` into a (in arena a). 1: read; 0: there
 * is none (use the embedded one); -1: it is there but does not read, err
 * says where (Liza refuses such a file too). */
int lizago_pipeline_load(const char *liza_dir, arena *a, lg_pipeline *out, lw_error *err);

#endif
