/* activity.c — see activity.h. */
#include "core/model/activity.h"
#include "core/util/escape.h"
#include "core/util/grow.h"
#include "core/util/timeparse.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[LW_EV_KINDS] = {
	"status", "assigned", "verdict", "task_new", "task_gone", "agent_new", "agent_status", "agent_gone",
	"agent_stale", "log", "note", "message", "history", "alert_raised", "alert_cleared",
	"operator",
};

static size_t records_limit = 32;
size_t lw_records_limit(void) { return records_limit; }
void lw_records_set_limit(size_t n) { records_limit = n ? n : 1; }

const char *lw_event_kind_name(lw_event_kind k) { return k < LW_EV_KINDS ? kind_names[k] : "?"; }

void lw_activity_init(lw_activity *a, size_t max)
{
	memset(a, 0, sizeof *a);
	a->max = max ? max : 1;
	a->started = LW_NO_TIME;
}

void lw_activity_free(lw_activity *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[(a->start + i) % a->cap].mem);
	free(a->v);
	for (size_t i = 0; i < a->seen_cap; i++) {
		free(a->seen[i].key);
		free(a->seen[i].status);
	}
	free(a->seen);
	memset(a, 0, sizeof *a);
}

/* The five strings of an event, each cut as the fixed fields it once had
 * were (a line reads the same), in one allocation. */
static void put_strings(lw_event *e, const char *const in[5])
{
	static const size_t cap[5] = { 64, 16, 128, 96, 256 };
	size_t len[5], total = 0;
	for (int i = 0; i < 5; i++) {
		len[i] = in[i] ? strnlen(in[i], cap[i] - 1) : 0;
		total += len[i] + 1;
	}
	char *p = malloc(total);
	if (!p)
		abort();   /* as every allocation here does when memory runs out */
	e->mem = p;
	const char **out[5] = { &e->project, &e->system, &e->subject, &e->from, &e->to };
	for (int i = 0; i < 5; i++) {
		if (len[i])
			memcpy(p, in[i], len[i]);
		p[len[i]] = '\0';
		*out[i] = p;
		p += len[i] + 1;
	}
}

lw_event *lw_activity_add(lw_activity *a, time_t t, lw_event_kind k, const char *project, const char *system,
                          const char *subject, const char *from, const char *to)
{
	lw_event *e;
	if (a->n < a->max) {
		/* Grown as lines come: an idle project costs no ring. */
		if (a->n == a->cap) {
			a->v = lw_grow(a->v, &a->cap, a->n, sizeof *a->v, 16);
			if (a->cap > a->max)
				a->cap = a->max;
		}
		e = &a->v[(a->start + a->n++) % a->cap];
	} else {
		e = &a->v[a->start];
		a->start = (a->start + 1) % a->cap;
		free(e->mem);   /* the oldest line goes */
	}
	memset(e, 0, sizeof *e);
	e->time = t;
	e->kind = k;
	put_strings(e, (const char *const[5]){ project, system, subject, from, to });
	a->total++;
	return e;
}

const lw_event *lw_activity_get(const lw_activity *a, size_t i)
{
	return i < a->n ? &a->v[(a->start + i) % a->cap] : NULL;
}

const lw_event *lw_activity_seq(const lw_activity *a, unsigned long long seq)
{
	unsigned long long first = a->total - a->n;
	return seq >= first && seq < a->total ? lw_activity_get(a, (size_t)(seq - first)) : NULL;
}

/* ---- first seen, for the time in status ---- */

static uint64_t hash3(const char *p, const char *s, const char *id)
{
	uint64_t h = 1469598103934665603ULL;
	const char *parts[3] = { p ? p : "", s ? s : "", id ? id : "" };
	for (int i = 0; i < 3; i++) {
		for (const unsigned char *c = (const unsigned char *)parts[i]; *c; c++)
			h = (h ^ *c) * 1099511628211ULL;
		h = (h ^ 0x1f) * 1099511628211ULL;
	}
	return h;
}

