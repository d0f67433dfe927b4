/* queue.c — the list of what waits for a human (queue.h). Each system says
 * which of its items wait (its adapter: awaiting_operator tasks, the alert
 * codes it lists in `asks`, its `waits` hook); this file only gathers them,
 * names who asks and since when, and orders them. */
#include "core/model/queue.h"
#include "core/util/escape.h"
#include "core/util/grow.h"
#include "core/util/timeparse.h"
#include <stdlib.h>
#include <string.h>

const char *const lw_queue_order_names[LW_QUEUE_ORDERS] = { "age", "project", "system", "kind" };

void lw_queue_init(lw_queue *q)
{
	memset(q, 0, sizeof *q);
	arena_init(&q->mem);
}

void lw_queue_free(lw_queue *q)
{
	arena_free(&q->mem);
	free(q->v);
	memset(q, 0, sizeof *q);
}

void lw_queue_clear(lw_queue *q)
{
	lw_wait *v = q->v;
	size_t cap = q->cap;
	arena_free(&q->mem);
	arena_init(&q->mem);
	q->v = v;
	q->cap = cap;
	q->n = 0;
}

static const char *dup(lw_queue *q, const char *s) { return s ? arena_strdup(&q->mem, s) : NULL; }

static bool same(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

/* An item the current project already holds for this system and subject,
 * or, for an item about no task, of this kind. */
static bool held(const lw_queue *q, const char *system, const char *subject, const char *kind, bool task)
{
	for (size_t i = q->cur_first; i < q->n; i++)
		if (same(q->v[i].system, system) &&
		    (same(q->v[i].subject, subject) || (!task && !q->v[i].task && same(q->v[i].kind, kind))))
			return true;
	return false;
}

static const lw_task *task_of(const lw_source *src, const char *id)
{
	const lw_snapshot *s = src->good;
	for (size_t i = 0; s && id && i < s->ntasks; i++)
		if (same(s->tasks[i].id, id))
			return &s->tasks[i];
	return NULL;
}

lw_wait *lw_queue_add(lw_queue *q, const lw_source *src, const char *subject, const char *kind, const char *ask,
                      const lw_task *task, time_t since)
{
	const char *system = src->adapter->name;
	if (!subject || held(q, system, subject, kind, task != NULL))
		return NULL;
	q->v = lw_grow(q->v, &q->cap, q->n, sizeof *q->v, 16);
	lw_wait *w = &q->v[q->n++];
	memset(w, 0, sizeof *w);
	w->project = q->cur_label ? q->cur_label : "";
	w->member = q->cur_member;
	w->src = src;
	w->system = system;
	w->subject = dup(q, subject);
	w->kind = dup(q, kind);
	w->ask = dup(q, ask ? ask : "");
	w->task = task;
	w->task_id = task ? dup(q, task->id) : NULL;
	w->who = dup(q, task && task->assignee && *task->assignee ? task->assignee : system);
	w->revision = task ? dup(q, task->revision) : NULL;
	w->since = since == 0 ? LW_NO_TIME : since;
	w->added = w->removed = w->files = -1;
	return w;
}

/* What a task under review asks, in a sentence. */
static const char *review_ask(lw_queue *q, const lw_task *t)
{
	return arena_printf(&q->mem, "approve or reject %s%s%s", t->id, t->title && *t->title ? ": " : "",
	                    t->title ? t->title : "");
}

static time_t task_since(const lw_task *t)
{
	if (t->waiting_since != 0 && t->waiting_since != LW_NO_TIME)
		return t->waiting_since;
	return t->status_since;
}

static void add_source(lw_queue *q, const lw_source *src, const lw_alerts *al)
{
	const lw_adapter *ad = src->adapter;
	/* The alerts the system says ask a human: their message is the ask,
	 * their first-seen time how long it waited. */
	for (size_t i = 0; al && ad->asks && i < al->n; i++) {
		const lw_alert *a = &al->v[i];
		if (!same(a->system, ad->name) || (a->project && q->cur_label && !same(a->project, q->cur_label)))
			continue;
		for (const lw_ask *k = ad->asks; k->code; k++) {
			if (!same(k->code, a->code))
				continue;
			const lw_task *t = task_of(src, a->subject);
			lw_wait *w = lw_queue_add(q, src, a->subject, k->kind, a->message, t,
			                          t && t->awaiting_operator ? task_since(t) : a->since);
			if (w)
				w->code = dup(q, a->code);
			break;
		}
	}
	const lw_snapshot *s = src->good;
	for (size_t i = 0; s && i < s->ntasks; i++)
		if (s->tasks[i].awaiting_operator)
			lw_queue_add(q, src, s->tasks[i].id, "review", review_ask(q, &s->tasks[i]), &s->tasks[i],
			             task_since(&s->tasks[i]));
	if (ad->waits && s)
		ad->waits(src, s, q);
}

void lw_queue_add_project(lw_queue *q, const lw_project *p, const lw_alerts *al, const char *label, size_t member)
{
	q->cur_label = dup(q, label);   /* NULL: every alert given is this project's */
	q->cur_member = member;
	q->cur_first = q->n;
	for (size_t i = 0; i < p->n; i++)
		add_source(q, &p->src[i], al);
	q->cur_label = NULL;
}

static lw_queue_order sort_order;

static int cmp_str(const char *a, const char *b) { return strcmp(a ? a : "", b ? b : ""); }

static int cmp_age(const lw_wait *a, const lw_wait *b)
{
	bool ka = a->since != LW_NO_TIME, kb = b->since != LW_NO_TIME;
	if (ka != kb)
		return ka ? -1 : 1;   /* unknown ages last */
	if (ka && a->since != b->since)
		return a->since < b->since ? -1 : 1;
	return 0;
}

static int cmp_wait(const void *x, const void *y)
{
	const lw_wait *a = x, *b = y;
	int c = 0;
	switch (sort_order) {
	case LW_QUEUE_PROJECT: c = cmp_str(a->project, b->project); break;
	case LW_QUEUE_SYSTEM: c = cmp_str(a->system, b->system); break;
	case LW_QUEUE_KIND: c = cmp_str(a->kind, b->kind); break;
	default: break;
	}
	if (!c) c = cmp_age(a, b);
	if (!c) c = a->member < b->member ? -1 : a->member > b->member;
	if (!c) c = cmp_str(a->system, b->system);
	if (!c) c = cmp_str(a->subject, b->subject);
	return c;
}

void lw_queue_sort(lw_queue *q, lw_queue_order order)
{
	sort_order = order;
	if (q->n > 1)
		qsort(q->v, q->n, sizeof *q->v, cmp_wait);
}

int lw_queue_order_parse(const char *s)
{
	for (int i = 0; s && i < LW_QUEUE_ORDERS; i++)
		if (strcmp(s, lw_queue_order_names[i]) == 0)
			return i;
	return -1;
}

static void member(strbuf *out, const char *name, const char *value, bool first)
{
	strbuf_printf(out, "%s\"%s\": ", first ? "" : ", ", name);
	esc_json_str(out, value);
}

static void count(strbuf *out, const char *name, long long v)
{
	if (v < 0)
		strbuf_printf(out, ", \"%s\": null", name);
	else
		strbuf_printf(out, ", \"%s\": %lld", name, v);
}

void lw_queue_json(strbuf *out, const lw_wait *w, time_t now)
{
	char tb[32];
	strbuf_addc(out, '{');
	member(out, "project", w->project, true);
	member(out, "system", w->system, false);
	member(out, "subject", w->subject, false);
	member(out, "kind", w->kind, false);
	member(out, "ask", w->ask, false);
	member(out, "who", w->who, false);
	member(out, "since", w->since == LW_NO_TIME ? NULL : lw_format_time(w->since, tb, sizeof tb), false);
	count(out, "waited", w->since == LW_NO_TIME ? -1 : now > w->since ? (long long)(now - w->since) : 0);
	member(out, "task", w->task_id, false);
	member(out, "revision", w->revision, false);
	count(out, "added", w->added);
	count(out, "removed", w->removed);
	count(out, "files", w->files);
	strbuf_addc(out, '}');
}
