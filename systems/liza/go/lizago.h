/* lizago.h — the model at the bottom of the go/ room (with the pipeline):
 * today's Liza (the Go rewrite, liza-mas/liza) read from the same
 * `.liza/` folder as the shell-era scripts. The loader (liza_gen.c) tells
 * the two generations apart per state.yaml (liza_detect) and hands a file
 * of today's Liza to lizago_load, which fills this; the adapter reaches it
 * through lizago_generation (lizago_gen.h). docs/systems/liza-go.md
 * describes the format. It declares only what lizago.c defines (lookups
 * and limits over a loaded state); every other file of the room has a
 * header of its own, and the includes run one way (docs/design.md). */
#ifndef LW_LIZAGO_H
#define LW_LIZAGO_H
#include "systems/liza/liza_gen.h"
#include "systems/liza/liza_log.h"
#include "systems/liza/go/lizago_pipeline.h"
#include "core/model/tx.h"

typedef struct lg_approval {
	const char *agent, *provider;
	time_t at;
} lg_approval;

typedef struct lg_task {
	const doc_node *node;
	const char *id, *type, *role_pair, *status, *description;
	lg_status st;             /* what the status means in the pipeline */
	const lg_pair *pair;      /* the task's role pair (by role_pair, else its status's) */
	long long priority, iteration, attempt, review_cycles_current, review_cycles_total, max_iterations;
	const char *assigned_to, *worktree, *base_commit, *review_commit, *reviewing_by, *approved_by,
		*rejection_reason, *merge_commit, *blocked_reason, *rescope_reason, *spec_ref, *done_when;
	time_t created, lease_expires, review_lease_expires, last_event;
	time_t status_since;      /* models.TimeInStatus: its newest status-changing event, else created */
	lg_impact impact;         /* effective review impact since the last rejection */
	int quorum;               /* approvals its pair asks at that impact */
	bool integration_fix, has_blocked_questions, has_integration_failure, history_integration_failed;
	lg_approval *approvals;
	size_t napprovals;
	const char **failed_by;
	size_t nfailed_by;
	const char **depends_on;
	size_t ndepends_on;
	const char **parents;
	size_t nparents;
	/* rejection-RCA gate: none, open (awaiting an RCA), recorded (awaiting
	 * a disposition), resumed (disposition taken) */
	const char *rca;          /* NULL when the task has no gate */
	long long rca_threshold, rca_count;
	/* terminal archival: the row is a stub whose record was restored from
	 * .liza/archive (node is the restored record), or could not be; then
	 * archive_error is Liza's refusal and only id, status and created are read */
	bool archived;
	const char *archive_error, *archive_path;
} lg_task;

typedef struct lg_agent {
	const doc_node *node;
	const char *id, *role, *status, *current_task, *provider;
	time_t lease_expires, heartbeat;
	const char *generation;   /* registration generation (fences liveness records) */
	long long liveness_seq;   /* the highest liveness record folded into this row */
	bool live_overlay;        /* heartbeat and lease come from a newer liveness record */
	const char *health;       /* agent_health.<id>.state ("ok", "degraded"), NULL when none */
	const char *health_reason;
} lg_agent;

typedef struct lg_config {
	long long max_coder_iterations, max_review_cycles, heartbeat_interval, lease_duration;
	const char *mode, *integration_branch;
} lg_config;

/* A write today's Liza would have refused: a rule between the state before
 * it and the state it wrote (lizago_between.c). */
typedef struct lg_refusal {
	const char *subject, *message;
	const doc_node *at;       /* in the state that was written */
} lg_refusal;

typedef struct lizago_state {
	const liza_generation *gen;   /* &lizago_generation: the generation is recorded in the state */
	const char *state_path, *log_path, *dir;
	const doc_node *root;
	/* The parse root lies in (the snapshot's, never patched): a transition
	 * prepares its edit on it before Liza's lock (lizago_tx.c). */
	doc *state_doc;
	lg_pipeline pipeline;
	const tx_table *tx;       /* the pipeline's verdict rows (lizago_txtable.c) */
	bool pipeline_missing;    /* no .liza/pipeline.yaml: Liza's validate refuses the project */
	const char *pipeline_error;   /* the project's pipeline.yaml did not read (file:line:col) */
	bool pipeline_unread;     /* …because it could not be read at all: an unreadable or
	                             dangling_link alert says so, not pipeline_config */
	long long version;
	const char *goal_id, *goal_status;
	time_t goal_created;
	lg_task *tasks;           size_t ntasks;
	const lg_task **by_id;    /* every task sorted by id, for lookups */
	lg_agent *agents;         size_t nagents;
	const doc_node *discovered, *anomalies, *quarantined;
	const char *sprint_id, *sprint_status;
	const char **sprint_planned;
	size_t nsprint_planned;
	time_t sprint_deadline;
	const char *cb_status, *cb_pattern, *cb_severity;
	bool cb_trigger;          /* circuit_breaker.current_trigger set */
	lg_config config;
	time_t log_newest;
	size_t log_entries;
	liza_log_seen log_seen;   /* log.yaml as read, for the transition's append (liza_log.h) */
	/* Watching only: what this state breaks against the one before it. The
	 * baseline is the last state that broke none (its snapshot is this
	 * one's base while refusals last); NULL when nothing was compared or
	 * nothing was refused. */
	const struct lizago_state *baseline;
	lg_refusal *refusals;
	size_t nrefusals;
} lizago_state;

/* The first task with id (a duplicated id is an invariant of its own). */
const lg_task *lizago_find_task(const lizago_state *st, const char *id);
/* Limits as Liza resolves them (config value, else its default). */
long long lizago_iteration_limit(const lizago_state *st, const lg_task *t);
long long lizago_review_limit(const lizago_state *st);
/* models.IsStatusTransitionEvent: does this history event come with a status change? */
bool lizago_status_event(const char *event);
/* models.IsStatusTransitionEvent's other list: recorded without a status change. */
bool lizago_nonstatus_event(const char *event);

#endif