static bool key_is(const char *key, const char *p, const char *s, const char *id)
{
	const char *parts[3] = { p ? p : "", s ? s : "", id ? id : "" };
	for (int i = 0; i < 3; i++) {
		size_t n = strlen(parts[i]);
		if (strncmp(key, parts[i], n) != 0 || key[n] != (i < 2 ? '\x1f' : '\0'))
			return false;
		key += n + 1;
	}
	return true;
}

static lw_seen *seen_slot(const lw_activity *a, const char *p, const char *s, const char *id)
{
	if (!a->seen_cap)
		return NULL;
	size_t mask = a->seen_cap - 1;
	for (size_t i = hash3(p, s, id) & mask;; i = (i + 1) & mask)
		if (!a->seen[i].key || key_is(a->seen[i].key, p, s, id))
			return &a->seen[i];
}

static void seen_grow(lw_activity *a)
{
	lw_seen *old = a->seen;
	size_t old_cap = a->seen_cap;
	a->seen_cap = old_cap ? old_cap * 2 : 64;
	a->seen = calloc(a->seen_cap, sizeof *a->seen);
	if (!a->seen)
		abort();   /* as every allocation here does when memory runs out */
	for (size_t i = 0; i < old_cap; i++) {
		if (!old[i].key)
			continue;
		size_t mask = a->seen_cap - 1;
		/* The key is the three parts joined by 0x1f: hashed as hash3 hashes them. */
		uint64_t h = 1469598103934665603ULL;
		for (const unsigned char *c = (const unsigned char *)old[i].key; *c; c++)
			h = (h ^ *c) * 1099511628211ULL;
		h = (h ^ 0x1f) * 1099511628211ULL;
		size_t j = h & mask;
		while (a->seen[j].key)
			j = (j + 1) & mask;
		a->seen[j] = old[i];
	}
	free(old);
}

static void seen_set(lw_activity *a, const char *p, const char *s, const char *id, const char *status, time_t t)
{
	if ((a->seen_n + 1) * 2 > a->seen_cap)
		seen_grow(a);
	lw_seen *e = seen_slot(a, p, s, id);
	if (!e->key) {
		size_t n = strlen(p ? p : "") + strlen(s ? s : "") + strlen(id ? id : "") + 3;
		e->key = malloc(n);
		if (!e->key)
			abort();
		snprintf(e->key, n, "%s\x1f%s\x1f%s", p ? p : "", s ? s : "", id ? id : "");
		a->seen_n++;
	}
	free(e->status);
	e->status = strdup(status ? status : "");
	e->since = t;
}

time_t lw_activity_since(const lw_activity *a, const char *project, const lw_task *t)
{
	if (t->status_since != 0 && t->status_since != LW_NO_TIME)
		return t->status_since;
	const lw_seen *e = a ? seen_slot(a, project, t->system, t->id) : NULL;
	if (e && e->key && strcmp(e->status, t->status ? t->status : "") == 0)
		return e->since;
	return a ? a->started : LW_NO_TIME;
}

/* ---- the diff ---- */

static bool same_str(const char *x, const char *y)
{
	return x == y || (x && y && strcmp(x, y) == 0);
}

static const char *or_dash(const char *s) { return s && *s ? s : "-"; }

static void task_changed(lw_activity *a, const char *project, const lw_task *was, const lw_task *t, time_t now)
{
	if (!same_str(was->status, t->status)) {
		/* Leaving review is a verdict (approved, rejected, sent back). */
		lw_event_kind k = was->lane == LANE_REVIEW && t->lane != LANE_REVIEW ? LW_EV_VERDICT : LW_EV_STATUS;
		lw_activity_add(a, now, k, project, t->system, t->id, or_dash(was->status), or_dash(t->status));
		seen_set(a, project, t->system, t->id, t->status, now);
	}
	if (!same_str(was->assignee, t->assignee))
		lw_activity_add(a, now, LW_EV_ASSIGN, project, t->system, t->id, or_dash(was->assignee),
		                or_dash(t->assignee));
}

