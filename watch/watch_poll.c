/* watch_poll.c — the stat backend, for --poll and for network filesystems
 * where inotify hears nothing from other machines. Every interval it stats
 * each watched directory, each watched file and (for whole-directory
 * watches) each file in the directory, and reports what differs from last
 * time: existence, device, inode (a rename over it), size, mtime, ctime. */
#include "watch/watch_internal.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct poll_state {
	int64_t interval;
	int64_t next_tick;
};

void watch_sig_of(struct watch_sig *s, const struct stat *st)
{
	memset(s, 0, sizeof *s);
	s->exists = true;
	s->dev = st->st_dev;
	s->ino = st->st_ino;
	s->size = st->st_size;
	s->mtim = st->st_mtim;
	s->ctim = st->st_ctim;
}

bool watch_sig_equal(const struct watch_sig *a, const struct watch_sig *b)
{
	if (a->exists != b->exists)
		return false;
	if (!a->exists)
		return true;
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
	       a->mtim.tv_sec == b->mtim.tv_sec && a->mtim.tv_nsec == b->mtim.tv_nsec &&
	       a->ctim.tv_sec == b->ctim.tv_sec && a->ctim.tv_nsec == b->ctim.tv_nsec;
}

static void sig_of_path(struct watch_sig *s, const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0)
		watch_sig_of(s, &st);
	else
		memset(s, 0, sizeof *s);
}

static void entries_free(struct watch_entry *e, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(e[i].name);
	free(e);
}

static int entry_cmp(const void *a, const void *b)
{
	return strcmp(((const struct watch_entry *)a)->name, ((const struct watch_entry *)b)->name);
}

/* One listing of d: its files (symlinks to files count, followed) sorted by
 * name, and — when subdirs is not NULL — the names of its real
 * subdirectories (symlinks are never followed into, as with inotify). */
