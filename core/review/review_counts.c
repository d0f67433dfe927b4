/* review_counts.c — diff counts for the queue (review_counts.h). */
#include "core/review/review_counts.h"
#include "core/util/grow.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lw_counts_init(lw_counts *c)
{
	memset(c, 0, sizeof *c);
	lw_diffstat_init(&c->stat);
}

void lw_counts_free(lw_counts *c)
{
	if (c->running)
		lw_git_job_free(&c->job);
	lw_diffstat_free(&c->stat);
	free(c->v);
	memset(c, 0, sizeof *c);
}

static const lw_count_entry *find(const lw_counts *c, const char *key)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->v[i].key, key) == 0)
			return &c->v[i];
	return NULL;
}

/* The range an item's review would diff, or false (no diff, refused). */
static bool range_of(const lw_project *p, const lw_wait *w, lw_review *rv, char *key, size_t n)
{
	if (!w->task || !w->revision || !w->src->adapter->review)
		return false;
	lw_review_init(rv);
	if (lw_review_build(p, w->src, w->task, rv) < 0 || !rv->has_diff) {
		lw_review_free(rv);
		return false;
	}
	snprintf(key, n, "%s..%s", rv->base, rv->head);
	return true;
}

static void count_line(lw_rkind kind, const char *line, size_t len, void *ctx)
{
	lw_diffstat_line(ctx, kind, line, len);
}

static void finish(lw_counts *c)
{
	char msg[256];
	c->v = lw_grow(c->v, &c->cap, c->n, sizeof *c->v, 8);
	lw_count_entry *e = &c->v[c->n++];
	snprintf(e->key, sizeof e->key, "%s", c->key);
	bool ok = !lw_git_job_result(&c->job, msg, sizeof msg);
	e->add = ok ? (long long)c->stat.add : -1;
	e->del = ok ? (long long)c->stat.del : -1;
	e->files = ok ? (long long)c->stat.n : -1;
	lw_git_job_free(&c->job);
	lw_diffstat_free(&c->stat);
	lw_diffstat_init(&c->stat);
	c->running = false;
}

bool lw_counts_fill(lw_counts *c, lw_queue *q, const lw_project *const *projects)
{
	bool changed = false;
	for (size_t i = 0; i < q->n; i++) {
		lw_wait *w = &q->v[i];
		lw_review rv;
		char key[sizeof c->key], msg[256];
		if (!range_of(projects[w->member], w, &rv, key, sizeof key))
			continue;
		const lw_count_entry *e = find(c, key);
		if (e) {
			changed |= w->added != e->add || w->removed != e->del || w->files != e->files;
			w->added = e->add, w->removed = e->del, w->files = e->files;
		} else if (!c->running && lw_git_diff_start(&c->job, rv.repo, rv.base, rv.head, 0, msg, sizeof msg) == 0) {
			c->running = true;
			snprintf(c->key, sizeof c->key, "%s", key);
		}
		lw_review_free(&rv);
	}
	return changed;
}

int lw_counts_fd(const lw_counts *c)
{
	if (!c->running)
		return -1;
	return c->job.out_fd >= 0 ? c->job.out_fd : c->job.err_fd;
}

bool lw_counts_pump(lw_counts *c)
{
	if (!c->running)
		return false;
	lw_git_job_pump(&c->job, count_line, &c->stat);
	if (!c->job.done)
		return false;
	finish(c);
	return true;
}

void lw_counts_all(lw_counts *c, lw_queue *q, const lw_project *const *projects)
{
	/* Each round starts one range; each range ends before the next. */
	for (size_t round = 0; round <= q->n; round++) {
		lw_counts_fill(c, q, projects);
		if (!c->running)
			break;
		while (!c->job.done) {
			lw_git_job_wait(&c->job, 1000);
			lw_git_job_pump(&c->job, count_line, &c->stat);
		}
		finish(c);
	}
}
