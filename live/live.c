/* live.c — see live.h. */
#include "live/live.h"
#include <string.h>
#include <time.h>

typedef struct add_ctx { live *l; lw_error *err; int rc; } add_ctx;

static void add_path(const char *path, bool is_dir, void *ctx)
{
	add_ctx *a = ctx;
	if (a->rc < 0)
		return;
	if ((is_dir ? watch_add_dir(a->l->w, path, true, a->err) : watch_add_file(a->l->w, path, a->err)) < 0)
		a->rc = -1;
}

/* Detection again: 2 s while there is no state at all (someone waits for
 * it), 10 s while some system is absent, never once all are there. */
static int detect_every_ms(const live *l)
{
	return l->proj->n == 0 ? 2000 : lw_project_missing(l->proj) ? 10000 : -1;
}

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void arm_detect(live *l)
{
	int every = detect_every_ms(l);
	l->next_detect_ms = every < 0 ? -1 : mono_ms() + every;
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
		return a.rc;
	}
	/* The folder itself, not its tree: a new top-level state folder. A
	 * refusal here only costs the immediacy (the timer still detects). */
	lw_error ignored;
	lw_error_clear(&ignored);
	watch_add_dir(l->w, p->dir, false, &ignored);
	arm_detect(l);
	return 0;
}

void live_close(live *l)
{
	watch_free(l->w);
	l->w = NULL;
}

int live_fd(const live *l) { return watch_fd(l->w); }
int live_timeout_ms(const live *l)
{
	int w = watch_timeout_ms(l->w);
	if (l->next_detect_ms < 0)
		return w;
	long long d = l->next_detect_ms - mono_ms();
	int t = d < 0 ? 0 : (int)d;
	return w < 0 || t < w ? t : w;
}

/* A path belongs to a source when it lies under the source's root. */
static void on_change(const char *path, void *ctx)
{
	live *l = ctx;
	if (!path) {
		l->rescan = true;
		return;
	}
	bool known = false;
	for (size_t i = 0; i < l->proj->n; i++) {
		const char *root = l->proj->src[i].root;
		size_t n = strlen(root);
		if (strncmp(path, root, n) == 0 && (path[n] == '/' || path[n] == '\0'))
			l->pending[i] = known = true;
	}
	if (!known)
		l->discover = true;   /* something new in the project folder */
}

/* New systems: detected, watched, marked for loading. */
static void detect_new(live *l)
{
	size_t before = l->proj->n;
	if (!lw_project_detect(l->proj))
		return;
	lw_error err;
	lw_error_clear(&err);
	add_ctx a = { l, &err, 0 };
	for (size_t i = before; i < l->proj->n; i++) {
		l->proj->src[i].adapter->watch_paths(&l->proj->src[i], add_path, &a);
		l->pending[i] = true;
	}
}

int live_process(live *l)
{
	watch_process(l->w, on_change, l);
	if (l->discover || (l->next_detect_ms >= 0 && mono_ms() >= l->next_detect_ms)) {
		l->discover = false;
		detect_new(l);
		arm_detect(l);
	}
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
