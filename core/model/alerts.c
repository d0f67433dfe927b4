/* alerts.c — the alert list and its identity rules. */
#include "core/model/model.h"
#include "core/model/alert_index.h"
#include "core/util/grow.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lw_alerts_init(lw_alerts *a)
{
	memset(a, 0, sizeof *a);
	arena_init(&a->mem);
}

void lw_alerts_free(lw_alerts *a)
{
	free(a->v);
	arena_free(&a->mem);
	memset(a, 0, sizeof *a);
}

void lw_alerts_clear(lw_alerts *a)
{
	lw_alerts_free(a);
	lw_alerts_init(a);
}

lw_alerts *lw_alerts_array(size_t n)
{
	lw_alerts *v = calloc(n ? n : 1, sizeof *v);
	if (!v)
		abort();
	for (size_t i = 0; i < n; i++)
		lw_alerts_init(&v[i]);
	return v;
}

void lw_alerts_array_free(lw_alerts *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		lw_alerts_free(&v[i]);
	free(v);
}

lw_alert *lw_alerts_add(lw_alerts *a, lw_level level, const char *system, const char *code,
                        const char *subject, time_t since, const char *fmt, ...)
{
	a->v = lw_grow(a->v, &a->cap, a->n, sizeof *a->v, 32);
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	lw_alert *x = &a->v[a->n++];
	x->level = level;
	x->system = arena_strdup(&a->mem, system);
	x->code = arena_strdup(&a->mem, code);
	x->subject = arena_strdup(&a->mem, subject ? subject : "-");
	x->key = x->subject;
	x->project = NULL;
	x->message = arena_strdup(&a->mem, msg);
	x->since = since;
	x->acked = false;
	x->agent = NULL;
	return x;
}

static int cmp_alert(const void *pa, const void *pb)
{
	const lw_alert *a = pa, *b = pb;
	if (a->level != b->level)
		return a->level > b->level ? -1 : 1;
	int c = strcmp(a->system, b->system);
	if (!c)
		c = strcmp(a->code, b->code);
	if (!c)
		c = strcmp(a->subject, b->subject);
	if (!c)
		c = strcmp(a->message, b->message);
	return c;
}

void lw_alerts_sort(lw_alerts *a)
{
	if (a->n > 1)
		qsort(a->v, a->n, sizeof *a->v, cmp_alert);
}

size_t lw_alerts_count(const lw_alerts *a, lw_level level)
{
	size_t n = 0;
	for (size_t i = 0; i < a->n; i++)
		n += a->v[i].level == level;
	return n;
}

const lw_alert *lw_alerts_find(const lw_alerts *a, const char *system, const char *code, const char *key)
{
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i].system, system) == 0 && strcmp(a->v[i].code, code) == 0 &&
		    strcmp(a->v[i].key, key) == 0)
			return &a->v[i];
	return NULL;
}

void lw_alerts_carry_since(lw_alerts *cur, const lw_alerts *prev)
{
	lw_alert_index ix;
	lw_alert_index_init(&ix, prev);
	for (size_t i = 0; i < cur->n; i++) {
		const lw_alert *p = lw_alert_index_find(&ix, cur->v[i].system, cur->v[i].code, cur->v[i].key);
		if (p && p->since < cur->v[i].since)
			cur->v[i].since = p->since;
	}
	lw_alert_index_free(&ix);
}

lw_alert *lw_alerts_add_copy(lw_alerts *dst, const lw_alert *a)
{
	lw_alert *c = lw_alerts_add(dst, a->level, a->system, a->code, a->subject, a->since, "%s", a->message);
	c->key = arena_strdup(&dst->mem, a->key);
	c->project = a->project;
	c->acked = a->acked;
	c->agent = a->agent ? arena_strdup(&dst->mem, a->agent) : NULL;
	return c;
}

void lw_alerts_copy(lw_alerts *dst, const lw_alerts *src)
{
	lw_alerts_clear(dst);
	for (size_t i = 0; i < src->n; i++)
		lw_alerts_add_copy(dst, &src->v[i]);
}

bool lw_alert_says_subject(const lw_alert *a)
{
	size_t n = a->subject ? strlen(a->subject) : 0;
	return n && a->message && strncmp(a->message, a->subject, n) == 0 && a->message[n] == ':';
}
