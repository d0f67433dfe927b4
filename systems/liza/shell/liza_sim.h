/* liza_sim.h — Liza's simulated team (planner, coders, code reviewer):
 * internal pieces shared by sim/liza_sim*.c. The tick (liza_sim.c) locks
 * and loads; choose (liza_sim_choose.c) decides one action from what was
 * just read, asking liza_sim_read.c about it; write (liza_sim_write.c)
 * turns it into the fields the Liza scripts write (docs/systems/liza.md);
 * rebase (liza_sim_rebase.c) moves the example's old times to the present
 * on the first tick; the cast's words live in liza_sim_text.c. */
#ifndef LW_LIZA_SIM_H
#define LW_LIZA_SIM_H
#include "sim/sim.h"
#include "core/edit/edit.h"
#include "systems/liza/shell/liza.h"


typedef enum liza_sim_kind {
	LSIM_IDLE,        /* nothing but heartbeats (and, while paused, nothing else allowed) */
	LSIM_REPAIR,      /* agents whose status no longer matches their task (the operator moved it) */
	LSIM_PAUSE, LSIM_UNPAUSE,
	/* planner */
	LSIM_FINALIZE, LSIM_DRAFTS, LSIM_UNBLOCK, LSIM_RESCOPE, LSIM_CONVERT,
	/* coders */
	LSIM_CLAIM, LSIM_RECLAIM, LSIM_SUBMIT, LSIM_BLOCK, LSIM_HANDOFF, LSIM_RESUME, LSIM_DISCOVER,
	LSIM_RESTART,     /* session died and was restarted: the task re-claimed, one iteration more */
	/* code reviewer */
	LSIM_REVIEW, LSIM_RELEASE, LSIM_APPROVE, LSIM_REJECT, LSIM_MERGE,
	LSIM_KIND_COUNT
} liza_sim_kind;


/* The team's memory between ticks. Everything else is re-read from disk
 * every tick, so the operator's writes are always seen. */
typedef struct liza_sim {
	bool started;             /* the first tick (the rebase) is done */
	bool our_pause;           /* the PAUSE on disk is ours to lift (never the operator's) */
	time_t pause_until;
	time_t pause_ok_after;    /* no pause in the first half minute, nor twice in a row */
	time_t moment_ok_after;   /* alert-raising moments (block, handoff, discovery, pause) spaced out */
	char creep[128];          /* the task whose iteration is creeping up, or "" */
} liza_sim;

/* One decided action. Pointers are into the liza_state just loaded. */
typedef struct liza_sim_plan {
	liza_sim_kind kind;
	const liza_task *task;
	const liza_agent *agent;        /* who acts */
	const liza_task *dep;           /* FINALIZE: a dependency to add, or NULL */
	const liza_discovery *disc;     /* CONVERT */
	unsigned pick;                  /* which text of the cast's tables */
	unsigned count;                 /* DRAFTS: how many; RESTART: 1 when it starts a creep */
} liza_sim_plan;

/* What the log entry says (log.yaml: timestamp, agent, action, task, detail). */
typedef struct liza_sim_log {
	const char *agent, *action, *task;   /* action NULL: no log entry */
	char detail[300];
	char line[400];                      /* what to report when there is no entry */
} liza_sim_log;

/* Decide. paused: a PAUSE marker exists. */
/* One tick of the shell era's team (liza_sim.c): lock, load, choose,
 * write; liza_sim_team.c calls it for a project of the shell era. */
int liza_sim_tick(liza_sim *m, const char *root, time_t now, sim_rng *rng, char *line, size_t n, lw_error *err);
void liza_sim_choose(const liza_state *st, liza_sim *m, bool paused, time_t now, sim_rng *rng, liza_sim_plan *p);
/* The edits of p on the state document (root = its root mapping), plus the
 * heartbeats and leases of every agent. Fills lg (action NULL: no entry). */
int liza_sim_write(editor *ed, const doc_node *root, const liza_state *st, const liza_sim_plan *p, time_t now,
               sim_rng *rng, liza_sim_log *lg);
/* Shift every timestamp of a parsed Liza file by delta seconds (edits into
 * ed); returns how many values were shifted, or -1. */
long liza_sim_rebase_doc(editor *ed, const doc *d, long long delta);
/* The first tick: shift state.yaml and log.yaml so the newest heartbeat is
 * now (nothing when they are within a minute of it). Lock held. */
int liza_sim_rebase(const liza_state *st, const doc *state_doc, time_t now, char *line, size_t n, lw_error *err);
/* The worktree folders of CLAIMED tasks and the spec files tasks name, made
 * beside .liza as Liza's scripts make them (liza_sim_fs.c). */
void liza_sim_materialize(const char *liza_dir);

/* ---- reading the state (liza_sim_read.c) ---- */
/* By its role field, else by its id (coder-2). */
bool liza_sim_is_role(const liza_agent *ag, const char *role);
bool liza_sim_status_is(const liza_agent *ag, const char *status);
const liza_agent *liza_sim_first_with_role(const liza_state *st, const char *role);
/* The agent holding t, if it has this role. */
const liza_agent *liza_sim_holder(const liza_state *st, const liza_task *t, const char *role);
/* The agent's CLAIMED, READY_FOR_REVIEW or REJECTED task (at most one). */
const liza_task *liza_sim_active_task(const liza_state *st, const char *agent);
bool liza_sim_deps_merged(const liza_state *st, const liza_task *t);
/* The newest history entry of this event, or LW_NO_TIME. */
time_t liza_sim_last_event(const liza_task *t, const char *event);
/* An agent whose status no longer matches the task it points at — the
 * operator approved, rejected or blocked it from the HUD: it goes IDLE. */
bool liza_sim_needs_repair(const liza_state *st, const liza_agent *ag);
/* The task waiting longest for review (the operator's), and how many wait. */
const liza_task *liza_sim_oldest_review(const liza_state *st, size_t *count);
/* Does from depend on target, directly or through others? */
bool liza_sim_reaches(const liza_state *st, const liza_task *from, const liza_task *target);

/* ---- the cast's words ---- */
typedef struct liza_sim_task_text {
	const char *id, *description, *done_when;
} liza_sim_task_text;
typedef struct liza_sim_block_text {
	const char *reason, *question;
} liza_sim_block_text;
typedef struct liza_sim_discovery_text {
	const char *description, *recommendation;
	liza_sim_task_text task;
} liza_sim_discovery_text;

extern const liza_sim_task_text liza_sim_new_tasks[];
extern const size_t liza_sim_n_new_tasks;
extern const char *const liza_sim_rejections[];
extern const size_t liza_sim_n_rejections;
extern const liza_sim_block_text liza_sim_blocks[];
extern const size_t liza_sim_n_blocks;
extern const liza_sim_discovery_text liza_sim_discoveries[];
extern const size_t liza_sim_n_discoveries;
extern const char *const liza_sim_rescope_reasons[];
extern const size_t liza_sim_n_rescope_reasons;
#define LSIM_SPEC_REF "specs/retry.md"
#define LSIM_DONE_WHEN "tests pass and the reviewer approves the diff"

#endif
