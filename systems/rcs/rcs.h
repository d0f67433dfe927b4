/* rcs.h — RCS / oh-my-codex state (`.rcs/state/`, upstream `.omx/state/`),
 * typed. The loader fills this from every file of the state folder; checks
 * read only this. The transition rule of the seed is one pure function,
 * rcs_evaluate. See docs/systems/rcs.md. */
#ifndef LW_RCS_H
#define LW_RCS_H
#include "core/model/adapter.h"

#define RCS_MAX_SET 16            /* members of one active set we keep */

/* ---- workflow names (rcs_modes.c) ---- */
/* The seed renames upstream's modes: ralph is forge, ralplan is blueprint.
 * Both spellings are read; canonical names are the RCS ones. Returns a
 * static string for a known mode, else name itself. */
const char *rcs_canon(const char *name);
/* team, forge, ultrawork, autopilot, autoresearch, blueprint, ultraqa,
 * deep-interview: the workflows the seed's contract governs. */
bool rcs_tracked(const char *canon);
/* The workflows a surface knows: the seed's under .rcs; under .omx the
 * current package's TRACKED_WORKFLOW_MODES, which add ultragoal. */
bool rcs_known(const char *canon, const char *surface);
bool rcs_is_omx(const char *surface);
/* skill-active.js isTerminalSkillActiveState: a skill-active-state.json
 * whose top level says it is over (active: false, a terminal phase, a
 * completed_at, a terminal run or lifecycle outcome) lists no active skills
 * to the package, whatever its active_skills say. */
bool rcs_omx_terminal(const doc_node *root);
/* workflow-transition-reconcile.js isActiveWorkflowDetail's phase test: not
 * complete(d), cancel(l)ed, failed or cleared. */
bool rcs_omx_running_phase(const char *phase);
/* Never shares the active set (autopilot, autoresearch, ultraqa,
 * deep-interview). */
bool rcs_standalone(const char *canon);
/* How a canonical name is spelled on disk under this surface ("omx" writes
 * ralph and ralplan). */
const char *rcs_disk_name(const char *canon, const char *surface);
/* "ralph" from "ralph-state.json"; NULL when name is not a mode file
 * (skill-active-state.json included). Arena copy. */
const char *rcs_mode_of_file(arena *a, const char *filename);
/* session ids: ^[A-Za-z0-9_-]{1,64}$ */
bool rcs_session_id_ok(const char *id);

/* ---- the transition rule (rcs_eval.c) ---- */
typedef struct rcs_set {
	const char *v[RCS_MAX_SET];   /* canonical names, first activated first */
	size_t n;
} rcs_set;

typedef enum rcs_decision { RCS_ALLOW, RCS_DENY, RCS_UNKNOWN_MODE } rcs_decision;

typedef struct rcs_verdict {
	rcs_decision decision;
	rcs_set result;           /* the active set after the activation (allowed) */
	rcs_set completed;        /* .omx: members the activation auto-completes */
	char message[768];        /* the denial, naming both clearing surfaces */
} rcs_verdict;

/* Current active set + requested workflow -> allowed (resulting set) or
 * denied (message). Pure: no files, no clock. Names in either spelling.
 * Under "rcs" the seed's first-pass contract decides; under "omx" the
 * current package's evaluateWorkflowTransition: every overlap is allowed
 * and an allowlisted handoff (deep-interview -> ralph, ralplan -> team, ...)
 * auto-completes its source (v->completed, message "mode transiting: ..."). */
rcs_decision rcs_evaluate(const rcs_set *current, const char *requested, const char *surface,
                          rcs_verdict *v);
/* Is a set found on disk one the rule could have produced? Members that are
 * not tracked workflows do not count; under "omx" every set is. */
bool rcs_set_approved(const rcs_set *s, const char *surface);
bool rcs_set_has(const rcs_set *s, const char *canon);
void rcs_set_add(rcs_set *s, const char *canon);
/* "team+forge" into buf. */
const char *rcs_set_join(const rcs_set *s, const char *sep, char *buf, size_t n);

/* ---- loaded state ---- */
/* One entry of an active_skills list (or a legacy top-level skill). */
typedef struct rcs_entry {
	const char *skill, *canon, *phase, *session_id;
	bool active;              /* false only when the entry says active: false */
	time_t updated_at;
	const char *file;         /* display path of its skill-active-state.json */
	const doc_node *node;
} rcs_entry;