/* The tasks that are not where they were: index both by id. Only reached
 * when tasks were added, removed or reordered. */
typedef struct id_map {
	const lw_task **slot;
	size_t mask;
} id_map;

static void map_init(id_map *m, const lw_task *v, size_t n)
{
	size_t cap = 16;
	while (cap < n * 2)
		cap *= 2;
	m->mask = cap - 1;
	m->slot = calloc(cap, sizeof *m->slot);
	if (!m->slot)
		abort();
	for (size_t i = 0; i < n; i++) {
		size_t j = hash3(NULL, v[i].system, v[i].id) & m->mask;
		while (m->slot[j])
			j = (j + 1) & m->mask;
		m->slot[j] = &v[i];
	}
}

static const lw_task *map_find(const id_map *m, const lw_task *t)
{
	for (size_t j = hash3(NULL, t->system, t->id) & m->mask; m->slot[j]; j = (j + 1) & m->mask)
		if (same_str(m->slot[j]->id, t->id) && same_str(m->slot[j]->system, t->system))
			return m->slot[j];
	return NULL;
}

static void diff_tasks(lw_activity *a, const char *project, const lw_snapshot *prev, const lw_snapshot *next,
                       time_t now)
{
	/* The loader says which one task can differ (a one-task edit): that one alone. */
	if (next->tasks_reused && prev->ntasks == next->ntasks) {
		size_t k = next->task_changed;
		if (k >= next->ntasks)
			return;   /* none changed */
		if (same_str(prev->tasks[k].id, next->tasks[k].id)) {
			task_changed(a, project, &prev->tasks[k], &next->tasks[k], now);
			return;
		}
		/* Its id changed too: the walk below matches by id. */
	}
	size_t n = prev->ntasks < next->ntasks ? prev->ntasks : next->ntasks, i = 0;
	/* Side by side while the ids line up: the usual reload (one task
	 * changed in place) costs a pointer comparison per task. */
	for (; i < n; i++) {
		const lw_task *was = &prev->tasks[i], *t = &next->tasks[i];
		if (!same_str(was->id, t->id))
			break;
		if (was->status != t->status || was->assignee != t->assignee)
			task_changed(a, project, was, t, now);
	}
	if (i == prev->ntasks && i == next->ntasks)
		return;
	id_map before, after;
	map_init(&before, prev->tasks + i, prev->ntasks - i);
	map_init(&after, next->tasks + i, next->ntasks - i);
	for (size_t k = i; k < next->ntasks; k++) {
		const lw_task *t = &next->tasks[k], *was = map_find(&before, t);
		if (was) {
			task_changed(a, project, was, t, now);
		} else {
			lw_activity_add(a, now, LW_EV_TASK_NEW, project, t->system, t->id, "-", or_dash(t->status));
			seen_set(a, project, t->system, t->id, t->status, now);
		}
	}
	for (size_t k = i; k < prev->ntasks; k++)
		if (!map_find(&after, &prev->tasks[k]))
			lw_activity_add(a, now, LW_EV_TASK_GONE, project, prev->tasks[k].system, prev->tasks[k].id,
			                or_dash(prev->tasks[k].status), "-");
	free(before.slot);
	free(after.slot);
}

static lw_event_kind record_kind(const char *kind)
{
	if (kind && strcmp(kind, "note") == 0)
		return LW_EV_NOTE;
	if (kind && strcmp(kind, "message") == 0)
		return LW_EV_MESSAGE;
	if (kind && strcmp(kind, "history") == 0)
		return LW_EV_HISTORY;
	return LW_EV_LOG;
}

static bool same_record(const lw_record *x, const lw_record *y)
{
	return x->time == y->time && same_str(x->kind, y->kind) && same_str(x->subject, y->subject) &&
	       same_str(x->actor, y->actor) && same_str(x->text, y->text);
}

