/* status_format.h — the grammar of a status template (the status.format
 * and status.tmux-format settings, status --format): which %-directives
 * there are. The config refuses a template with an unknown one when it
 * reads the file; the line itself is drawn by the CLI (cli/report.h), so
 * the model knows the words of the format and none of its output. */
#ifndef LW_STATUS_FORMAT_H
#define LW_STATUS_FORMAT_H
#include <stddef.h>

/* The directives, in the order the help lists them: %S systems, %B %Y %A
 * %R %K %D the lanes, %T tasks, %W awaiting the operator, %Q waiting for a
 * human, %c %w %i alerts by level, %a acknowledged, %P paused, %L the
 * long line, %% a percent sign. A % at the very end is text. */
#define LW_STATUS_DIRECTIVES "SBYARKDTWQcwiaPL%"

/* NULL when fmt is NULL, "long" (the default line in full) or a template
 * of known directives only; else the message naming the first bad
 * directive (its byte offset) and the valid ones, written to buf. */
const char *lw_status_format_check(const char *fmt, char *buf, size_t n);

#endif
