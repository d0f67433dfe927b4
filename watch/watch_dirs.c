/* watch_dirs.c — the directories behind the targets: which exist, which are
 * missing and when to look for them again, what was found under a recursive
 * one, and which reported path an event on (directory, name) stands for.
 * Backend-neutral: the backends arm and disarm, this file decides when. */
#include "watch/watch_internal.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct watch_dir *watch_find_dir(const watch *w, const char *path)
{
	for (size_t i = 0; i < w->ndirs; i++)
		if (!w->dirs[i]->dead && strcmp(w->dirs[i]->path, path) == 0)
			return w->dirs[i];
	return NULL;
}

static struct watch_dir *dir_new(watch *w, char *path /* owned */, bool pinned)
{
	struct watch_dir *d = watch_xrealloc(NULL, sizeof *d);
	memset(d, 0, sizeof *d);
	d->path = path;
	d->pinned = pinned;
	d->wd = -1;
	d->backoff = w->backoff_min;
	if (w->ndirs == w->capdirs) {
		w->capdirs = w->capdirs ? 2 * w->capdirs : 8;
		w->dirs = watch_xrealloc(w->dirs, w->capdirs * sizeof *w->dirs);
	}
	w->dirs[w->ndirs++] = d;
	return d;
}

static void dir_free(struct watch_dir *d)
{
	for (size_t i = 0; i < d->nents; i++)
		free(d->ents[i].name);
	free(d->ents);
	free(d->path);
	free(d);
}

static int dir_arm(watch *w, struct watch_dir *d)
{
	if (w->be->arm(w, d) != 0)
		return -1;
	d->armed = true;
	return 0;
}

static void dir_disarm(watch *w, struct watch_dir *d)
{
	if (!d->armed)
		return;
	w->be->disarm(w, d);
	d->armed = false;
}

static void retry_later(watch *w, struct watch_dir *d, int64_t now)
{
	d->retry_at = now + d->backoff;
	d->backoff = d->backoff > w->backoff_max / 2 ? w->backoff_max : 2 * d->backoff;
}

/* child is strictly below parent ("a/b" under "a", "/x" under "/"). */
static bool is_under(const char *child, const char *parent)
{
	size_t n = strlen(parent);
	if (strncmp(child, parent, n) != 0)
		return false;
	if (n > 0 && parent[n - 1] == '/')
		return child[n] != '\0';
	return child[n] == '/' && child[n + 1] != '\0';
}

/* A symlink is never followed into: that is how a recursive watch stays a
 * tree and never loops. */
