/* activity_line.h — one line of the activity feed, as the pane and the
 * full-screen view show it (activity_line.c). */
#ifndef LW_ACTIVITY_LINE_H
#define LW_ACTIVITY_LINE_H
#include "tui/hud.h"

/* "10:20:05 liza task-3 status IN_PROGRESS -> READY_FOR_REVIEW" into buf;
 * its colour in *e. Text from state files: drawn through text_put. */
const char *activity_line(const lw_event *ev, char *buf, size_t n, theme_elem *e);
/* Is it shown: every project's line, or the narrowed project's (o) only. */
bool activity_line_shown(const hud *h, const lw_event *ev);
/* Does the line match the feed's filter (case-insensitive, "" matches all)? */
bool activity_line_matches(const lw_event *ev, const char *filter);

#endif