/* The new records: those of next that prev did not hold, from the oldest
 * that it did hold on (what sorts before it is older than prev's window,
 * come back into the bounded tail because something was taken away). Not
 * merely those after prev's newest: a note merged by its time into the
 * middle of the log's tail, an inbox message taken away while another
 * comes, a writer whose clock is behind, are new too. When prev held none
 * of them (the tail moved past it all, the file was rewritten): those at or
 * after its newest's time. Records are bounded tails (lw_records_limit):
 * at most limit² comparisons, most of them ended by the time. */
typedef struct rec_range {
	size_t lo;                /* the new are at or after lo */
	bool any;                 /* prev held one of them: the new are those it did not hold */
} rec_range;

static bool held(const lw_snapshot *prev, const lw_record *r)
{
	for (size_t i = prev->nrecords; i > 0; i--)
		if (same_record(&prev->records[i - 1], r))
			return true;
	return false;
}

static rec_range records_new(const lw_snapshot *prev, const lw_snapshot *next)
{
	if (!prev->nrecords)
		return (rec_range){ 0, false };
	for (size_t j = 0; j < next->nrecords; j++)
		if (held(prev, &next->records[j]))
			return (rec_range){ j, true };
	const lw_record *last = &prev->records[prev->nrecords - 1];
	size_t from = 0;
	while (from < next->nrecords && next->records[from].time < last->time)
		from++;
	return (rec_range){ from, false };
}

static bool record_new(const lw_snapshot *prev, const lw_snapshot *next, rec_range r, size_t j)
{
	return j >= r.lo && (!r.any || !held(prev, &next->records[j]));
}

/* A new record of next is a message to this agent. */
static bool message_for(const lw_snapshot *prev, const lw_snapshot *next, rec_range r, const lw_agent *ag)
{
	for (size_t j = r.lo; j < next->nrecords; j++)
		if (record_kind(next->records[j].kind) == LW_EV_MESSAGE && same_str(next->records[j].subject, ag->id) &&
		    record_new(prev, next, r, j))
			return true;
	return false;
}

/* Agents are few (tens): a plain search. */
static const lw_agent *agent_find(const lw_snapshot *s, const lw_agent *ag)
{
	for (size_t i = 0; i < s->nagents; i++)
		if (same_str(s->agents[i].id, ag->id) && same_str(s->agents[i].system, ag->system))
			return &s->agents[i];
	return NULL;
}

static void diff_agents(lw_activity *a, const char *project, const lw_snapshot *prev, const lw_snapshot *next,
                        rec_range fresh, time_t now)
{
	for (size_t i = 0; i < next->nagents; i++) {
		const lw_agent *ag = &next->agents[i];
		const lw_agent *was = i < prev->nagents && same_str(prev->agents[i].id, ag->id) ? &prev->agents[i]
		                                                                               : agent_find(prev, ag);
		if (!was)
			lw_activity_add(a, now, LW_EV_AGENT_NEW, project, ag->system, ag->id, "-", or_dash(ag->status));
		else if (!same_str(was->status, ag->status))
			lw_activity_add(a, now, LW_EV_AGENT_STATUS, project, ag->system, ag->id, or_dash(was->status),
			                or_dash(ag->status));
		else if (!same_str(was->task, ag->task))
			lw_activity_add(a, now, LW_EV_ASSIGN, project, ag->system, ag->id, or_dash(was->task),
			                or_dash(ag->task));
		if (was && ag->inbox > 0 && ag->inbox > was->inbox && !message_for(prev, next, fresh, ag)) {
			/* Messages came to its inbox (Agent Cell Phone) that are no
			 * records of their own (past what a load reads of an inbox,
			 * or not whole yet): the count, as that is all there is. */
			char f[24], t[48];
			snprintf(f, sizeof f, "inbox %d", was->inbox > 0 ? was->inbox : 0);
			snprintf(t, sizeof t, "inbox %d (+%d)", ag->inbox, ag->inbox - (was->inbox > 0 ? was->inbox : 0));
			lw_activity_add(a, now, LW_EV_MESSAGE, project, ag->system, ag->id, f, t);
		}
	}
	for (size_t i = 0; i < prev->nagents; i++)
		if (!agent_find(next, &prev->agents[i]))
			lw_activity_add(a, now, LW_EV_AGENT_GONE, project, prev->agents[i].system, prev->agents[i].id,
			                or_dash(prev->agents[i].status), "-");
}