static bool entry_is_dir(DIR *dp, const struct dirent *e)
{
#ifdef DT_DIR
	if (e->d_type == DT_DIR)
		return true;
	if (e->d_type != DT_UNKNOWN)
		return false;
#endif
	struct stat st;
	return fstatat(dirfd(dp), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
}

static void add_subdir(watch *w, struct watch_dir *parent, const char *name, bool report_files,
                       int depth);

/* Walk d: watch its subdirectories (when recursive) and, when report_files,
 * report the files found (they may predate our watch on d). */
static void scan_tree(watch *w, struct watch_dir *d, bool report_files, int depth)
{
	if (!d->recursive && !report_files)
		return;
	DIR *dp = opendir(d->path);
	if (!dp)
		return;
	struct dirent *e;
	while ((e = readdir(dp))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (entry_is_dir(dp, e)) {
			if (d->recursive && depth < WATCH_MAX_DEPTH)
				add_subdir(w, d, e->d_name, report_files, depth + 1);
		} else if (report_files) {
			watch_name_changed(w, d, e->d_name, WATCH_NOW, 0);
		}
	}
	closedir(dp);
}

static void add_subdir(watch *w, struct watch_dir *parent, const char *name, bool report_files,
                       int depth)
{
	char *path = watch_join(parent->path, name);
	struct watch_dir *c = watch_find_dir(w, path);
	bool fresh = !c;
	if (fresh)
		c = dir_new(w, path, false);
	else
		free(path);
	bool scanned = c->armed && c->recursive;
	bool wider = !c->all_files && parent->all_files;
	c->all_files = c->all_files || parent->all_files;
	c->recursive = true;
	if (c->armed && wider)
		(void)w->be->arm(w, c);   /* the stat backend's baseline, as in watch_pin_dir */
	if (!c->armed) {
		if (dir_arm(w, c) != 0) {
			/* Gone again already, or refused (watch limit): a found
			 * directory is dropped; a pinned one keeps its backoff. */
			if (!c->pinned)
				c->dead = true;
			return;
		}
		if (c->pinned)
			watch_rescan(w);   /* a missing directory came back */
	} else if (scanned) {
		return;
	}
	scan_tree(w, c, report_files, depth);
}

void watch_subdir_appeared(watch *w, struct watch_dir *d, const char *name)
{
	if (d->recursive)
		add_subdir(w, d, name, true, 0);
}

/* Everything found under d goes with it; pinned directories below it (a
 * file's parent inside a recursive tree) are looked for again, since a
 * watch on them may follow the moved tree to its new name. */
static void lose_below(watch *w, struct watch_dir *d, int64_t now)
{
	for (size_t i = 0; i < w->ndirs; i++) {
		struct watch_dir *c = w->dirs[i];
		if (c == d || c->dead || !is_under(c->path, d->path))
			continue;
		dir_disarm(w, c);
		if (c->pinned) {
			c->retry_at = now;
			c->backoff = w->backoff_min;
		} else {
			c->dead = true;
		}
	}
}

void watch_dir_lost(watch *w, struct watch_dir *d, int64_t now)
{
	if (d->dead)
		return;
	watch_rescan(w);
	dir_disarm(w, d);
	lose_below(w, d, now);
	/* Look again at once: it may have been replaced already (deleted and
	 * recreated, or renamed over), and a directory found by recursion that
	 * was renamed within the tree still exists under its new name. */
	d->retry_at = now;
	d->backoff = w->backoff_min;
}

void watch_dirs_retry(watch *w, int64_t now)
{
	for (size_t i = 0; i < w->ndirs; i++) {
		struct watch_dir *d = w->dirs[i];
		if (d->dead || d->armed || d->retry_at > now)
			continue;
		if (dir_arm(w, d) == 0) {
			d->backoff = w->backoff_min;
			watch_rescan(w);   /* it came back, or is a new directory */
			scan_tree(w, d, false, 0);
		} else if (!d->pinned) {
			d->dead = true;
		} else {
			retry_later(w, d, now);
		}
	}
}

int64_t watch_dirs_next_due(const watch *w)
{
	int64_t due = -1;
	for (size_t i = 0; i < w->ndirs; i++) {
		const struct watch_dir *d = w->dirs[i];
		if (!d->dead && !d->armed && (due < 0 || d->retry_at < due))
			due = d->retry_at;
	}
	return due;
}

struct watch_dir *watch_pin_dir(watch *w, char *path /* owned */, bool all_files, bool recursive,
                                lw_error *err)
{
	struct watch_dir *d = watch_find_dir(w, path);
	if (d) {
		free(path);
		bool wider = (all_files && !d->all_files) || (recursive && !d->recursive);
		d->pinned = true;
		d->all_files = d->all_files || all_files;
		d->recursive = d->recursive || recursive;
		if (d->armed && wider) {
			/* Arm again so the stat backend takes the wider baseline
			 * (inotify: the same watch, nothing changes). */
			(void)w->be->arm(w, d);
			scan_tree(w, d, false, 0);
		}
		return d;
	}
	d = dir_new(w, path, true);
	d->all_files = all_files;
	d->recursive = recursive;
	if (dir_arm(w, d) == 0) {
		scan_tree(w, d, false, 0);
		return d;
	}
	int e = errno;
	if (e == ENOENT || e == ENOTDIR) {
		/* Not there (yet): shown missing, looked for with backoff. */
		retry_later(w, d, watch_now_ns());
		return d;
	}
	lw_error_set(err, d->path, 0, 0, "cannot watch directory: %s%s", strerror(e),
	             e == ENOSPC ? " (inotify watch limit reached: raise "
	                           "fs.inotify.max_user_watches, or use --poll)" : "");
	d->dead = true;
	watch_dirs_compact(w);
	return NULL;
}

void watch_name_changed(watch *w, struct watch_dir *d, const char *name, enum watch_when when,
                        int64_t now)
{
	/* The caller's own spelling for a named file; for "every file in d",
	 * the directory's spelling joined with the name. Both may fire: the
	 * batch keeps one report per distinct string. */
	for (size_t i = 0; i < w->nfiles; i++) {
		struct watch_file *f = w->files[i];
		if (f->dir != d)
			continue;
		char *path = NULL;
		if (f->pattern) {
			if (fnmatch(f->base, name, FNM_PERIOD) != 0 || watch_is_ignored_name(name))
				continue;
			/* The caller's spelling of the folder, joined with the name. */
			path = watch_xrealloc(NULL, (size_t)(f->base - f->path) + strlen(name) + 1);
			memcpy(path, f->path, (size_t)(f->base - f->path));
			strcpy(path + (f->base - f->path), name);
		} else if (strcmp(f->base, name) != 0) {
			continue;
		}
		if (when == WATCH_NOW)
			watch_report(w, path ? path : f->path);
		else
			watch_settle(w, path ? path : f->path, now);
		free(path);
	}
	if (!d->all_files || watch_is_ignored_name(name))
		return;
	char *path = watch_join(d->path, name);
	if (when == WATCH_NOW)
		watch_report(w, path);
	else
		watch_settle(w, path, now);
	free(path);
}

void watch_dirs_compact(watch *w)
{
	size_t j = 0;
	for (size_t i = 0; i < w->ndirs; i++) {
		struct watch_dir *d = w->dirs[i];
		if (d->dead) {
			dir_disarm(w, d);
			dir_free(d);
		} else {
			w->dirs[j++] = d;
		}
	}
	w->ndirs = j;
}

void watch_dirs_free(watch *w)
{
	for (size_t i = 0; i < w->ndirs; i++)
		dir_free(w->dirs[i]);
	free(w->dirs);
	w->dirs = NULL;
	w->ndirs = w->capdirs = 0;
}
