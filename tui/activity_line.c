/* activity_line.c — see activity_line.h. */
#include "tui/activity_line.h"
#include "core/util/timeparse.h"
#include "core/util/strfind.h"
#include <stdio.h>
#include <string.h>
#include <strings.h>

const char *activity_line(const lw_event *ev, char *buf, size_t n, theme_elem *e)
{
	char tb[16] = "--:--:--";
	struct tm tm;
	time_t t = ev->time;
	if (t != LW_NO_TIME && localtime_r(&t, &tm))
		strftime(tb, sizeof tb, "%H:%M:%S", &tm);
	const char *kind = lw_event_kind_name(ev->kind);
	/* Coming and going too: what it was when it left ("agent_gone IDLE -> -"). */
	bool arrow = ev->kind == LW_EV_STATUS || ev->kind == LW_EV_VERDICT || ev->kind == LW_EV_ASSIGN ||
	             ev->kind == LW_EV_AGENT_STATUS || ev->kind == LW_EV_TASK_NEW || ev->kind == LW_EV_TASK_GONE ||
	             ev->kind == LW_EV_AGENT_NEW || ev->kind == LW_EV_AGENT_GONE;
	bool record = ev->kind == LW_EV_LOG || ev->kind == LW_EV_NOTE || ev->kind == LW_EV_MESSAGE ||
	              ev->kind == LW_EV_HISTORY || ev->kind == LW_EV_OPERATOR;
	if (record)   /* who wrote it: what it says */
		snprintf(buf, n, "%s %s%s%s %s %s %s: %s", tb, ev->project, ev->project[0] ? "/" : "", ev->system,
		         ev->subject, kind, ev->from, ev->to);
	else if (arrow)
		snprintf(buf, n, "%s %s%s%s %s %s %s -> %s", tb, ev->project, ev->project[0] ? "/" : "", ev->system,
		         ev->subject, kind, ev->from, ev->to);
	else
		snprintf(buf, n, "%s %s%s%s %s %s%s %s", tb, ev->project, ev->project[0] ? "/" : "", ev->system,
		         ev->subject, kind, ev->acked ? " (ack)" : "", ev->kind == LW_EV_ALERT_CLEARED ? ev->from : ev->to);
	*e = ev->acked ? EL_DIM
	   : ev->kind == LW_EV_ALERT_RAISED ? (strncmp(ev->to, "CRIT", 4) == 0 ? EL_CRIT : EL_WARN)
	   : ev->kind == LW_EV_AGENT_STALE ? EL_WARN
	   : ev->kind == LW_EV_ALERT_CLEARED ? EL_OK
	   : ev->kind == LW_EV_VERDICT ? EL_LANE_REVIEW
	   : ev->kind == LW_EV_NOTE ? EL_INFO : EL_NORMAL;
	return buf;
}

bool activity_line_shown(const hud *h, const lw_event *ev)
{
	return h->only < 0 || h->fleet->n < 2 || strcmp(ev->project, h->fleet->v[h->only].label) == 0;
}

bool activity_line_matches(const lw_event *ev, const char *filter)
{
	if (!filter || !*filter)
		return true;
	const char *fields[] = { ev->project, ev->system, ev->subject, lw_event_kind_name(ev->kind), ev->from, ev->to };
	for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
		if (lw_strcasestr(fields[i], filter))
			return true;
	return false;
}
