/* watch.c — the public face of the watcher: targets in, one turn of
 * reports out. The turn order is fixed: drain the backend, look again for
 * missing directories, fire due quiet periods, then call back. */
#include "watch/watch_internal.h"
#include "platform/platform.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t watch_now_ns(void)
{
	/* Monotonic: quiet periods and backoff must not jump with the wall clock. */
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * INT64_C(1000000000) + ts.tv_nsec;
}

void *watch_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q) {
		fputs("liza-watch: out of memory\n", stderr);
		abort();
	}
	return q;
}

char *watch_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(watch_xrealloc(NULL, n), s, n);
}

char *watch_join(const char *dir, const char *name)
{
	size_t a = strlen(dir), b = strlen(name);
	bool slash = a > 0 && dir[a - 1] != '/';
	char *p = watch_xrealloc(NULL, a + slash + b + 1);
	memcpy(p, dir, a);
	if (slash)
		p[a++] = '/';
	memcpy(p + a, name, b + 1);
	return p;
}

/* "a/b//" and "a/b" are one directory; "/" stays "/". */
static char *dir_norm(const char *path)
{
	char *s = watch_xstrdup(path);
	size_t n = strlen(s);
	while (n > 1 && s[n - 1] == '/')
		s[--n] = '\0';
	return s;
}

watch *watch_new(bool use_poll, int poll_ms, lw_error *err)
{
	watch *w = watch_xrealloc(NULL, sizeof *w);
	memset(w, 0, sizeof *w);
	w->quiet_ns = WATCH_QUIET_MS_DEFAULT * WATCH_NS_PER_MS;
	w->backoff_min = 100 * WATCH_NS_PER_MS;
	w->backoff_max = 5000 * WATCH_NS_PER_MS;
#ifdef LW_HAVE_INOTIFY
	int rc = use_poll ? watch_poll_init(w, poll_ms > 0 ? poll_ms : WATCH_POLL_MS_DEFAULT, err)
	                  : watch_inotify_init(w, err);
#else
	/* No inotify on this system (macOS, a PORTABLE build): stat polling. */
	(void)use_poll;
	int rc = watch_poll_init(w, poll_ms > 0 ? poll_ms : WATCH_POLL_MS_DEFAULT, err);
#endif
	if (rc != 0) {
		free(w);
		return NULL;
	}
	return w;
}

void watch_free(watch *w)
{
	if (!w)
		return;
	w->be->free(w);
	watch_dirs_free(w);
	for (size_t i = 0; i < w->nfiles; i++) {
		free(w->files[i]->path);
		free(w->files[i]);
	}
	free(w->files);
	watch_batch_free(w);
	free(w);
}

int watch_add_file(watch *w, const char *path, lw_error *err)
{
	size_t n = path ? strlen(path) : 0;
	if (n == 0 || path[n - 1] == '/') {
		lw_error_set(err, path ? path : "", 0, 0, "not a file path");
		return -1;
	}
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	if (strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
		lw_error_set(err, path, 0, 0, "not a file path");
		return -1;
	}
	for (size_t i = 0; i < w->nfiles; i++)
		if (strcmp(w->files[i]->path, path) == 0)
			return 0;
	char *dir;
	if (!slash)
		dir = watch_xstrdup(".");
	else if (slash == path)
		dir = watch_xstrdup("/");
	else {
		dir = watch_xrealloc(NULL, (size_t)(slash - path) + 1);
		memcpy(dir, path, (size_t)(slash - path));
		dir[slash - path] = '\0';
	}
	char *norm = dir_norm(dir);
	free(dir);
	struct watch_dir *d = watch_pin_dir(w, norm, false, false, err);
	if (!d)
		return -1;
	struct watch_file *f = watch_xrealloc(NULL, sizeof *f);
	memset(f, 0, sizeof *f);
	f->path = watch_xstrdup(path);
	f->base = f->path + (base - path);
	f->dir = d;
	f->pattern = strpbrk(f->base, "*?[") != NULL;
	if (f->pattern)
		d->patterns = true;
	if (w->nfiles == w->capfiles) {
		w->capfiles = w->capfiles ? 2 * w->capfiles : 8;
		w->files = watch_xrealloc(w->files, w->capfiles * sizeof *w->files);
	}
	w->files[w->nfiles++] = f;
	if (w->be->file_added)
		w->be->file_added(w, f);
	return 0;
}

int watch_add_dir(watch *w, const char *dir, bool recursive, lw_error *err)
{
	if (!dir || !*dir) {
		lw_error_set(err, "", 0, 0, "empty directory path");
		return -1;
	}
	return watch_pin_dir(w, dir_norm(dir), true, recursive, err) ? 0 : -1;
}

int watch_add_dir_entries(watch *w, const char *dir, lw_error *err)
{
	if (!dir || !*dir) {
		lw_error_set(err, "", 0, 0, "empty directory path");
		return -1;
	}
	struct watch_dir *d = watch_pin_dir(w, dir_norm(dir), true, false, err);
	if (!d)
		return -1;
	d->report_dirs = true;
	return 0;
}

int watch_fd(const watch *w) { return w->be->fd(w); }

static void earliest(int64_t *due, int64_t t)
{
	if (t >= 0 && (*due < 0 || t < *due))
		*due = t;
}

int watch_timeout_ms(const watch *w)
{
	int64_t now = watch_now_ns();
	int64_t due = -1;
	earliest(&due, w->be->next_due(w));
	earliest(&due, watch_dirs_next_due(w));
	earliest(&due, watch_quiet_next_due(w));
	if (w->rescan || w->nbatch)
		due = now;   /* reports are waiting (injected events) */
	if (due < 0)
		return -1;
	if (due <= now)
		return 0;
	/* Round up: waking a hair early would only cost a useless turn. */
	int64_t ms = (due - now + WATCH_NS_PER_MS - 1) / WATCH_NS_PER_MS;
	return ms > INT_MAX ? INT_MAX : (int)ms;
}

int watch_process(watch *w, watch_cb cb, void *ctx)
{
	int64_t now = watch_now_ns();
	w->be->process(w, now);
	watch_dirs_retry(w, now);
	watch_fire_quiet(w, now);
	watch_dirs_compact(w);
	return watch_flush(w, cb, ctx);
}

bool watch_dir_missing(const watch *w, const char *path)
{
	if (!path || !*path)
		return false;
	char *norm = dir_norm(path);
	const struct watch_dir *d = watch_find_dir(w, norm);
	free(norm);
	if (d)
		return !d->armed;
	for (size_t i = 0; i < w->nfiles; i++)
		if (strcmp(w->files[i]->path, path) == 0)
			return !w->files[i]->dir->armed;
	return false;
}

int watch_inject_events(watch *w, const void *buf, size_t len)
{
	if (!w->be->inject)
		return -1;
	return w->be->inject(w, buf, len, watch_now_ns());
}

/* The stat backend is the one without a descriptor to wait on. */
bool watch_polls(const watch *w) { return watch_fd(w) < 0; }
