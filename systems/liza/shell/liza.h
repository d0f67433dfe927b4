/* liza.h — the shell era's model, at the bottom of the shell/ room:
 * Liza's `.liza/` state, typed. The loader fills this from the
 * document tree (keeping node pointers for positions and the detail view);
 * checks and invariants read only this. See docs/systems/liza.md. It
 * declares only what liza.c defines; every other file of the room has a
 * header of its own (docs/design.md, "Liza's two rooms"). */
#ifndef LW_LIZA_H
#define LW_LIZA_H
#include <sys/stat.h>
#include "core/model/adapter.h"
#include "systems/liza/liza_gen.h"

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

/* The history events the checks count, read once at load time. */
typedef enum liza_event_kind { LE_OTHER, LE_CLAIMED, LE_APPROVED, LE_REJECTED } liza_event_kind;

typedef struct liza_event {
	time_t time;              /* LW_NO_TIME when absent or unreadable */
	const char *event, *agent, *reason;
	liza_event_kind kind;     /* from event */
	const doc_node *node;
} liza_event;


/* Fields whose presence (the key is there and its value is not null: what
 * `yq` means by "has") the invariants ask about, noted once at load time
 * as bits of liza_task.present (1u << field). */
typedef enum liza_field {
	LF_ASSIGNED_TO, LF_WORKTREE, LF_LEASE_EXPIRES, LF_BASE_COMMIT, LF_REVIEW_COMMIT, LF_BLOCKED_REASON,
	LF_BLOCKED_QUESTIONS, LF_REJECTION_REASON, LF_SUPERSEDED_BY, LF_RESCOPE_REASON, LF_DONE_WHEN,
	LF_SPEC_REF, LF_COUNT
} liza_field;
const char *liza_field_name(liza_field f);

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
	unsigned present;         /* bits 1u << liza_field */
	size_t problems;          /* load problems this task raised (its own fields only) */
	bool id_made;             /* no id in the file: id is "tasks[N]", made by the loader */
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

/* A sorted (id → position) index over tasks, agents or handoff entries
 * (liza_index.h). */
typedef struct liza_index_ent {
	const char *key;
	size_t i;                 /* position in the indexed array */
} liza_index_ent;

typedef struct liza_index_slot {
	uint32_t hash;
	uint32_t at;              /* 1 + position in v of the key's first entry; 0: empty */
} liza_index_slot;

typedef struct liza_index {
	liza_index_ent *v;
	size_t n;
	/* The loader's index of tasks also hashes each key to its first entry:
	 * a lookup then reads one id, where a binary search reads a dozen, each
	 * a cache miss in a large state. NULL: binary search. */
	liza_index_slot *slot;
	size_t mask;
} liza_index;

typedef struct liza_config {
	long long max_coder_iterations, max_review_cycles, heartbeat_interval, lease_duration;
} liza_config;

typedef struct liza_state {
	const liza_generation *gen;   /* &liza_shell_generation: the generation is recorded in the state (liza_gen.h) */
	const char *state_path, *log_path;   /* display paths for messages */
	doc *state_doc;           /* the parse of state.yaml: the next load may patch it, which
	                             makes its node memory shared (its tree never changes) */
	const doc_node *root;
	const char *goal_id, *goal_status, *goal_description;
	liza_task *tasks;           size_t ntasks;
	liza_index tasks_by_id;   /* every task, sorted by id (in the snapshot's memory: not
	                             for liza_index_free) */
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
	/* …and no alias and no key twice in one mapping anywhere in it: a
	 * full parse (doc_parse) of these bytes succeeds too, so a transition
	 * may append after its last item without parsing it whole
	 * (liza_log_entry_known). */
	bool log_plain;
	lw_record *log_records;   /* its newest entries, oldest first (liza_records.h) */
	size_t nlog_records;
	/* marker files: presence and the time they speak of */
	bool paused, aborted, checkpoint;
	time_t pause_since, abort_since, checkpoint_at;
} liza_state;

const liza_task *liza_find_task(const liza_state *st, const char *id);
const liza_agent *liza_find_agent(const liza_state *st, const char *id);

#endif