static int list_dir(const char *path, struct watch_entry **out, size_t *nout,
                    struct watch_entry **subdirs, size_t *nsub)
{
	*out = NULL;
	*nout = 0;
	if (subdirs) {
		*subdirs = NULL;
		*nsub = 0;
	}
	DIR *dp = opendir(path);
	if (!dp)
		return -1;
	size_t cap = 0, capsub = 0;
	struct dirent *e;
	while ((e = readdir(dp))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		struct stat st;
		if (fstatat(dirfd(dp), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;   /* gone between readdir and stat: absent */
		if (S_ISDIR(st.st_mode)) {
			if (!subdirs)
				continue;
			if (*nsub == capsub) {
				capsub = capsub ? 2 * capsub : 8;
				*subdirs = watch_xrealloc(*subdirs, capsub * sizeof **subdirs);
			}
			memset(&(*subdirs)[*nsub], 0, sizeof **subdirs);
			(*subdirs)[(*nsub)++].name = watch_xstrdup(e->d_name);
			continue;
		}
		if (S_ISLNK(st.st_mode) &&
		    (fstatat(dirfd(dp), e->d_name, &st, 0) != 0 || S_ISDIR(st.st_mode)))
			continue;
		if (watch_is_ignored_name(e->d_name))
			continue;
		if (*nout == cap) {
			cap = cap ? 2 * cap : 16;
			*out = watch_xrealloc(*out, cap * sizeof **out);
		}
		(*out)[*nout].name = watch_xstrdup(e->d_name);
		watch_sig_of(&(*out)[*nout].sig, &st);
		(*nout)++;
	}
	closedir(dp);
	if (*nout > 1)
		qsort(*out, *nout, sizeof **out, entry_cmp);
	return 0;
}

static int poll_arm(watch *w, struct watch_dir *d)
{
	struct stat st;
	if (stat(d->path, &st) != 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	watch_sig_of(&d->self, &st);
	entries_free(d->ents, d->nents);
	d->ents = NULL;
	d->nents = 0;
	if (d->all_files || d->patterns)
		(void)list_dir(d->path, &d->ents, &d->nents, NULL, NULL);
	/* New baseline for the files named in d: whatever changed while d was
	 * away is covered by the rescan that follows a re-arm. */
	for (size_t i = 0; i < w->nfiles; i++)
		if (w->files[i]->dir == d)
			sig_of_path(&w->files[i]->sig, w->files[i]->path);
	return 0;
}

static void poll_disarm(watch *w, struct watch_dir *d)
{
	(void)w;
	entries_free(d->ents, d->nents);
	d->ents = NULL;
	d->nents = 0;
}

static void poll_file_added(watch *w, struct watch_file *f)
{
	if (f->pattern && f->dir->armed)
		(void)poll_arm(w, f->dir);   /* the listing its matches are compared against */
	else
		sig_of_path(&f->sig, f->path);
}

/* Compare d's listing with the last one (both sorted): every name added,
 * removed or changed is reported; new subdirectories are watched. */
static void poll_dir(watch *w, struct watch_dir *d, int64_t now)
{
	struct watch_entry *cur = NULL, *sub = NULL;
	size_t ncur = 0, nsub = 0;
	if (list_dir(d->path, &cur, &ncur, d->recursive ? &sub : NULL, &nsub) != 0)
		return;   /* vanished since the stat: the next tick says so */
	if (d->all_files || d->patterns) {
		size_t i = 0, j = 0;
		while (i < d->nents || j < ncur) {
			int c;   /* <0: only in the old listing, >0: only in the new */
			if (i == d->nents)
				c = 1;
			else if (j == ncur)
				c = -1;
			else
				c = strcmp(d->ents[i].name, cur[j].name);
			if (c < 0)
				watch_name_changed(w, d, d->ents[i++].name, WATCH_NOW, now);
			else if (c > 0)
				watch_name_changed(w, d, cur[j++].name, WATCH_NOW, now);
			else {
				if (!watch_sig_equal(&d->ents[i].sig, &cur[j].sig))
					watch_name_changed(w, d, cur[j].name, WATCH_NOW, now);
				i++, j++;
			}
		}
		entries_free(d->ents, d->nents);
		d->ents = cur;
		d->nents = ncur;
	} else {
		entries_free(cur, ncur);
	}
	if (!d->recursive)
		return;
	for (size_t k = 0; k < nsub; k++) {
		char *path = watch_join(d->path, sub[k].name);
		bool known = watch_find_dir(w, path) != NULL;
		free(path);
		if (!known)
			watch_subdir_appeared(w, d, sub[k].name);
	}
	entries_free(sub, nsub);
}

static void poll_tick(watch *w, int64_t now)
{
	/* Index loop: subdirectories found during the tick are appended, with
	 * a fresh baseline, and are simply checked once more. */
	for (size_t i = 0; i < w->ndirs; i++) {
		struct watch_dir *d = w->dirs[i];
		if (d->dead || !d->armed)
			continue;
		struct stat st;
		if (stat(d->path, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_dev != d->self.dev ||
		    st.st_ino != d->self.ino) {
			watch_dir_lost(w, d, now);   /* gone, or replaced by another */
			continue;
		}
		if (d->all_files || d->recursive || d->patterns)
			poll_dir(w, d, now);
	}
	for (size_t i = 0; i < w->nfiles; i++) {
		struct watch_file *f = w->files[i];
		if (f->pattern)
			continue;   /* its folder's listing reports its matches */
		struct watch_sig s;
		sig_of_path(&s, f->path);
		if (!watch_sig_equal(&s, &f->sig)) {
			f->sig = s;
			watch_report(w, f->path);
		}
	}
}

static void poll_process(watch *w, int64_t now)
{
	struct poll_state *st = w->be_state;
	if (now < st->next_tick)
		return;
	st->next_tick = now + st->interval;
	poll_tick(w, now);
}

static int poll_fd(const watch *w)
{
	(void)w;
	return -1;
}

static int64_t poll_next_due(const watch *w)
{
	const struct poll_state *st = w->be_state;
	return st->next_tick;
}

static void poll_free(watch *w)
{
	free(w->be_state);
	w->be_state = NULL;
}

static const struct watch_backend poll_backend = {
	.arm = poll_arm,
	.disarm = poll_disarm,
	.file_added = poll_file_added,
	.fd = poll_fd,
	.next_due = poll_next_due,
	.process = poll_process,
	.inject = NULL,
	.free = poll_free,
};

int watch_poll_init(watch *w, int poll_ms, lw_error *err)
{
	(void)err;
	struct poll_state *st = watch_xrealloc(NULL, sizeof *st);
	st->interval = (int64_t)poll_ms * WATCH_NS_PER_MS;
	st->next_tick = watch_now_ns() + st->interval;
	/* A missing directory is looked for at least as often as files are
	 * polled: --poll=MS promises that latency. */
	if (w->backoff_max > st->interval)
		w->backoff_max = st->interval;
	if (w->backoff_min > w->backoff_max)
		w->backoff_min = w->backoff_max;
	w->be = &poll_backend;
	w->be_state = st;
	return 0;
}
