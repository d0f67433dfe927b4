/* watch_batch.c — what one watch_process() turn reports: each changed path
 * once, or one "rescan everything" that stands for all of them; and the
 * quiet-period list of files written but not closed, reported once their
 * writer has been silent for quiet_ns. */
#include "watch/watch_internal.h"
#include <stdlib.h>
#include <string.h>

static void batch_clear(watch *w)
{
	for (size_t i = 0; i < w->nbatch; i++)
		free(w->batch[i]);
	w->nbatch = 0;
}

static void quiet_remove_at(watch *w, size_t i)
{
	free(w->quiet[i].path);
	w->quiet[i] = w->quiet[--w->nquiet];
}

void watch_rescan(watch *w)
{
	/* The consumer reloads everything anyway: single paths add nothing. */
	w->rescan = true;
	batch_clear(w);
}

void watch_report(watch *w, const char *path)
{
	/* Reported now: a pending quiet period for it has nothing left to say. */
	for (size_t i = 0; i < w->nquiet; i++)
		if (strcmp(w->quiet[i].path, path) == 0) {
			quiet_remove_at(w, i);
			break;
		}
	if (w->rescan)
		return;
	for (size_t i = 0; i < w->nbatch; i++)
		if (strcmp(w->batch[i], path) == 0)
			return;
	if (w->nbatch >= WATCH_BATCH_MAX) {
		watch_rescan(w);
		return;
	}
	if (w->nbatch == w->capbatch) {
		w->capbatch = w->capbatch ? 2 * w->capbatch : 16;
		w->batch = watch_xrealloc(w->batch, w->capbatch * sizeof *w->batch);
	}
	w->batch[w->nbatch++] = watch_xstrdup(path);
}

void watch_settle(watch *w, const char *path, int64_t now)
{
	/* Each new write pushes the deadline back: report after the last one. */
	for (size_t i = 0; i < w->nquiet; i++)
		if (strcmp(w->quiet[i].path, path) == 0) {
			w->quiet[i].due = now + w->quiet_ns;
			return;
		}
	if (w->nquiet == w->capquiet) {
		w->capquiet = w->capquiet ? 2 * w->capquiet : 8;
		w->quiet = watch_xrealloc(w->quiet, w->capquiet * sizeof *w->quiet);
	}
	w->quiet[w->nquiet].path = watch_xstrdup(path);
	w->quiet[w->nquiet].due = now + w->quiet_ns;
	w->nquiet++;
}

void watch_fire_quiet(watch *w, int64_t now)
{
	for (size_t i = 0; i < w->nquiet;) {
		if (w->quiet[i].due > now) {
			i++;
			continue;
		}
		char *path = w->quiet[i].path;
		w->quiet[i].path = NULL;
		w->quiet[i] = w->quiet[--w->nquiet];
		watch_report(w, path);
		free(path);
	}
}

int64_t watch_quiet_next_due(const watch *w)
{
	int64_t due = -1;
	for (size_t i = 0; i < w->nquiet; i++)
		if (due < 0 || w->quiet[i].due < due)
			due = w->quiet[i].due;
	return due;
}

int watch_flush(watch *w, watch_cb cb, void *ctx)
{
	if (w->rescan) {
		w->rescan = false;
		cb(NULL, ctx);
		return 1;
	}
	/* Detach first: the callback may add targets, and a report raised while
	 * it runs belongs to the next turn. */
	char **batch = w->batch;
	size_t n = w->nbatch;
	w->batch = NULL;
	w->nbatch = w->capbatch = 0;
	for (size_t i = 0; i < n; i++) {
		cb(batch[i], ctx);
		free(batch[i]);
	}
	free(batch);
	return (int)n;
}

void watch_batch_free(watch *w)
{
	batch_clear(w);
	free(w->batch);
	for (size_t i = 0; i < w->nquiet; i++)
		free(w->quiet[i].path);
	free(w->quiet);
}