/* One <mode>-state.json (the session scope's copy when there is one). */
typedef struct rcs_mode {
	const char *name, *canon;  /* name as in the file name */
	const char *path;
	const doc_node *root;
	bool active;
	bool session_scope;
	const char *phase, *task, *error, *run_outcome, *session_id, *team_name;
	long long iteration, max_iterations;  /* FLD_UNSET when absent */
	time_t last_turn_at, updated_at;
} rcs_mode;

/* A member of the active set as shown: one workflow row each. */
typedef struct rcs_member {
	const char *name, *canon, *phase;
	const rcs_entry *entry;   /* NULL for a mode active only in its file */
	const rcs_mode *mode;     /* NULL when there is no mode file */
} rcs_member;

typedef struct rcs_task {
	const char *team, *id, *raw_id, *subject, *description, *status, *owner;
	const char **depends_on;
	size_t ndepends;
	const char *path;
	const doc_node *node;
} rcs_task;

typedef struct rcs_worker {
	const char *team, *name, *role, *state, *task;
	time_t heartbeat;         /* heartbeat.json last_turn_at; LW_NO_TIME */
	int alive;                /* -1 unknown */
	const char *path;
	const doc_node *node;
} rcs_worker;

typedef struct rcs_state {
	const char *base;          /* the state folder as found */
	const char *surface;       /* "rcs" or "omx": the spelling found */
	const char *session_id;    /* a valid current session, or NULL (root view) */
	const char *bad_session_id;   /* session.json named an invalid id */
	const char *session_path;
	rcs_entry *entries;   size_t nentries;     /* visible entries, before the set is taken */
	rcs_set set;                               /* the active set (canonical names) */
	rcs_member members[RCS_MAX_SET]; size_t nmembers;
	rcs_mode *modes;      size_t nmodes;
	rcs_task *tasks;      size_t ntasks;
	rcs_worker *workers;  size_t nworkers;
} rcs_state;

extern const lw_adapter lw_adapter_rcs;

/* RCS's thresholds a config may change (rcs.* rows of rcs_adapter.c). */
typedef struct rcs_thresholds {
	long long session_stale;      /* an active mode's last turn */
	long long worker_stale;       /* a working team worker's heartbeat */
} rcs_thresholds;

/* Which spelling a state folder uses: "omx" for .../.omx/state, else "rcs". */
const char *rcs_surface_of(const char *base);
/* Loader: base is the state folder. Load failures: an unreadable or
 * unparseable session.json, skill-active-state.json or mode file. A broken
 * team runtime file is skipped with a parse_error problem instead. */
int rcs_load(const char *base, lw_snapshot *snap, lw_error *err);
/* The active set of a list of entries: entries that are not active: false,
 * first appearance wins, one member per workflow (so the (skill, session)
 * duplicates a session view gathers collapse). first[i] (may be NULL) gets
 * the entry member i came from. */
void rcs_active_set(const rcs_entry *e, size_t n, rcs_set *out, const rcs_entry **first);
/* The neutral model: workflows (every member, and any mode file active
 * outside the set), the team board, workers, the status segment. */
void rcs_project(lw_snapshot *snap, const rcs_state *st);
void rcs_check(const rcs_state *st, const lw_snapshot *snap, lw_check_ctx *ctx);
/* Team runtime (rcs_team.c), called by rcs_load. */
void rcs_load_teams(const char *base, lw_snapshot *snap, rcs_state *st);
/* Read one JSON file into a tree kept in snap's arena (the file's own doc is
 * freed at once). 0 ok, 1 missing, -1 err set. */
int rcs_read_json(lw_snapshot *snap, const char *path, const doc_node **root, lw_error *err);
/* Names in dir (sorted, so loads are deterministic), directories or
 * regular files, at most max; 0 when dir is missing. Arena array. */
size_t rcs_list_dir(arena *a, const char *dir, bool dirs, size_t max, const char ***names);
/* Transitions (rcs_tx.c). */
extern const tx_table rcs_tx_table;
int rcs_transition(const lw_source *src, const tx_request *rq, tx_result *res);

#endif
