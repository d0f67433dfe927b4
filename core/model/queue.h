/* queue.h — what waits for a human, across every watched project and every
 * system: a task under review or awaiting a verdict, a run parked until a
 * human acts (a held check, a paused or checkpointed sprint, a stop that
 * needs a decision), a gate. Built over the loaded snapshots and the alerts
 * of their last check; the HUD's queue view, `liza-watch queue` and
 * `export` read the same list.
 *
 * Which items wait is each system's word, declared in its adapter
 * (adapter.h): a task it marks awaiting_operator, an alert whose code its
 * `asks` list names, and whatever its optional `waits` hook adds. Nothing
 * here names a system. */
#ifndef LW_QUEUE_H
#define LW_QUEUE_H
#include "core/model/adapter.h"

typedef struct lw_wait {
	const char *project;      /* the project's label (always set: "" unknown) */
	size_t member;            /* the project's index in the caller's list */
	const lw_source *src;
	const char *system;
	const char *subject;      /* a task's id, an agent, "mode", "checkpoint", "control" */
	const char *kind;         /* review, approval, human, checkpoint, paused, blocked, gate, stop, decision */
	const char *ask;          /* what is asked, in a sentence (text from the state) */
	const char *who;          /* who asks: the task's assignee, else the system */
	const char *code;         /* the alert it came from, or NULL */
	time_t since;             /* since when it waits; LW_NO_TIME unknown */
	const lw_task *task;      /* the task it is about, or NULL (valid while the snapshot is:
	                             a list kept across reloads reads task_id instead) */
	const char *task_id;      /* its id, a copy, or NULL */
	const char *revision;     /* the work under review (a commit), or NULL */
	long long added, removed, files;   /* its diff counts, -1 while unknown */
} lw_wait;

typedef struct lw_queue {
	arena mem;                /* the items' strings: copies, so alerts may be rebuilt */
	lw_wait *v;
	size_t n, cap;
	/* While lw_queue_add_project runs: the project being added. */
	const char *cur_label;
	size_t cur_member, cur_first;
} lw_queue;

/* An alert code that asks a human, and the kind of ask it is (adapter.h's
 * `asks`, ended by a { NULL, NULL } row). */
typedef struct lw_ask {
	const char *code, *kind;
} lw_ask;

typedef enum lw_queue_order {
	LW_QUEUE_AGE,             /* oldest first (unknown last) */
	LW_QUEUE_PROJECT,         /* by project, then oldest first */
	LW_QUEUE_SYSTEM,          /* by system, then oldest first */
	LW_QUEUE_KIND,            /* by kind, then oldest first */
	LW_QUEUE_ORDERS
} lw_queue_order;

void lw_queue_init(lw_queue *q);
void lw_queue_free(lw_queue *q);
void lw_queue_clear(lw_queue *q);
/* Add what waits in one project: label names it, member is its index.
 * al is its alerts from its last check (may be NULL: tasks and hooks only). */
void lw_queue_add_project(lw_queue *q, const lw_project *p, const lw_alerts *al, const char *label, size_t member);
/* For an adapter's `waits` hook: one item of src (strings copied; since
 * LW_NO_TIME when unknown). Skipped when the project already has an item of
 * the system for that subject, or (task NULL) of that kind. */
lw_wait *lw_queue_add(lw_queue *q, const lw_source *src, const char *subject, const char *kind, const char *ask,
                      const lw_task *task, time_t since);
void lw_queue_sort(lw_queue *q, lw_queue_order order);
/* "age", "project", "system", "kind" -> the order; -1 when unknown. */
int  lw_queue_order_parse(const char *s);
extern const char *const lw_queue_order_names[LW_QUEUE_ORDERS];
/* One item as a JSON object (no newline): the stable fields of `queue
 * --json` (README): project, system, subject, kind, ask, who, since, waited
 * (seconds at now, null when unknown), task, revision, added, removed,
 * files (null while unknown). */
void lw_queue_json(strbuf *out, const lw_wait *w, time_t now);

#endif
