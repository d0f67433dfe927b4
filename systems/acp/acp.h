/* acp.h — Agent Cell Phone state, typed: agent_workspaces/<Agent-N>/
 * state.json (upstream shape, schema_version 1, lowercase states; or the
 * contract shape, schema_version 2, under the core or the Jarvis FSM), the
 * agents' inboxes, and the task files of fsm_data/tasks. The FSMs, the mapping of
 * upstream words and the guards live in acp_fsm.c; see
 * docs/systems/acp.md. */
#ifndef LW_ACP_H
#define LW_ACP_H
#include "core/model/adapter.h"

typedef enum acp_fsm { ACP_CORE, ACP_JARVIS } acp_fsm;
typedef enum acp_shape { ACP_UPSTREAM, ACP_CONTRACT } acp_shape;

/* ---- the FSMs ---- */
enum acp_guard {
	AG_VALID_TASK = 1,        /* has_valid_task: the task has acceptance criteria */
	AG_APPROVAL_REQUIRED = 2, /* approval_required: the step's policy asks for approval */
	AG_RETRIES = 4,           /* retries_remaining > 0 */
	AG_EVIDENCE = 8,          /* evidence_attached / EVIDENCE_PRESENT */
};
extern const tx_table acp_tx_core, acp_tx_jarvis, acp_tx_none;
/* Upstream-shape records (schema_version 1): overnight_runner/listener.py's
 * on_message moves the lowercase state by message type, from any state and
 * without guards (task -> executing, sync -> syncing, verify -> verifying,
 * resume -> ready); approve and reject are the operator's names for resume
 * and task. Rows' `to` is the word written. */
extern const tx_table acp_tx_listener;
const tx_table *acp_table(acp_fsm fsm);
const char *acp_fsm_name(acp_fsm fsm);             /* "core", "jarvis" */

/* The FSM state a written word stands for: a state of fsm as is, or an
 * upstream lowercase word through the mapping; NULL when neither knows it. */
const char *acp_state_of(const char *raw, acp_fsm fsm);
/* The upstream word written back for a core state; NULL when upstream has none. */
const char *acp_upstream_word(const char *state);
/* The FSM event a table row fires: approve and reject are the operator's
 * names for approval_granted / approval_denied (core) and request_changes (Jarvis). */
const char *acp_event_name(acp_fsm fsm, const char *event);
/* Names of a row's guards for last_event.guard ("evidence_attached"), or NULL. */
const char *acp_guard_names(acp_fsm fsm, unsigned guards);

typedef struct acp_facts {
	bool valid_task;          /* a task_id whose task carries acceptance criteria */
	int approval_required;    /* 1, 0, -1 unrecorded (upstream files: approval is asked) */
	long long retries;        /* -1 unrecorded */
	bool evidence;
} acp_facts;
/* The runner's reading of `updated` (runner.py is_stalled): strptime
 * "%Y-%m-%dT%H:%M:%S", naive, nothing after the seconds. false when it would
 * raise (a Z, fractions, an offset, garbage): the runner then counts the
 * agent stalled. */
bool acp_runner_time(const char *s, time_t *out);
/* fsm_bridge.py process_fsm_update's required fields of an fsm_update
 * (task_id, state, summary): the first one m lacks, or NULL. */
const char *acp_fsm_update_missing(const doc_node *m);

/* NULL when the row's guards hold, else the rule that refused it. */
const char *acp_guard_refusal(acp_fsm fsm, unsigned guards, const acp_facts *f);

/* ---- loaded state ---- */
enum { ACP_MSG_TASK, ACP_MSG_FSM_UPDATE, ACP_MSG_FSM_REQUEST, ACP_MSG_VERIFY, ACP_MSG_OTHER, ACP_MSG_KINDS };

typedef struct acp_agent {
	const doc_node *node;     /* NULL when the agent has an inbox but no state.json */
	const char *id, *path;
	acp_shape shape;
	acp_fsm fsm;
	const char *state_raw, *state;   /* state NULL: unknown word */
	const char *task_id, *blocked_reason;
	long long retries;        /* -1 unrecorded */
	int approval_required;    /* -1 unrecorded */
	bool evidence;
	bool has_last_event;
	const char *ev_event, *ev_from, *ev_to;
	const doc_node *ev_node;
	time_t updated;
	const char *updated_raw;  /* `updated` as written */
	bool runner_time;         /* the runner's strptime reads it (acp_runner_time) */
	const char *last_type, *last_from;   /* upstream last_message */
	size_t inbox, inbox_kind[ACP_MSG_KINDS];
	size_t bad_updates;       /* fsm_update messages the bridge would refuse */
	const char *bad_update_file, *bad_update_field;   /* the first of them */
	bool stale;               /* state.json no longer reads: its last good version */
} acp_agent;

typedef struct acp_task {
	const doc_node *node;
	const char *id, *path, *title, *assignee;
	const char *state_raw, *state;
	bool evidence;
	time_t updated;
	bool stale;               /* the file no longer reads: its last good version */
} acp_task;

typedef struct acp_state {
	const char *root, *workspaces, *tasks_dir;
	acp_agent *agents;        size_t nagents;
	acp_task *tasks;          size_t ntasks;
} acp_state;

/* ---- inbox messages as records (acp_inbox.c) ---- */
typedef struct acp_msgs {
	struct acp_msg *v;
	size_t n, cap;
} acp_msgs;
/* Message m (parsed from path) in the inbox of agent `to` (a string of
 * the snapshot): its time, sender and one line of what it says, kept. */
void acp_msgs_add(acp_msgs *ms, const char *to, const char *path, const doc_node *m);
/* The newest lw_records_limit() of them, in the order they came, as the
 * snapshot's records (kind "message"); ms is freed. */
void acp_msgs_done(acp_msgs *ms, lw_snapshot *snap);

extern const lw_adapter lw_adapter_acp;

/* Agent Cell Phone's thresholds a config may change (acp.* rows of acp_adapter.c). */
typedef struct acp_thresholds {
	long long stale;              /* an agent's last update (runner.py: 1200 s) */
} acp_thresholds;

int  acp_load(const char *root, lw_snapshot *snap, lw_error *err);
void acp_check(const acp_state *st, const lw_snapshot *snap, lw_check_ctx *ctx);
const acp_agent *acp_find_agent(const acp_state *st, const char *id);
const acp_task *acp_find_task(const acp_state *st, const char *id);
/* Evidence a record links: its own `evidence`, or its task's (`evidence`,
 * or the bridge's metadata.completion_evidence). */
bool acp_has_evidence(const doc_node *record);
/* A task file path for a task id (fsm_data/tasks/<id>.json); false for ids
 * that are not plain file names. */
bool acp_task_path(const char *root, const char *id, char *out, size_t n);
int  acp_transition(const lw_source *src, const tx_request *rq, tx_result *res);
void acp_detail(const lw_source *src, const lw_task *t, time_t now, strbuf *out);
/* The review provider (acp_review.c): the evidence, shown. */
int  acp_review(const lw_source *src, const lw_task *t, const char *project, struct lw_review *rv);

#endif
