/* foreman_activity.c — the factory's execution leases as the agents pane's
 * rows (who executes which task, its heartbeat), and the state-transition
 * events of activity.jsonl as records for the activity feed and `events`. */
#include "systems/foreman/foreman.h"
#include "core/util/timeparse.h"
#include <string.h>

void foreman_activity_project(lw_snapshot *snap, const fm_state *st)
{
	arena *a = &snap->mem;
	snap->agents = arena_alloc(a, (st->nleases + 1) * sizeof *snap->agents);
	for (size_t i = 0; i < st->nleases; i++) {
		const fm_lease *l = &st->leases[i];
		lw_agent *m = &snap->agents[snap->nagents++];
		m->system = "foreman";
		m->id = l->owner ? l->owner : l->task_id;
		m->role = "executor";
		m->status = l->status;
		m->task = l->task_id;
		m->heartbeat = l->heartbeat;
		m->lease_expires = l->heartbeat != LW_NO_TIME ? l->heartbeat + FM_LEASE_TTL : LW_NO_TIME;
		m->inbox = -1;
	}
	snap->records = arena_alloc(a, (st->nevents + 1) * sizeof *snap->records);
	for (size_t i = 0; i < st->nevents; i++) {
		const fm_event *e = &st->events[i];
		lw_record *r = &snap->records[snap->nrecords++];
		r->time = e->at;
		r->kind = "log";
		r->subject = e->task_id;
		r->actor = e->source;
		r->text = arena_printf(a, "%s -> %s%s%s", e->from ? e->from : "?", e->to ? e->to : "?",
		                       e->reason ? ": " : "", e->reason ? e->reason : "");
	}
}
