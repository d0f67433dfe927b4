/* project.c — all sources of one directory: detection, loading with the
 * last good snapshot kept, and checks across them. */
#include "core/model/activity.h"
#include "core/model/adapter.h"
#include "core/model/registry.h"
#include "core/model/links.h"
#include "core/util/fileio.h"
#include "core/txn/txn.h"
#include "core/util/inputs.h"
#include "core/util/dirlist.h"
#include "core/util/timeparse.h"
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* A transaction killed mid-commit is completed before anything is read
 * (core/txn/txn.h): its record lives in the system's state folder, the
 * source's root. Only systems whose transitions write several files keep
 * one, and their root is a folder; a single-file source has none. */
static void recover(const char *project, const char *root)
{
	lw_error err;
	/* Recovery writes: within the project's folder only, like any write. */
	if (lw_is_dir(root) && store_root_enter(project, &err) == STORE_OK) {
		txn_recover_dir(root);
		store_root_leave();
	}
}

int lw_project_open(lw_project *p, const char *dir, lw_error *err)
{
	memset(p, 0, sizeof *p);
	struct stat st;
	if (lw_stat(dir, &st, LW_STAT_TYPE) < 0) {
		lw_error_set(err, dir, 0, 0, "cannot open project directory: %s", strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		lw_error_set(err, dir, 0, 0, "not a directory");
		return -1;
	}
	/* One canonical root, resolved once: every path below (state files,
	 * temps, locks, commit records) is built from it, so a relative -C, no
	 * -C at all, a symlinked path or a trailing slash all name the same
	 * files, and a commit record's folder and its files agree. */
	char real[LW_PATH_MAX];
	if (lw_realpath(dir, real, sizeof real) < 0) {
		lw_error_set(err, dir, 0, 0, "cannot resolve project directory: %s", strerror(errno));
		return -1;
	}
	snprintf(p->dir, sizeof p->dir, "%s", real);
	lw_project_detect(p);
	return 0;
}

void lw_project_open_unreadable(lw_project *p, const char *dir, const lw_error *why)
{
	memset(p, 0, sizeof *p);
	snprintf(p->dir, sizeof p->dir, "%s", dir);
	p->unreadable = true;
	p->open_error = *why;
}

int lw_project_reopen(lw_project *p)
{
	if (!p->unreadable)
		return 0;
	lw_project again;
	lw_error err;
	lw_error_clear(&err);
	if (lw_project_open(&again, p->dir, &err) < 0) {
		p->open_error = err;
		return 0;
	}
	/* Who listens and how it is named stay; the rest is the new folder's. */
	again.activity = p->activity;
	again.label = p->label;
	*p = again;
	return 1;
}

size_t lw_project_detect(lw_project *p)
{
	size_t added = 0;
	for (size_t i = 0; lw_adapters[i] && p->n < LW_MAX_SOURCES; i++) {
		bool have = false;
		for (size_t k = 0; k < p->n && !have; k++)
			have = p->src[k].adapter == lw_adapters[i];
		lw_source *s = &p->src[p->n];
		if (!have && lw_adapters[i]->detect(p->dir, s->root, sizeof s->root)) {
			s->adapter = lw_adapters[i];
			p->n++;
			recover(p->dir, s->root);
			added++;
		}
	}
	return added;
}

size_t lw_project_missing(const lw_project *p)
{
	size_t n = 0;
	while (lw_adapters[n])
		n++;
	return n > p->n ? n - p->n : 0;
}

const char *lw_project_looked_for(void)
{
	/* Built once from what each adapter says its detection looks for. */
	static char looked[1024];
	if (!looked[0]) {
		strbuf b;
		strbuf_init(&b);
		lw_registry_looked_for(&b);
		snprintf(looked, sizeof looked, "%s", b.len ? b.buf : "nothing");
		strbuf_free(&b);
	}
	return looked;
}

void lw_project_close(lw_project *p)
{
	for (size_t i = 0; i < p->n; i++) {
		lw_snapshot_free(p->src[i].good);
		p->src[i].good = NULL;
	}
	p->n = 0;
}

int lw_project_reload(lw_project *p, size_t i)
{
	lw_source *s = &p->src[i];
	lw_snapshot *snap = lw_snapshot_new();
	lw_error err;
	lw_error_clear(&err);
	snap->prev = s->good;
	int rc = s->adapter->load(s, snap, &err);
	snap->prev = NULL;
	if (rc < 0) {
		if (!err.set)
			lw_error_set(&err, s->root, 0, 0, "cannot load");
		lw_snapshot_free(snap);
		s->failed = true;
		s->error = err;
		return -1;
	}
	lw_links_outside(p->dir, s, snap);
	/* What changed since the last good load, while both are at hand. */
	if (p->activity)
		lw_activity_diff(p->activity, p->label, s->adapter->name, s->good, snap, lw_now());
	lw_snapshot_free(s->good);
	s->good = snap;
	s->failed = false;
	lw_error_clear(&s->error);
	s->loaded_at = lw_now();
	s->generation++;
	return 0;
}

size_t lw_project_load_all(lw_project *p)
{
	size_t failed = 0;
	for (size_t i = 0; i < p->n; i++)
		failed += lw_project_reload(p, i) < 0;
	return failed;
}

/* The folder is gone (rm -rf, moved), or every system's state in it went
 * (rm -rf empties it before it removes it, and the last change seen may be
 * that): that is the one thing to say. The last good states would otherwise
 * raise a CRIT for each file they name that went with them. Looked at only
 * when a source failed to load, so a healthy project costs no stat. */
static bool project_gone(const lw_project *p, lw_check_ctx *ctx)
{
	bool failed = false;
	for (size_t i = 0; i < p->n; i++)
		failed |= p->src[i].failed;
	if (!failed)
		return false;
	struct stat st;
	bool dir = lw_exists(p->dir, &st) && S_ISDIR(st.st_mode);
	/* A system whose state folder is the project's own (ACP) goes with it.
	 * Whatever is at a root's name counts, a link to nothing too: that is
	 * the system's state gone wrong (dangling_link), said as such. */
	for (size_t i = 0; dir && i < p->n; i++)
		if (strcmp(p->src[i].root, p->dir) != 0 && lw_stat(p->src[i].root, &st, LW_STAT_TYPE | LW_STAT_NOFOLLOW) == 0)
			return false;
	lw_alerts_add(ctx->out, LW_CRIT, p->src[0].adapter->name, "project_gone", p->dir, ctx->now, "%s",
	              dir ? "every agent state in the project folder is gone (emptied, or being removed): nothing "
	                    "of it can be read; the board shows its last state"
	                  : "the project folder is gone (removed or moved): nothing of it can be read; the board "
	                    "shows its last state");
	return true;
}

void lw_project_check(const lw_project *p, lw_check_ctx *ctx)
{
	/* Unreadable from the start: the same state as a folder removed while
	 * watched, said with the reason the folder did not open. */
	if (p->unreadable) {
		char msg[1200];
		lw_error_format(&p->open_error, msg, sizeof msg);
		lw_alerts_add(ctx->out, LW_CRIT, "project", "project_gone", p->dir, ctx->now,
		              "%s: nothing of the project can be read", msg);
		return;
	}
	if (project_gone(p, ctx))
		return;
	for (size_t i = 0; i < p->n; i++) {
		const lw_source *s = &p->src[i];
		if (s->failed) {
			/* Named for why: a file that did not read at all (a FIFO,
			 * permissions, a link to nothing) is not a parse error. CRIT
			 * whatever the code: nothing of the system reads. */
			char msg[1200];
			lw_error_format(&s->error, msg, sizeof msg);
			lw_alerts_add(ctx->out, LW_CRIT, s->adapter->name, s->error.code ? s->error.code : "parse_error",
			              s->error.file[0] ? s->error.file : s->root, ctx->now, "%s", msg);
		}
		if (s->good)
			s->adapter->check(s, s->good, ctx);
	}
}

lw_source *lw_project_source(lw_project *p, const char *system)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->src[i].adapter->name, system) == 0)
			return &p->src[i];
	return NULL;
}

const char *lw_project_shown_path(const lw_project *p, const char *path)
{
	size_t rl = strlen(p->dir);
	if (path && rl > 1 && strncmp(path, p->dir, rl) == 0 && path[rl] == '/' && path[rl + 1])
		return path + rl + 1;
	return path;
}
