/* model.h — the system-neutral model every front end reads: sources (one per
 * detected system) each holding a snapshot of tasks, agents and workflows, and
 * the alerts the checks derive from them. Adapters fill it; nothing here knows
 * about any one system's file format. */
#ifndef LW_MODEL_H
#define LW_MODEL_H
#include <stdbool.h>
#include <stddef.h>
#include <time.h>
#include "core/doc/arena.h"
#include "core/doc/doc.h"
#include "core/util/error.h"
#include "core/model/thresholds.h"

typedef enum lw_level { LW_INFO = 0, LW_WARN = 1, LW_CRIT = 2 } lw_level;
const char *lw_level_name(lw_level l);   /* "INFO", "WARN", "CRIT" */

/* Board lanes, in the order the board draws them. */
typedef enum lw_lane {
	LANE_BACKLOG, LANE_READY, LANE_ACTIVE, LANE_REVIEW, LANE_BLOCKED, LANE_DONE, LANE_COUNT
} lw_lane;
const char *lw_lane_name(lw_lane l);     /* "backlog", … */

typedef struct lw_task {
	const char *system;       /* short name, as in TASK qualifiers: "liza" */
	const char *id;
	const char *title;        /* title, else description's first line */
	const char *status;       /* raw status as written in the file */
	lw_lane lane;
	const char *assignee;     /* NULL when none */
	int iteration, iteration_max;     /* -1 when unknown */
	int review_cycles, review_max;    /* -1 when unknown */
	bool awaiting_operator;   /* waiting for an approve/reject */
	time_t waiting_since;     /* since when it waits (its last history entry); 0 or
	                             LW_NO_TIME when unknown */
	const char *revision;     /* changes when the work is resubmitted (Liza: review_commit);
	                             transitions compare it with what the operator saw */
	const char *path;         /* file the task lives in */
	const doc_node *node;     /* the task's source node: the detail view shows it whole */
	const char *badge;        /* short words the card shows after its counters ("q1/2 RCA"), or NULL */
	const struct tx_table *tx; /* the table this task moves by, when not the adapter's
	                              (ACP agents follow the core or the Jarvis FSM) */
	bool stale;               /* its file no longer reads: this is its last good version */
	time_t status_since;      /* since when it holds its status, as the system records it
	                             (its history); 0 or LW_NO_TIME when it records none: then
	                             when liza-watch first saw that status (lw_activity_since) */
	const char *worktree;     /* the folder its work is in, as the file names it, or NULL */
	const char *spec;         /* the spec it is built to, as the file names it (Liza's spec_ref:
	                             a path, "#anchor" after it, several joined by ';'), or NULL */
	const char *const *depends;   /* the ids of the tasks of its system it waits on (Liza's
	                                 depends_on), ndepends of them */
	size_t ndepends;
} lw_task;

typedef struct lw_agent {
	const char *system, *id, *role, *status, *task;
	time_t heartbeat;         /* LW_NO_TIME when unknown */
	const doc_node *node;
	/* What the agents pane shows besides; 0 / NULL when the system records none. */
	time_t lease_expires;     /* its lease on the task (Liza, Foreman's execution lease) */
	const char *provider;     /* the model provider (today's Liza) */
	long long pid;
	const char *health;       /* "degraded" (today's Liza), NULL when healthy or unknown */
	const char *health_reason, *hint;   /* why, and what brings it back */
	int inbox;                /* messages waiting (ACP), -1 when the system has no inbox */
} lw_agent;

/* Something a system's files record as having happened: a log entry, a
 * human note, an inbox message, a history entry. The activity feed shows
 * the new ones; `liza-watch events` prints them all, oldest first. */
typedef struct lw_record {
	time_t time;              /* LW_NO_TIME when the record has none */
	const char *kind;         /* "log", "note", "message", "history" */
	const char *subject;      /* the task or agent it concerns, or NULL */
	const char *actor;        /* who wrote it, or NULL */
	const char *text;         /* what it says (an action, a detail), or NULL */
} lw_record;

typedef struct lw_workflow {
	const char *system, *name, *phase;
	int iteration, max;       /* gauge; -1 when not applicable */
	const char *flags;        /* short words: "PAUSED ABORT" */
	unsigned state;           /* the same as typed bits, lw_wf_state (core/model/action.h) */
	const doc_node *node;
} lw_workflow;

/* A schema problem found while loading (a wrong type, an unknown status…):
 * not fatal, reported as an invalid_state alert naming file:line:col. */
typedef struct lw_problem {
	const char *subject;
	const char *rule;         /* stable short rule name */
	const char *message;      /* file:line:col: what is wrong */
} lw_problem;

/* One source's loaded state. Everything lives in mem or docs; freeing the
 * snapshot frees it all. Docs grow with the files (one per task for some
 * systems); each doc is allocated on its own, so a doc pointer stays valid. */
