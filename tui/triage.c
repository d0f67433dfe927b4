/* triage.c — what a check run means for the operator's triage: alerts
 * acknowledged (marked, counted apart) and raised or cleared (lines of the
 * activity feed). The model side: it asks nothing and opens no view (the
 * keys that acknowledge are triage_ack.c's), so the check run that calls it
 * (hud_model.c) depends on nothing above the model. An acknowledgement
 * lives in the user's state folder (core/model/acks.h) and ends when the
 * alert clears. */
#include "tui/triage.h"
#include "core/model/alert_index.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>

const char *triage_alert_dir(const hud *h, const lw_alert *a)
{
	for (size_t m = 0; a->project && m < h->fleet->n; m++)
		if (strcmp(h->fleet->v[m].label, a->project) == 0)
			return h->fleet->v[m].proj.dir;
	return h->fleet->v[0].proj.dir;
}


void triage_after_check(hud *h, lw_alerts *fresh, const lw_alerts *before)
{
	time_t now = lw_now();
	for (size_t i = 0; i < fresh->n; i++)
		fresh->v[i].acked = h->acks.n && lw_acks_has(&h->acks, triage_alert_dir(h, &fresh->v[i]), &fresh->v[i]);
	if (h->checked_once) {
		lw_alert_index was, is;
		lw_alert_index_init(&was, before);
		lw_alert_index_init(&is, fresh);
		for (size_t i = 0; i < fresh->n; i++)
			if (!lw_alert_index_find(&was, fresh->v[i].system, fresh->v[i].code, fresh->v[i].key))
				lw_activity_alert(&h->activity, &fresh->v[i], true, now);
		for (size_t i = 0; i < before->n; i++)
			if (!lw_alert_index_find(&is, before->v[i].system, before->v[i].code, before->v[i].key))
				lw_activity_alert(&h->activity, &before->v[i], false, now);
		lw_alert_index_free(&was);
		lw_alert_index_free(&is);
	}
	h->checked_once = true;
	/* An acknowledgement ends with its alert: per project, against that
	 * project's alerts (most checks find nothing to end and write nothing). */
	for (size_t m = 0; h->acks.n && m < h->fleet->n; m++) {
		const char *label = hud_project_label(h, m);
		lw_alerts mine;
		lw_alerts_init(&mine);
		for (size_t i = 0; i < fresh->n; i++)
			if (!label || (fresh->v[i].project && strcmp(fresh->v[i].project, label) == 0))
				lw_alerts_add_copy(&mine, &fresh->v[i]);
		lw_acks_prune(&h->acks, h->fleet->v[m].proj.dir, &mine);
		lw_alerts_free(&mine);
	}
}

void triage_counts(const hud *h, size_t by_level[3], size_t *acked)
{
	by_level[0] = by_level[1] = by_level[2] = 0;
	*acked = 0;
	for (size_t i = 0; i < h->alerts.n; i++) {
		if (h->alerts.v[i].acked)
			(*acked)++;
		else
			by_level[h->alerts.v[i].level]++;
	}
}
