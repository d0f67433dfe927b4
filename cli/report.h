/* report.h — text the non-interactive commands print: alert lines, the
 * `check --json` object, and the one-line status in plain, tmux and JSON
 * forms. Pure functions of the project and its alerts, so tests compare
 * bytes. The CLI's, not the model's: core/ holds what a status template
 * may say (core/model/status_format.h), this file how it is drawn. */
#ifndef LW_REPORT_H
#define LW_REPORT_H
#include "core/model/adapter.h"
#include "core/util/strbuf.h"

/* "CRIT liza review_loop task-3: 5 review cycles (cliff 5)\n" */
void report_alert_line(strbuf *out, const lw_alert *a);
/* "task-3: cleared\n": the subject of an alert that went away. */
void report_subject(strbuf *out, const lw_alert *a);
void report_check_json(strbuf *out, const lw_project *p, const lw_alerts *al);
/* One line of `check --follow --json`: {"time", "event": "raised"|"cleared",
 * ["project",] "level", "system", "code", "subject", "message", "since"} and
 * a newline; project NULL leaves it out (one project watched). */
void report_alert_event_json(strbuf *out, time_t at, const char *event, const char *project, const lw_alert *a);
/* `check --json` over several projects: the same object, each alert and
 * source carrying "project" (its label) and each source "dir". al[i] are
 * member i's alerts. */
struct lw_fleet;
/* A project named on the command line (-C) that could not be opened: its
 * folder as given and why. The outputs name it instead of leaving it out. */
typedef struct report_missing {
	const char *dir;
	const char *error;
} report_missing;
/* A missing project's source: {"project": dir, "dir": dir, "ok": false, "error": ...}. */
void report_check_json_fleet(strbuf *out, const struct lw_fleet *f, const lw_alerts *al,
                             const report_missing *miss, size_t nmiss);

/* Counts behind a status line. */
typedef struct status_counts {
	size_t lanes[LANE_COUNT];
	size_t awaiting;             /* tasks waiting for the operator */
	size_t waiting;              /* everything waiting for a human (core/model/queue.h): those and the rest */
	size_t tasks;
	size_t alerts[3];            /* by lw_level, acknowledged ones not */
	size_t acked;                /* alerts the operator acknowledged */
	size_t failed_sources;
	size_t paused;               /* sources whose agents are paused (a workflow flagged PAUSED) */
	size_t sources;              /* systems found */
} status_counts;
void report_status_count(const lw_project *p, const lw_alerts *al, status_counts *c);

typedef enum status_style { STATUS_PLAIN, STATUS_TMUX, STATUS_JSON } status_style;
/* One line, no trailing newline. Without fmt, tmux gets a compact line
 * whose counts come first and which fits tmux's default 40 columns; fmt
 * "long" is the default line in full (plain's default). Else fmt is a user template:
 * %S systems, %B backlog, %Y ready, %A active, %R review, %K blocked, %D done,
 * %T tasks, %W awaiting the operator, %Q waiting for a human (the queue), %c crit, %w warn, %i info, %a acknowledged, %P
 * "PAUSED" while paused (else nothing), %L the default line, %% a percent
 * sign; a template with another directive is refused before
 * (lw_status_format_check, core/model/status_format.h). */
void report_status(strbuf *out, const lw_project *p, const lw_alerts *al, status_style style,
                   const char *fmt);

/* `status` over several projects (or one that is missing): tmux without a
 * template gets one compact line of the counts summed over every project
 * (within 40 columns, the most severe first, a missing project named
 * first); plain lines, --format long and templates "label: line" joined by
 * two spaces; JSON {"projects": [{"project": label, ...}, ...]}. */
void report_status_fleet(strbuf *out, const struct lw_fleet *f, const lw_alerts *al, status_style style,
                         const char *fmt, const report_missing *miss, size_t nmiss);

#endif
