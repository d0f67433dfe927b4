/* activity.h — what changed between two loads of a project, as one line
 * each: a task's status (from -> to), its assignment, a review verdict, a
 * task or agent coming or going, an agent's status, an agent going stale
 * (when the system's check raises the alert that says so: its threshold,
 * its clock, at the recheck the HUD already runs at that alert's
 * deadline), new records (log entries, human notes, inbox messages with
 * their sender and what they say), alerts raised and cleared. Kept in
 * a bounded ring (the oldest go first) that the HUD's feed and
 * `liza-watch events --follow` read.
 *
 * Finding the changes costs in proportion to them, not to the state: the
 * two snapshots are walked side by side and a task whose fields are the
 * very strings of the previous load (a reused parse) is passed over by
 * pointer comparison; only the records newer than the previous load's
 * newest are looked at. The time in status of tasks whose system records
 * none is kept the same way: only a change writes it down. */
#ifndef LW_ACTIVITY_H
#define LW_ACTIVITY_H
#include "core/model/model.h"
#include "core/util/strbuf.h"
#include <stdbool.h>
#include <stddef.h>

typedef enum lw_event_kind {
	LW_EV_STATUS, LW_EV_ASSIGN, LW_EV_VERDICT, LW_EV_TASK_NEW, LW_EV_TASK_GONE,
	LW_EV_AGENT_NEW, LW_EV_AGENT_STATUS, LW_EV_AGENT_GONE, LW_EV_AGENT_STALE,
	LW_EV_LOG, LW_EV_NOTE, LW_EV_MESSAGE, LW_EV_HISTORY,
	LW_EV_ALERT_RAISED, LW_EV_ALERT_CLEARED,
	LW_EV_OPERATOR,           /* what the operator did through liza-watch (core/model/journal.h):
	                             from who, to "event: result" */
	LW_EV_KINDS
} lw_event_kind;

/* "status", "assigned", "verdict", "task_new", … as `events --json` names them. */
const char *lw_event_kind_name(lw_event_kind k);

typedef struct lw_event {
	time_t time;              /* when liza-watch saw it (a record: when it was written) */
	lw_event_kind kind;
	bool acked;               /* an alert acknowledged by the operator (core/model/acks.h) */
	/* Cut to 63, 15, 127, 95 and 255 bytes, never NULL ("" project with
	 * one project). One allocation per event holds the five, as long as
	 * they are: a full ring of short lines costs tens of KB, where fixed
	 * fields cost 576 bytes a line (288 KB for the HUD's 512). */
	const char *project, *system, *subject, *from, *to;
	char *mem;                /* the allocation; the ring's to free */
} lw_event;

/* A task's status as first seen, for the time in status. */
typedef struct lw_seen {
	char *key;                /* "project\x1fsystem\x1fid" */
	char *status;
	time_t since;
} lw_seen;

typedef struct lw_activity {
	lw_event *v;              /* the ring: grows up to max, then wraps */
	size_t cap, max, start, n;
	unsigned long long total; /* events ever added: a reader's cursor */
	lw_seen *seen;            /* open addressing, grows at half full */
	size_t seen_cap, seen_n;
	time_t started;           /* the first load: the time in status of what was there then */
} lw_activity;

void lw_activity_init(lw_activity *a, size_t max);
void lw_activity_free(lw_activity *a);
/* Add one line (strings cut to fit). Returns it, for the caller to mark. */
lw_event *lw_activity_add(lw_activity *a, time_t t, lw_event_kind k, const char *project, const char *system,
                          const char *subject, const char *from, const char *to);
/* The i-th event held, 0 the oldest; NULL past the end. */
const lw_event *lw_activity_get(const lw_activity *a, size_t i);
/* The event numbered seq (0 = the first ever added), or NULL when it has
 * left the ring or is yet to come. */
const lw_event *lw_activity_seq(const lw_activity *a, unsigned long long seq);
/* What changed from prev (NULL: the first load, nothing to say) to next. */
void lw_activity_diff(lw_activity *a, const char *project, const char *system, const lw_snapshot *prev,
                      const lw_snapshot *next, time_t now);
/* One record as a line (a log entry, a note, a message). */
void lw_activity_record(lw_activity *a, const char *project, const char *system, const lw_record *r, time_t now);
/* Since when task t holds its status: the system's record, else when a
 * change to it was seen, else the first load. */
time_t lw_activity_since(const lw_activity *a, const char *project, const lw_task *t);
/* An alert raised (or cleared) as a line: from "-" to "LEVEL code: message",
 * or from "LEVEL code" to "cleared". An alert raised that says an agent
 * went stale (lw_alert.agent) is first an agent_stale line about that
 * agent: from the code that judged it, to its message. Returns the
 * alert's line. */
lw_event *lw_activity_alert(lw_activity *a, const lw_alert *al, bool raised, time_t now);
/* How many of its newest records a loader keeps (the feed needs few;
 * `events` asks for all of them). */
size_t lw_records_limit(void);
void lw_records_set_limit(size_t n);
/* One event as a JSON object on one line, no newline (strings escaped). */
void lw_event_json(const lw_event *e, strbuf *out);

#endif
