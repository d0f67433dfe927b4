/* triage_ack.c — working through the alerts: next-alert selects the subject
 * of the most severe alert not yet acknowledged (the next on each press),
 * ack acknowledges the selected alert with an optional reason (the prompt).
 * An acknowledged alert stays listed, dimmed and marked (triage.c). */
#include "tui/triage_ack.h"
#include "tui/triage.h"
#include "tui/prompt.h"
#include "tui/pane.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>

bool triage_has_alerts(const hud *h) { return h->alerts.n > 0; }

/* The subject's task becomes the board's selection (keys act on it). */
static void select_subject(hud *h, const lw_alert *a)
{
	for (size_t i = 0; i < h->nitems; i++) {
		const hud_item *it = &h->items[i];
		if (strcmp(it->task->system, a->system) != 0 || strcmp(it->task->id, a->subject) != 0)
			continue;
		const char *label = hud_project_label(h, it->member);
		if (label && (!a->project || strcmp(label, a->project) != 0))
			continue;
		hud_task_key(h, it, h->sel_key, sizeof h->sel_key);
		hud_rebuild(h);
		return;
	}
}

void triage_next_alert(hud *h)
{
	size_t n = h->alerts.n;
	/* The alerts are sorted most severe first: the next unacknowledged
	 * one after the selected row, wrapping round. */
	int start = h->focus == &pane_alerts ? h->alert_row + 1 : 0;
	for (size_t k = 0; k < n; k++) {
		size_t i = ((size_t)start + k) % n;
		if (h->alerts.v[i].acked)
			continue;
		h->alert_row = (int)i;
		h->focus = &pane_alerts;
		select_subject(h, &h->alerts.v[i]);
		hud_message(h, false, "%s %s %s (%zu of %zu; K acknowledges it)", lw_level_name(h->alerts.v[i].level),
		            h->alerts.v[i].code, h->alerts.v[i].subject, i + 1, n);
		return;
	}
	hud_message(h, false, n ? "every alert is acknowledged" : "no alerts");
}

bool triage_can_ack(const hud *h)
{
	return h->focus == &pane_alerts && (size_t)h->alert_row < h->alerts.n && !h->alerts.v[h->alert_row].acked;
}

static void mark(lw_alerts *set, const lw_alert *a)
{
	for (size_t i = 0; i < set->n; i++)
		if (strcmp(set->v[i].system, a->system) == 0 && strcmp(set->v[i].code, a->code) == 0 &&
		    strcmp(set->v[i].key, a->key) == 0)
			set->v[i].acked = true;
}

static void ack_done(hud *h, const char *reason)
{
	if (!reason)
		return;
	for (size_t i = 0; i < h->alerts.n; i++) {
		lw_alert *a = &h->alerts.v[i];
		char id[sizeof h->prompt.context];
		snprintf(id, sizeof id, "%s %s %s", a->system, a->code, a->subject);
		if (strcmp(id, h->prompt.context) != 0)
			continue;
		lw_error err;
		lw_error_clear(&err);
		if (lw_acks_add(&h->acks, triage_alert_dir(h, a), a, reason, lw_now(), &err) < 0) {
			char msg[1200];
			hud_message(h, true, "not acknowledged: %s", lw_error_format(&err, msg, sizeof msg));
			return;
		}
		lw_event *e = lw_activity_add(&h->activity, lw_now(), LW_EV_ALERT_RAISED, a->project, a->system,
		                              a->subject, lw_level_name(a->level), *reason ? reason : "acknowledged");
		e->acked = true;
		lw_alert copy = *a;
		mark(&h->all_alerts, &copy);
		mark(&h->alerts, &copy);
		hud_message(h, false, "acknowledged %s %s%s%s (until it clears)", a->code, a->subject, *reason ? ": " : "",
		            reason);
		return;
	}
	hud_message(h, true, "that alert is gone: nothing acknowledged");
}

void triage_ack(hud *h)
{
	const lw_alert *a = &h->alerts.v[h->alert_row];
	char ctx[sizeof h->prompt.context], label[96];
	snprintf(ctx, sizeof ctx, "%s %s %s", a->system, a->code, a->subject);
	snprintf(label, sizeof label, "acknowledge %s %.40s (a reason, or Enter)", a->code, a->subject);
	prompt_ask_text(h, label, ctx, ack_done);
}
