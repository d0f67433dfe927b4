/* liza.h — Liza's `.liza/` state, typed. The loader fills this from the
 * document tree (keeping node pointers for positions and the detail view);
 * checks and invariants read only this. See shared/formats/liza.md. */
#ifndef LW_LIZA_H
#define LW_LIZA_H
#include <sys/stat.h>
#include "core/adapter.h"

typedef enum liza_status {
	LS_UNKNOWN, LS_DRAFT, LS_UNCLAIMED, LS_CLAIMED, LS_READY_FOR_REVIEW, LS_REJECTED,
	LS_APPROVED, LS_MERGED, LS_BLOCKED, LS_ABANDONED, LS_SUPERSEDED, LS_INTEGRATION_FAILED,
	LS_COUNT
} liza_status;

const char *liza_status_name(liza_status s);
liza_status liza_status_parse(const char *s);     /* LS_UNKNOWN when not a status */
bool liza_status_terminal(liza_status s);         /* MERGED, ABANDONED, SUPERSEDED */

typedef struct liza_strv {
	const char **v;
	size_t n;
	const doc_node *node;     /* the sequence, NULL when absent */
} liza_strv;

typedef struct liza_event {
	time_t time;              /* LW_NO_TIME when absent or unreadable */
	const char *event, *agent, *reason;
	const doc_node *node;
} liza_event;

#define LIZA_UNSET (-1LL)

typedef struct liza_task {
	const doc_node *node;
	const char *id, *title, *description, *status_raw;
	liza_status status;
	long long priority, iteration, review_cycles_current, review_cycles_total, max_iterations;
	const char *assigned_to, *worktree, *base_commit, *review_commit, *reviewing_by,
		*approved_by, *rejection_reason, *merge_commit, *blocked_reason, *spec_ref,
		*done_when, *rescope_reason;
	time_t created, lease_expires, review_lease_expires;
	bool integration_fix, handoff_pending;
	liza_strv depends_on, failed_by, blocked_questions, superseded_by;
	liza_event *history;
	size_t nhistory;
} liza_task;

typedef struct liza_agent {
	const doc_node *node;
	const char *id, *role, *status, *current_task;
	time_t lease_expires, heartbeat;
} liza_agent;

typedef struct liza_discovery {
	const doc_node *node;
	const char *id, *urgency, *converted_to_task, *description;
} liza_discovery;

typedef struct liza_handoff {
	const doc_node *node;
	const char *task;
	bool has_summary, has_next_action;
} liza_handoff;

typedef struct liza_config {
	long long max_coder_iterations, max_review_cycles, heartbeat_interval, lease_duration;
} liza_config;

typedef struct liza_state {
	const char *state_path, *log_path;   /* display paths for messages */
	const doc *state_doc;     /* the parse of state.yaml (the next load patches it) */
	const doc_node *root;
	const char *goal_id, *goal_status, *goal_description;
	liza_task *tasks;           size_t ntasks;
	liza_agent *agents;         size_t nagents;
	liza_discovery *discovered; size_t ndiscovered;
	liza_handoff *handoffs;     size_t nhandoffs;
	const doc_node *sprint;
	const char *sprint_id, *sprint_goal_ref, *sprint_status;
	time_t sprint_deadline;
	liza_strv sprint_planned, sprint_stretch;
	const char *circuit_status;
	liza_config config;
	/* log.yaml: only what the checks need, and what the next load needs
	 * to tell an unchanged or merely appended log from a rewritten one */
	bool has_log;
	size_t log_entries;
	time_t log_newest;
	size_t log_problems;      /* timestamps that did not read */
	struct { dev_t dev; ino_t ino; off_t size; struct timespec mtime, ctime; } log_stat, state_stat;
	bool log_ends_nl;         /* the text ended with a line break */
	/* marker files: presence and the time they speak of */
	bool paused, aborted, checkpoint;
	time_t pause_since, abort_since, checkpoint_at;
} liza_state;

extern const lw_adapter lw_adapter_liza;
/* The transitions an operator fires (formats/liza.md), and the function that
 * applies one under .liza/state.yaml.lock. dir is the `.liza` folder. */
extern const tx_table liza_tx_table;
int liza_transition(const char *dir, const tx_request *rq, tx_result *res);

/* Loader entry point used by the adapter (and tests): dir is the `.liza`
 * folder. prev, the last good snapshot (or NULL), lets unchanged files be
 * skipped (an unchanged state.yaml is shared with prev, not parsed again)
 * and an appended log.yaml be read from its old end. */
int liza_load(const char *liza_dir, lw_snapshot *prev, lw_snapshot *snap, lw_error *err);
/* Checks and invariants over a loaded state. */
void liza_check(const liza_state *st, const lw_snapshot *snap, lw_check_ctx *ctx);
void liza_invariants(const liza_state *st, lw_check_ctx *ctx);
const liza_task *liza_find_task(const liza_state *st, const char *id);
const liza_agent *liza_find_agent(const liza_state *st, const char *id);

#endif