void lw_activity_record(lw_activity *a, const char *project, const char *system, const lw_record *r, time_t now)
{
	/* from: who wrote it; to: what it says. */
	lw_activity_add(a, r->time != LW_NO_TIME && r->time ? r->time : now, record_kind(r->kind), project, system,
	                r->subject ? r->subject : "-", r->actor ? r->actor : "-", r->text ? r->text : "");
}

lw_event *lw_activity_alert(lw_activity *a, const lw_alert *al, bool raised, time_t now)
{
	char what[256];
	snprintf(what, sizeof what, "%s %s: %s", lw_level_name(al->level), al->code, al->message);
	char lc[96];
	snprintf(lc, sizeof lc, "%s %s", lw_level_name(al->level), al->code);
	/* First, so the line returned is the alert's (an add may move the ring). */
	if (raised && al->agent)
		lw_activity_add(a, now, LW_EV_AGENT_STALE, al->project, al->system, al->agent, al->code, al->message)->acked =
			al->acked;
	lw_event *e = lw_activity_add(a, now, raised ? LW_EV_ALERT_RAISED : LW_EV_ALERT_CLEARED, al->project, al->system,
	                              al->subject, raised ? "-" : lc, raised ? what : "cleared");
	e->acked = al->acked;
	return e;
}

void lw_activity_diff(lw_activity *a, const char *project, const char *system, const lw_snapshot *prev,
                      const lw_snapshot *next, time_t now)
{
	if (a->started == LW_NO_TIME)
		a->started = now;
	if (!prev)
		return;   /* the first load: what is there is the baseline, not a change */
	rec_range fresh = records_new(prev, next);
	diff_tasks(a, project, prev, next, now);
	diff_agents(a, project, prev, next, fresh, now);
	for (size_t j = fresh.lo; j < next->nrecords; j++)
		if (record_new(prev, next, fresh, j))
			lw_activity_record(a, project, system, &next->records[j], now);
}

void lw_event_json(const lw_event *e, strbuf *out)
{
	char t[32];
	strbuf_adds(out, "{\"project\": ");
	esc_json_str(out, e->project[0] ? e->project : NULL);
	strbuf_adds(out, ", \"system\": ");
	esc_json_str(out, e->system);
	strbuf_adds(out, ", \"subject\": ");
	esc_json_str(out, e->subject);
	strbuf_adds(out, ", \"kind\": ");
	esc_json_str(out, lw_event_kind_name(e->kind));
	strbuf_adds(out, ", \"from\": ");
	esc_json_str(out, e->from);
	strbuf_adds(out, ", \"to\": ");
	esc_json_str(out, e->to);
	strbuf_adds(out, ", \"time\": ");
	esc_json_str(out, e->time != LW_NO_TIME ? lw_format_time(e->time, t, sizeof t) : NULL);
	if (e->kind == LW_EV_ALERT_RAISED || e->kind == LW_EV_ALERT_CLEARED || e->acked)
		strbuf_printf(out, ", \"acked\": %s", e->acked ? "true" : "false");
	/* Not read from the project's files: liza-watch's own record of what it did. */
	if (e->kind == LW_EV_OPERATOR)
		strbuf_adds(out, ", \"origin\": \"liza-watch\"");
	strbuf_addc(out, '}');
}
