/* live.c — see live.h. */
#include "live/live.h"
#include "core/util/dirlist.h"
#include "core/util/fileio.h"
#include "core/util/fdlimit.h"
#include <errno.h>
#include <stdio.h>
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

/* Detection again by the clock only where the watcher cannot see a new
 * state folder: on a network filesystem (writes from other machines are
 * silent) or with --poll, every 10 s while some system is absent (2 s while
 * there is no state at all). Elsewhere every folder a
 * missing system's state would appear in is watched (watch_for_new), so an
 * idle HUD never wakes for it. */
static int detect_every_ms(const live *l)
{
	/* A folder that did not open has no parent we watch: it is tried again
	 * every 2 s (the cost of one stat). */
	if (l->proj->unreadable)
		return 2000;
	if (!lw_project_missing(l->proj) || !(l->network_fs || l->polling))
		return -1;
	return l->proj->n == 0 ? 2000 : 10000;
}

/* The folders a system that is not here yet would make its state in: for
 * each pattern it looks for (".claude/aot-loop-state.md",
 * "agent_workspaces/<*>/state.json"), every folder of the path that exists,
 * down to the first that does not (its creation is an event in its parent);
 * a "*" component watches each folder it matches. Non-recursive: entries
 * only, so a busy tree below costs nothing. */
static void watch_path_parts(live *l, const char *dir, const char *pattern)
{
	lw_error ignored;
	lw_error_clear(&ignored);
	watch_add_dir_entries(l->w, dir, &ignored);
	const char *slash = strchr(pattern, '/');
	if (!slash || !slash[1])
		return;   /* the last component: a file or folder made in dir */
	char part[256];
	snprintf(part, sizeof part, "%.*s", (int)(slash - pattern), pattern);
	if (strcmp(part, "*") == 0) {
		lw_dirlist dl;
		if (lw_dirlist_read(&dl, dir) < 0)
			return;
		for (size_t i = 0; i < dl.n; i++) {
			char sub[LW_PATH_MAX];
			lw_path_join(sub, sizeof sub, dir, dl.names[i]);
			if (lw_is_dir(sub))
				watch_path_parts(l, sub, slash + 1);
		}
		lw_dirlist_free(&dl);
		return;
	}
	char next[LW_PATH_MAX];
	lw_path_join(next, sizeof next, dir, part);
	if (lw_is_dir(next))
		watch_path_parts(l, next, slash + 1);
}

static void watch_for_new(live *l)
{
	for (const lw_adapter *const *a = lw_adapters; *a; a++) {
		bool present = false;
		for (size_t i = 0; i < l->proj->n && !present; i++)
			present = l->proj->src[i].adapter == *a;
		if (present || !(*a)->looks_for)
			continue;
		char pats[512];
		snprintf(pats, sizeof pats, "%s", (*a)->looks_for);
		char *save = NULL;
		for (char *p = strtok_r(pats, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
			while (*p == ' ')
				p++;
			watch_path_parts(l, l->proj->dir, p);
		}
	}
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
	/* The folder itself, not its tree, and the folders a missing system's
	 * state would appear in: a new system is an event, not a poll. */
	l->network_fs = watch_path_on_network_fs(p->dir);
	l->polling = watch_polls(l->w);   /* stat polling reports no new folders: detection polls too */
	watch_for_new(l);
	arm_detect(l);
	return 0;
}

int live_watch_also(live *l, const char *path, lw_error *err)
{
	if (snprintf(l->also, sizeof l->also, "%s", path) >= (int)sizeof l->also) {
		l->also[0] = '\0';
		lw_error_set(err, path, 0, 0, "path too long");
		return -1;
	}
	if (watch_add_file(l->w, l->also, err) < 0) {
		l->also[0] = '\0';
		return -1;
	}
	return 0;
}

void live_close(live *l)
{
	watch_free(l->w);
	l->w = NULL;
}

int live_fd(const live *l) { return watch_fd(l->w); }

void live_pollfd(const live *l, struct pollfd *fds, size_t *n)
{
	int fd = live_fd(l);
	if (fd >= 0)
		fds[(*n)++] = (struct pollfd){ .fd = fd, .events = POLLIN };
}

const char *live_poll_error(int err, size_t nfds, char *buf, size_t n)
{
	char lim[300];
	if (err == EINVAL || err == EMFILE || lw_fdlimit_reached())
		snprintf(buf, n, "cannot wait for changes (poll of %zu descriptors: %s): %s", nfds, strerror(err),
		         lw_fdlimit_text(lim, sizeof lim));
	else
		snprintf(buf, n, "cannot wait for changes (poll: %s)", strerror(err));
	return buf;
}
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
	if (l->also[0] && strcmp(path, l->also) == 0) {
		l->also_changed = true;
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

/* New systems: detected, watched, marked for loading; those from `before`
 * on (an unreadable folder that opened detected its own). */
static void detect_new(live *l, size_t before)
{
	if (!lw_project_detect(l->proj) && before == l->proj->n)
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
	int reloaded = 0;
	if (l->discover || (l->next_detect_ms >= 0 && mono_ms() >= l->next_detect_ms)) {
		l->discover = false;
		/* An unreadable folder that opens now: a change to show, its
		 * systems detected below like any new state. */
		size_t before = l->proj->n;
		if (lw_project_reopen(l->proj)) {
			l->network_fs = watch_path_on_network_fs(l->proj->dir);
			before = 0;
			reloaded++;
		}
		detect_new(l, before);
		watch_for_new(l);   /* a folder on the way may have appeared: watch it too */
		arm_detect(l);
	}
	for (size_t i = 0; i < l->proj->n; i++) {
		if (!l->rescan && !l->pending[i])
			continue;
		l->pending[i] = false;
		lw_project_reload(l->proj, i);
		reloaded++;
	}
	l->rescan = false;
	if (l->also_changed) {
		l->also_changed = false;
		reloaded++;
	}
	return reloaded;
}
