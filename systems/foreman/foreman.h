/* foreman.h — Task Factory ("Foreman") state, typed: one task.yaml per task
 * under <root>/tasks/<id>/, plus the factory's activity log and execution
 * leases. The rules of the seed (state tuple, derived mode, tools per mode,
 * the phase table and its guards) live in foreman_rules.c; see
 * docs/systems/foreman.md. */
#ifndef LW_FOREMAN_H
#define LW_FOREMAN_H
#include "core/model/adapter.h"

typedef enum fm_phase { FP_BACKLOG, FP_READY, FP_EXECUTING, FP_COMPLETE, FP_ARCHIVED, FP_COUNT,
                        FP_UNKNOWN = -1 } fm_phase;
typedef enum fm_planning { PS_NONE, PS_RUNNING, PS_COMPLETED, PS_ERROR, PS_COUNT,
                           PS_UNKNOWN = -1 } fm_planning;
typedef enum fm_mode { FM_FOREMAN, FM_TASK_PLANNING, FM_TASK_EXECUTION, FM_TASK_COMPLETE, FM_COUNT } fm_mode;

const char *foreman_phase_name(fm_phase p);
fm_phase foreman_phase_parse(const char *s);           /* FP_UNKNOWN when not a phase */
fm_planning foreman_planning_parse(const char *s);     /* NULL (missing) is none */
const char *foreman_mode_name(fm_mode m);
/* The seed's mode resolution; an unknown phase resolves like ready. */
fm_mode foreman_mode_of(fm_phase phase, fm_planning planning, bool has_plan);
/* Tools allowed and forbidden in a mode, ", "-joined. */
const char *foreman_tools_allowed(fm_mode m);
const char *foreman_tools_forbidden(fm_mode m);

/* ---- the phase table: event = target phase ---- */
enum fm_guard {
	FG_CRITERIA = 1,          /* -> ready needs >= 1 acceptance criterion */
	FG_NOT_PLANNING = 2,      /* -> executing blocked while planning runs and no plan exists */
	FG_SKIP_CRITERIA = 4,     /* backlog -> executing (the skip) also needs a criterion */
};
extern const tx_table fm_tx;
/* What the guards look at, read from the task's current bytes the way
 * task-service.ts reads them (foreman_facts_of). */
typedef struct fm_facts {
	size_t criteria;          /* normalizeAcceptanceCriteria(...).length */
	fm_planning planning;
	bool has_plan;            /* !!normalizeTaskPlan(plan) */
	bool planning_skipped;    /* planningSkipped === true */
} fm_facts;
void foreman_facts_of(const doc_node *task_root, fm_facts *f);
/* buildFrontmatter's phase: a missing phase is backlog; anything else is
 * taken as written (FP_UNKNOWN when it is not a phase). Its migration of the
 * legacy 'planning' to backlog is undone by the `...parsed` spread after it,
 * so 'planning' stays unknown, as upstream then treats it. */
fm_phase foreman_phase_read(const char *raw);
/* canMoveToPhase's criteria requirement: waived when planning was skipped,
 * or when planning completed without producing a plan or criteria. */
bool foreman_needs_criteria(const fm_facts *f);
/* NULL when every guard of the row holds, else the rule that refused it. */
const char *foreman_guard_refusal(unsigned guards, const fm_facts *f);
/* The row for from -> to, or NULL. */
const tx_row *foreman_move(fm_phase from, fm_phase to);

/* ---- loaded state ---- */
typedef struct fm_history {
	const char *from, *to, *actor, *reason;
	time_t at;
	const doc_node *node;
} fm_history;

typedef struct fm_criterion {
	const char *text;
	const char *verdict;      /* pass | fail | pending, from postExecutionSummary; NULL when none */
} fm_criterion;

typedef struct fm_lease {
	const char *task_id, *owner, *status;
	time_t started, heartbeat;
} fm_lease;

typedef struct fm_task {
	const doc_node *node;
	const char *path;         /* display path of task.yaml */
	const char *id, *title, *description, *phase_raw, *planning_raw, *assigned;
	fm_phase phase;
	fm_planning planning;
	fm_mode mode;
	bool has_plan;
	long long order;          /* upstream's position within a phase */
	time_t created, updated;
	bool blocked;
	const char *blocked_reason;
	time_t blocked_since;
	fm_criterion *criteria;   size_t ncriteria;
	const char **steps;       size_t nsteps;
	fm_history *history;      size_t nhistory;
	const fm_lease *lease;    /* NULL when none */
	fm_facts facts;           /* as task-service.ts reads the file */
	bool stale;               /* task.yaml no longer reads: its last good version */
} fm_task;

/* A state-transition event of activity.jsonl. */
typedef struct fm_event {
	const char *task_id, *from, *to, *reason, *source;
	time_t at;
} fm_event;

#define FM_EVENTS_KEPT 64       /* the newest state-transition events kept */
#define FM_LEASE_TTL 120        /* s: upstream's execution lease TTL */
#define FM_READY_LIMIT 25

typedef struct fm_state {
	const char *tasks_dir, *factory_dir;   /* factory_dir NULL when there is none */
	fm_task *tasks;           size_t ntasks;
	fm_lease *leases;         size_t nleases;
	fm_event *events;         size_t nevents;   /* oldest first */
	long long wip_executing, wip_ready;        /* limits: factory.json wipLimits, else 1 and 25 */
} fm_state;

extern const lw_adapter lw_adapter_foreman;

/* The tasks folder of a Foreman root (<root>/tasks, or root itself when -C
 * named a tasks folder directly). */
const char *foreman_tasks_dir(const char *root, char *buf, size_t n);
/* The factory folder beside the tasks (activity.jsonl, leases), or NULL. */
const char *foreman_factory_dir(const char *root, char *buf, size_t n);

int  foreman_load(const char *root, lw_snapshot *snap, lw_error *err);
void foreman_load_factory(fm_state *st, lw_snapshot *snap);   /* leases, activity, wip limits */
/* Its leases as agents, its activity events as records (foreman_activity.c). */
void foreman_activity_project(lw_snapshot *snap, const fm_state *st);
void foreman_check(const fm_state *st, const lw_snapshot *snap, lw_check_ctx *ctx);
const fm_task *foreman_find(const fm_state *st, const char *id);
int  foreman_transition(const lw_source *src, const tx_request *rq, tx_result *res);
void foreman_detail(const lw_source *src, const lw_task *t, time_t now, strbuf *out);
/* The review provider (foreman_review.c): criteria, plan, validation. */
int  foreman_review(const lw_source *src, const lw_task *t, const char *project, struct lw_review *rv);

#endif
