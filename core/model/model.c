/* model.c — snapshots and their problems. */
#include "core/model/model.h"
#include "core/util/timeparse.h"
#include "core/util/grow.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *lw_level_name(lw_level l)
{
	return l == LW_CRIT ? "CRIT" : l == LW_WARN ? "WARN" : "INFO";
}

const char *lw_lane_name(lw_lane l)
{
	static const char *const names[LANE_COUNT] = { "backlog", "ready", "active", "review", "blocked", "done" };
	return (unsigned)l < LANE_COUNT ? names[l] : "?";
}

lw_snapshot *lw_snapshot_new(void)
{
	lw_snapshot *s = calloc(1, sizeof *s);
	if (!s)
		abort();
	arena_init(&s->mem);
	s->refs = 1;
	return s;
}

void lw_snapshot_set_base(lw_snapshot *s, lw_snapshot *base)
{
	base->refs++;
	s->base = base;
}

void lw_snapshot_free(lw_snapshot *s)
{
	if (!s || --s->refs > 0)
		return;
	lw_snapshot_free(s->base);
	for (size_t i = 0; i < s->ndocs; i++) {
		doc_free(s->docs[i]);
		free(s->docs[i]);
		free(s->bufs[i]);
	}
	free(s->docs);
	free(s->bufs);
	free(s->problems);
	arena_free(&s->mem);
	free(s);
}

static void reserve_doc(lw_snapshot *s)
{
	if (s->ndocs == s->cap_docs) {
		s->cap_docs = s->cap_docs ? s->cap_docs * 2 : 8;
		s->docs = realloc(s->docs, s->cap_docs * sizeof *s->docs);
		s->bufs = realloc(s->bufs, s->cap_docs * sizeof *s->bufs);
		if (!s->docs || !s->bufs)
			abort();
	}
}

doc *lw_snapshot_adopt(lw_snapshot *s, char *buf, size_t len, const doc *built)
{
	reserve_doc(s);
	doc *d = malloc(sizeof *d);
	if (!d)
		abort();
	*d = *built;
	s->state_bytes += len;
	s->docs[s->ndocs] = d;
	s->bufs[s->ndocs++] = buf;
	return d;
}

doc *lw_snapshot_parse(lw_snapshot *s, char *buf, size_t len, const char *path, lw_error *err)
{
	reserve_doc(s);
	doc *d = malloc(sizeof *d);
	if (!d)
		abort();
	s->state_bytes += len;
	if (doc_parse(d, buf, len, path, NULL, err) < 0) {
		/* A multi-file source reports one bad file and goes on: keep nothing of it. */
		doc_free(d);
		free(d);
		free(buf);
		return NULL;
	}
	s->docs[s->ndocs] = d;
	s->bufs[s->ndocs++] = buf;
	return d;
}

doc *lw_snapshot_kept(lw_snapshot *s, const char *path)
{
	const lw_snapshot *prev = s->prev;
	/* The last doc of that path is the one its item stood on (a file read
	 * whole but of the wrong shape comes before the version kept for it). */
	for (size_t i = prev ? prev->ndocs : 0; i-- > 0;) {
		const doc *d = prev->docs[i];
		if (!d->path || strcmp(d->path, path) != 0)
			continue;
		/* A copy: the new snapshot must not depend on the old one's life. */
		char *buf = malloc(d->len + 1);
		if (!buf)
			abort();
		memcpy(buf, d->src, d->len);
		buf[d->len] = '\0';
		lw_error err;
		lw_error_clear(&err);
		return lw_snapshot_parse(s, buf, d->len, path, &err);
	}
	return NULL;
}

static lw_problem *problem_slot(lw_snapshot *s)
{
	s->problems = lw_grow(s->problems, &s->cap_problems, s->nproblems, sizeof *s->problems, 16);
	return &s->problems[s->nproblems++];
}

void lw_snapshot_problem_copy(lw_snapshot *s, const lw_problem *p)
{
	*problem_slot(s) = *p;
}

void lw_snapshot_problem(lw_snapshot *s, const char *subject, const char *rule, const char *file,
                         const doc_node *at, const char *fmt, ...)
{
	char what[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	lw_problem *p = problem_slot(s);
	p->subject = arena_strdup(&s->mem, subject);
	p->rule = rule;
	if (!file)   /* what already says where (a formatted parse error) */
		p->message = arena_strdup(&s->mem, what);
	else if (at)
		p->message = arena_printf(&s->mem, "%s:%u:%u: %s", file, at->line, at->col, what);
	else
		p->message = arena_printf(&s->mem, "%s: %s", file, what);
}

void lw_check_deadline(lw_check_ctx *c, time_t t)
{
	if (t == LW_NO_TIME || t <= c->now)
		return;
	if (c->next_deadline == LW_NO_TIME || t < c->next_deadline)
		c->next_deadline = t;
}

const lw_thresholds *lw_check_thresholds(const lw_check_ctx *c)
{
	return c->th ? c->th : lw_thresholds_builtin();
}

bool lw_check_due(lw_check_ctx *c, time_t at)
{
	if (at == LW_NO_TIME)
		return false;
	if (c->now >= at)
		return true;
	lw_check_deadline(c, at);
	return false;
}
