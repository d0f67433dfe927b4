/* liza_review.c — Liza's review provider: the task's verdict fields in
 * full, its history and its log.yaml entries as a timeline, and the change
 * under review, base_commit..review_commit, in the task's worktree (or the
 * project repository once the worktree is gone: the commits are shared). */
#include "systems/liza/liza_gen.h"
#include "core/review/review.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The verdict fields of t, from the generation recorded in the snapshot. */
static bool find_task(const lw_source *src, const lw_task *t, liza_review_fields *out)
{
	const void *sys = src->good ? src->good->sys : NULL;
	const liza_generation *g = liza_gen_of(sys);
	return g && g->review(sys, t, out);
}

static const char *log_path_of(const lw_source *src)
{
	const void *sys = src->good ? src->good->sys : NULL;
	const liza_generation *g = liza_gen_of(sys);
	return g ? g->log_path(sys) : NULL;
}

/* log.yaml entries that name the task (task: ID), with their time. */
static void log_entries(lw_review *rv, const lw_source *src, const char *id)
{
	const char *log_path = log_path_of(src);
	if (!log_path)
		return;
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	if (lw_read_file(log_path, doc_default_limits.max_bytes, &buf, &len, &err) != LW_READ_OK)
		return;
	doc d;
	if (doc_parse(&d, buf, len, log_path, &doc_default_limits, &err) == 0) {
		const doc_node *seq = doc_deref(d.root);
		for (const doc_node *e = doc_is_seq(seq) ? doc_seq_first(seq) : NULL; e; e = e->next) {
			const doc_node *m = doc_deref(e);
			const char *task = doc_str(doc_get(m, "task"));
			if (!task || strcmp(task, id) != 0)
				continue;
			time_t at = LW_NO_TIME;
			doc_time(doc_get(m, "timestamp"), &at);
			strbuf b;
			strbuf_init(&b);
			strbuf_adds(&b, "log:");
			for (const doc_node *k = doc_map_first(m); k; k = doc_map_next(k)) {
				const char *key = doc_str(k);
				if (!key || strcmp(key, "timestamp") == 0 || strcmp(key, "task") == 0)
					continue;
				const char *v = doc_str(k->next);
				strbuf_printf(&b, "  %s: %s", key, v ? v : "(not a scalar)");
			}
			lw_review_event(rv, at, "%s", b.buf);
			strbuf_free(&b);
		}
		doc_free(&d);
	}
	free(buf);
}

static void field(lw_review *rv, const char *name, const char *v)
{
	if (v)
		lw_review_line(rv, RK_TEXT, "%s: %s", name, v);
}

int liza_review(const lw_source *src, const lw_task *t, const char *project, lw_review *rv)
{
	liza_review_fields task = { 0 }, *lt = &task;
	bool found = find_task(src, t, &task);
	lw_review_history(rv, t->node);
	log_entries(rv, src, t->id);
	if (!found) {
		lw_review_line(rv, RK_NOTE, "task not found in the loaded state");
		return 0;
	}
	lw_review_line(rv, RK_HEAD, "Verdict");
	field(rv, "status", lt->status);
	field(rv, "reviewing_by", lt->reviewing_by);
	field(rv, "approved_by", lt->approved_by);
	field(rv, "rejection_reason", lt->rejection_reason);
	if (lt->cycles >= 0 && lt->cycles != LIZA_UNSET)
		lw_review_line(rv, RK_TEXT, "review cycles: %lld (total %lld)", lt->cycles,
		               lt->cycles_total == LIZA_UNSET ? 0 : lt->cycles_total);
	field(rv, "done_when", lt->done_when);
	field(rv, "worktree", lt->worktree);
	field(rv, "base_commit", lt->base_commit);
	field(rv, "review_commit", lt->review_commit);

	lw_review_line(rv, RK_HEAD, "Change");
	/* Every value is judged before anything runs: a bad one refuses all. */
	char msg[512];
	if (lt->review_commit && lw_review_commit_ok("review_commit", lt->review_commit, msg, sizeof msg) < 0)
		return lw_review_refuse(rv, "%s:%s: %s", t->system, t->id, msg);
	if (lt->base_commit && lw_review_commit_ok("base_commit", lt->base_commit, msg, sizeof msg) < 0)
		return lw_review_refuse(rv, "%s:%s: %s", t->system, t->id, msg);
	char repo[4096];
	bool gone = !lt->worktree;
	if (lt->worktree) {
		int rc = lw_review_path_ok(project, "worktree", lt->worktree, repo, sizeof repo, msg, sizeof msg);
		if (rc < 0)
			return lw_review_refuse(rv, "%s:%s: %s", t->system, t->id, msg);
		gone = rc == 1;
		if (gone) {
			lw_review_line(rv, RK_WARN, "worktree %s is gone: showing the range from the project repository",
			               lt->worktree);
		} else if (!lw_review_is_worktree_of(project, repo)) {
			lw_review_line(rv, RK_WARN, "%s is not a worktree of the project repository: showing the range "
			               "from the project repository", lt->worktree);
			gone = true;
		}
	}
	if (gone && lw_review_path_ok(project, "project", ".", repo, sizeof repo, msg, sizeof msg) != 0)
		return lw_review_refuse(rv, "%s", msg);
	if (!lt->review_commit) {
		lw_review_line(rv, RK_NOTE, "no review_commit yet: nothing to diff");
		return 0;
	}
	rv->has_diff = true;
	snprintf(rv->repo, sizeof rv->repo, "%s", repo);
	snprintf(rv->head, sizeof rv->head, "%s", lt->review_commit);
	if (lt->base_commit) {
		snprintf(rv->base, sizeof rv->base, "%s", lt->base_commit);
	} else {
		snprintf(rv->base, sizeof rv->base, "%s^", lt->review_commit);
		lw_review_line(rv, RK_NOTE, "no base_commit: showing review_commit against its parent");
	}
	lw_review_line(rv, RK_NOTE, "git -C %s diff %s %s", rv->repo, rv->base, rv->head);
	return 0;
}