typedef struct lw_snapshot {
	arena mem;
	doc **docs;
	char **bufs;              /* file bytes the docs point into (malloc'd) */
	size_t ndocs, cap_docs;
	lw_task *tasks;        size_t ntasks;
	lw_agent *agents;      size_t nagents;
	lw_workflow *workflows; size_t nworkflows;
	lw_problem *problems;  size_t nproblems, cap_problems;
	void *sys;             /* the adapter's typed state */
	const char *status_segment; /* short words for the status line after the
	                               system name ("team+forge", "5/20 stall 1/3");
	                               may hold text from state files: escaped on output */
	const char **active_set; /* workflows active together (rcs), in order; NULL
	                            when the system keeps no such set */
	size_t nactive_set;
	size_t state_bytes;    /* bytes of input read */
	/* The page that documents its checks (docs/systems/NAME.md) when not
	 * the system's short name: Go Liza's "liza-go": what `export` explains alerts by. */
	const char *docs_page;
	/* The newest records the files hold (log entries, notes, messages),
	 * oldest first; the adapter keeps a bounded tail of them. */
	lw_record *records;    size_t nrecords;
	/* Set by a loader that took every task but one from the previous load
	 * as it was (a one-task edit re-parsed alone; SIZE_MAX: none changed):
	 * what changed is then looked for in that one task alone. */
	bool tasks_reused;
	size_t task_changed;
	/* A snapshot may stand on an older one whose parse it reuses (a file
	 * that did not change): it then holds a reference to that base. */
	struct lw_snapshot *base;
	unsigned refs;
	/* During a load only: the source's last good snapshot, where
	 * lw_snapshot_kept finds a file's last good bytes (NULL otherwise). */
	const struct lw_snapshot *prev;
} lw_snapshot;

lw_snapshot *lw_snapshot_new(void);
/* Drops one reference; the last one frees it (and its reference to a base). */
void lw_snapshot_free(lw_snapshot *s);
/* s will use base's memory: base lives at least as long as s. */
void lw_snapshot_set_base(lw_snapshot *s, lw_snapshot *base);
/* Adopt a malloc'd buffer and parse it; returns the doc or NULL with err
 * (the buffer is then freed, and nothing of it stays in the snapshot). */
doc *lw_snapshot_parse(lw_snapshot *s, char *buf, size_t len, const char *path, lw_error *err);
/* Adopt a buffer and a doc already built over it (moved: do not free built). */
doc *lw_snapshot_adopt(lw_snapshot *s, char *buf, size_t len, const doc *built);
/* A file that no longer reads or parses: its bytes as the last good
 * snapshot (s->prev) parsed them, parsed again into s, so the item stays on
 * the board, marked stale, instead of vanishing. NULL when there were none. */
doc *lw_snapshot_kept(lw_snapshot *s, const char *path);
/* Copy a problem found by an earlier load (its strings must outlive s). */
void lw_snapshot_problem_copy(lw_snapshot *s, const lw_problem *p);
/* file NULL: the message says where itself (a formatted lw_error). */
void lw_snapshot_problem(lw_snapshot *s, const char *subject, const char *rule,
                         const char *file, const doc_node *at, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* ---- alerts ---- */
typedef struct lw_alert {
	lw_level level;
	const char *system, *code, *subject, *message;
	const char *key;          /* identity within (system, code); subject unless a check needs more */
	const char *project;      /* the project's label when several are watched, else NULL */
	time_t since;             /* first seen (or when the condition began, when known) */
	bool acked;               /* the operator acknowledged it (core/model/acks.h) */
	const char *agent;        /* the agent (an lw_agent's id) this alert says went stale:
	                             its heartbeat, lease or update older than the system's own
	                             threshold (lw_check_agent_stale); NULL for any other alert */
} lw_alert;

typedef struct lw_alerts {
	arena mem;
	lw_alert *v;
	size_t n, cap;
} lw_alerts;

void lw_alerts_init(lw_alerts *a);
void lw_alerts_free(lw_alerts *a);
void lw_alerts_clear(lw_alerts *a);
/* n lists, each ready for use (one per project of a fleet); freed, lists
 * and array, by lw_alerts_array_free. */
lw_alerts *lw_alerts_array(size_t n);
void lw_alerts_array_free(lw_alerts *v, size_t n);
lw_alert *lw_alerts_add(lw_alerts *a, lw_level level, const char *system, const char *code,
                        const char *subject, time_t since, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));
/* Append a copy of a (its key and project too). */
lw_alert *lw_alerts_add_copy(lw_alerts *dst, const lw_alert *a);
/* Make dst hold copies of src's alerts, and nothing else. */
void lw_alerts_copy(lw_alerts *dst, const lw_alerts *src);
/* CRIT first, then WARN, INFO; within a level by system, code, subject. */
void lw_alerts_sort(lw_alerts *a);
size_t lw_alerts_count(const lw_alerts *a, lw_level level);
/* The message begins with the subject ("/p/task.yaml:1:5: …" about
 * "/p/task.yaml"): a line then prints the message alone, so the path is
 * said once. */
bool lw_alert_says_subject(const lw_alert *a);
const lw_alert *lw_alerts_find(const lw_alerts *a, const char *system, const char *code, const char *key);
/* Carry first-seen times over from the previous set: an alert identified by
 * (system, code, key) that already existed keeps its since. */
void lw_alerts_carry_since(lw_alerts *cur, const lw_alerts *prev);

/* What a check run needs: the clock, where to put alerts, a place to
 * record the next time a result could change (so the loop arms one timer),
 * and the thresholds to judge by (NULL = the built-in ones). */
typedef struct lw_check_ctx {
	time_t now;
	time_t next_deadline;     /* LW_NO_TIME = none */
	lw_alerts *out;
	const lw_thresholds *th;
} lw_check_ctx;
void lw_check_deadline(lw_check_ctx *c, time_t t);
/* Has the instant at come (true)? If not, it is when a result will change:
 * register it as a deadline (false). LW_NO_TIME never comes. */
bool lw_check_due(lw_check_ctx *c, time_t at);
/* ctx->th, or the built-in thresholds when the caller gave none. */
const lw_thresholds *lw_check_thresholds(const lw_check_ctx *c);

#endif
