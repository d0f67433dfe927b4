/* project.c — all sources of one directory: detection, loading with the
 * last good snapshot kept, and checks across them. */
#include "core/model/adapter.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include "core/util/timeparse.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

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
	snprintf(p->dir, sizeof p->dir, "%s", dir);
	for (size_t i = 0; lw_adapters[i] && p->n < LW_MAX_SOURCES; i++) {
		lw_source *s = &p->src[p->n];
		if (lw_adapters[i]->detect(dir, s->root, sizeof s->root)) {
			s->adapter = lw_adapters[i];
			p->n++;
		}
	}
	return 0;
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

void lw_project_check(const lw_project *p, lw_check_ctx *ctx)
{
	for (size_t i = 0; i < p->n; i++) {
		const lw_source *s = &p->src[i];
		if (s->failed) {
			char msg[1200];
			lw_error_format(&s->error, msg, sizeof msg);
			lw_alerts_add(ctx->out, LW_CRIT, s->adapter->name, "parse_error",
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
