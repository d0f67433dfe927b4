/* live.c — see live.h. */
#include "live/live.h"
#include <string.h>

typedef struct add_ctx { live *l; lw_error *err; int rc; } add_ctx;

static void add_path(const char *path, bool is_dir, void *ctx)
{
	add_ctx *a = ctx;
	if (a->rc < 0)
		return;
	if ((is_dir ? watch_add_dir(a->l->w, path, true, a->err) : watch_add_file(a->l->w, path, a->err)) < 0)
		a->rc = -1;
}

int live_open(live *l, lw_project *p, bool use_poll, int poll_ms, lw_error *err)
{
	memset(l, 0, sizeof *l);
	l->proj = p;
	l->w = watch_new(use_poll, poll_ms, err);
	if (!l->w)
		return -1;
	add_ctx a = { l, err, 0 };
	for (size_t i = 0; i < p->n && a.rc == 0; i++)
		p->src[i].adapter->watch_paths(&p->src[i], add_path, &a);
	if (a.rc < 0) {
		watch_free(l->w);
		l->w = NULL;
	}
	return a.rc;
}

void live_close(live *l)
{
	watch_free(l->w);
	l->w = NULL;
}

int live_fd(const live *l) { return watch_fd(l->w); }
int live_timeout_ms(const live *l) { return watch_timeout_ms(l->w); }

/* A path belongs to a source when it lies under the source's root. */
static void on_change(const char *path, void *ctx)
{
	live *l = ctx;
	if (!path) {
		l->rescan = true;
		return;
	}
	for (size_t i = 0; i < l->proj->n; i++) {
		const char *root = l->proj->src[i].root;
		size_t n = strlen(root);
		if (strncmp(path, root, n) == 0 && (path[n] == '/' || path[n] == '\0'))
			l->pending[i] = true;
	}
}

int live_process(live *l)
{
	watch_process(l->w, on_change, l);
	int reloaded = 0;
	for (size_t i = 0; i < l->proj->n; i++) {
		if (!l->rescan && !l->pending[i])
			continue;
		l->pending[i] = false;
		lw_project_reload(l->proj, i);
		reloaded++;
	}
	l->rescan = false;
	return reloaded;
}
