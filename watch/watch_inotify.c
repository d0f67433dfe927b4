/* watch_inotify.c — the inotify backend: one watch per directory, each event
 * turned into "name changed now", "name changed, wait for quiet", "a
 * subdirectory appeared" or "this directory is gone". Every inotify call of
 * the program lives here; on the BSDs <sys/inotify.h> is libinotify's. */
#include "watch/watch_internal.h"
#include "platform/platform.h"
#include "core/util/fdlimit.h"
#ifdef LW_HAVE_INOTIFY
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#ifndef IN_EXCL_UNLINK
#define IN_EXCL_UNLINK 0
#endif
#ifndef IN_ONLYDIR
#define IN_ONLYDIR 0
#endif
#ifndef IN_UNMOUNT
#define IN_UNMOUNT 0
#endif

/* Not IN_OPEN, IN_ACCESS, IN_CLOSE_NOWRITE: readers (we are one) must not
 * wake us. IN_EXCL_UNLINK: nothing from files unlinked but still open (a
 * writer's deleted temp). IN_ONLYDIR: a path that turned into a file fails
 * with ENOTDIR instead of quietly watching the file's inode. */
#define DIR_MASK (IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_MODIFY | \
                  IN_CREATE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF |               \
                  IN_EXCL_UNLINK | IN_ONLYDIR)
/* The name is final: report now. */
#define NOW_MASK (IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)
/* Written (or created, or chmod'ed) and perhaps still open: report once the
 * writer has been quiet, unless a close or rename reports it first. */
#define SETTLE_MASK (IN_MODIFY | IN_CREATE | IN_ATTRIB)
/* The watch itself is over, or now follows the directory to another name. */
#define LOST_MASK (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT)

#define READ_BUF (64 * 1024)
/* A writer that never stops must not starve the caller's loop: at most this
 * many reads per turn; the fd stays readable and the next poll() is instant. */
#define MAX_READS 16

struct inotify_state {
	int fd;
	bool verify;   /* events were lost: check every watch still holds */
	_Alignas(struct inotify_event) char buf[READ_BUF];
};

static int ino_arm(watch *w, struct watch_dir *d)
{
	struct inotify_state *st = w->be_state;
	/* Follows a symlinked directory (.omx -> .rcs) on purpose. */
	int wd = inotify_add_watch(st->fd, d->path, DIR_MASK);
	if (wd < 0)
		return -1;
	d->wd = wd;
	return 0;
}

static void ino_disarm(watch *w, struct watch_dir *d)
{
	struct inotify_state *st = w->be_state;
	if (d->wd < 0)
		return;
	/* Two spellings of one directory share one kernel watch: keep it while
	 * the other still uses it. */
	for (size_t i = 0; i < w->ndirs; i++) {
		const struct watch_dir *o = w->dirs[i];
		if (o != d && !o->dead && o->armed && o->wd == d->wd) {
			d->wd = -1;
			return;
		}
	}
	/* EINVAL when the kernel already dropped it: nothing to undo. */
	(void)inotify_rm_watch(st->fd, d->wd);
	d->wd = -1;
}

static void on_lost(watch *w, int wd, uint32_t mask, int64_t now)
{
	for (size_t i = 0; i < w->ndirs; i++) {
		struct watch_dir *d = w->dirs[i];
		if (d->dead || !d->armed || d->wd != wd)
			continue;
		if (mask & IN_IGNORED)
			d->wd = -1;   /* already gone in the kernel */
		watch_dir_lost(w, d, now);
	}
}

static void on_event(watch *w, const struct inotify_event *ev, const char *name, int64_t now)
{
	if (ev->mask & IN_Q_OVERFLOW) {
		struct inotify_state *st = w->be_state;
		st->verify = true;
		watch_rescan(w);
		return;
	}
	if (ev->mask & LOST_MASK) {
		on_lost(w, ev->wd, ev->mask, now);
		return;
	}
	if (!name)
		return;
	/* Index loop: a new subdirectory grows w->dirs under us. */
	for (size_t i = 0; i < w->ndirs; i++) {
		struct watch_dir *d = w->dirs[i];
		if (d->dead || !d->armed || d->wd != ev->wd)
			continue;
		if (ev->mask & IN_ISDIR) {
			if (!d->recursive) {
				/* A folder made where a missing system's state would
				 * appear is said as a change of its name (live/live.c). */
				if (d->report_dirs && (ev->mask & (IN_CREATE | IN_MOVED_TO)))
					watch_name_changed(w, d, name, WATCH_NOW, now);
				continue;
			}
			if (ev->mask & (IN_CREATE | IN_MOVED_TO))
				watch_subdir_appeared(w, d, name);
			else if (ev->mask & (IN_DELETE | IN_MOVED_FROM))
				watch_rescan(w);   /* the files under it vanished with it */
		} else if (ev->mask & NOW_MASK) {
			watch_name_changed(w, d, name, WATCH_NOW, now);
		} else if (ev->mask & SETTLE_MASK) {
			watch_name_changed(w, d, name, WATCH_SETTLE, now);
		}
	}
}

/* Parse a buffer of events as read(2) returns them. Also the test hook's way
 * in, so it trusts nothing: records are copied out (an injected buffer need
 * not be aligned) and bounds-checked. */
static int ino_parse(watch *w, const void *buf, size_t len, int64_t now)
{
	const char *p = buf;
	size_t off = 0;
	while (len - off >= sizeof(struct inotify_event)) {
		struct inotify_event ev;
		memcpy(&ev, p + off, sizeof ev);
		if (ev.len > len - off - sizeof ev)
			return -1;
		const char *name = p + off + sizeof ev;
		if (ev.len == 0 || name[0] == '\0' || !memchr(name, '\0', ev.len))
			name = NULL;
		on_event(w, &ev, name, now);
		off += sizeof ev + ev.len;
	}
	return off == len ? 0 : -1;
}

/* The lost events may have been a watched directory's IN_IGNORED: then our
 * watch is dead and would stay silent for good. Asking again for each path
 * returns the same wd while the watch holds; anything else means the
 * directory is gone or is another one now. */
static void verify_watches(watch *w, int64_t now)
{
	struct inotify_state *st = w->be_state;
	st->verify = false;
	for (size_t i = 0; i < w->ndirs; i++) {
		struct watch_dir *d = w->dirs[i];
		if (d->dead || !d->armed)
			continue;
		/* A new wd here is for the inode now at the path: the re-arm
		 * that follows gets the same one back, so nothing leaks. */
		if (inotify_add_watch(st->fd, d->path, DIR_MASK) != d->wd)
			watch_dir_lost(w, d, now);
	}
}

static void ino_process(watch *w, int64_t now)
{
	struct inotify_state *st = w->be_state;
	for (int i = 0; i < MAX_READS; i++) {
		ssize_t n = read(st->fd, st->buf, sizeof st->buf);
		if (n > 0) {
			(void)ino_parse(w, st->buf, (size_t)n, now);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		/* A read error other than "nothing more" may have lost events. */
		if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
			st->verify = true;
			watch_rescan(w);
		}
		break;
	}
	if (st->verify)
		verify_watches(w, now);
}

static int ino_inject(watch *w, const void *buf, size_t len, int64_t now)
{
	return ino_parse(w, buf, len, now);
}

static int ino_fd(const watch *w)
{
	const struct inotify_state *st = w->be_state;
	return st->fd;
}

/* Events arrive on the fd; inotify has no timer of its own. */
static int64_t ino_next_due(const watch *w)
{
	(void)w;
	return -1;
}

static void ino_free(watch *w)
{
	struct inotify_state *st = w->be_state;
	close(st->fd);
	free(st);
	w->be_state = NULL;
}

static const struct watch_backend inotify_backend = {
	.arm = ino_arm,
	.disarm = ino_disarm,
	.file_added = NULL,
	.fd = ino_fd,
	.next_due = ino_next_due,
	.process = ino_process,
	.inject = ino_inject,
	.free = ino_free,
};

int watch_inotify_init(watch *w, lw_error *err)
{
	int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	int e = errno;
	/* EMFILE is either limit: the process's descriptors or the user's
	 * inotify instances; which one is told by whether a descriptor can be
	 * had at all. An instance that would leave too few descriptors for
	 * reading the files it reports is refused as the descriptor limit. */
	bool fd_limit = false;
	if (fd >= 0 && lw_fdlimit_too_close(fd)) {
		close(fd);
		fd = -1;
		fd_limit = true;
	} else if (fd < 0 && e == EMFILE) {
		fd_limit = lw_fdlimit_reached();
	}
	if (fd < 0) {
		char lim[300];
		if (fd_limit)
			lw_error_set(err, "", 0, 0, "inotify: %s (--poll needs no descriptor per project)",
			             lw_fdlimit_text(lim, sizeof lim));
		else
			lw_error_set(err, "", 0, 0, "inotify: %s%s", strerror(e),
			             e == EMFILE ? " (inotify instance limit reached: raise "
			                           "fs.inotify.max_user_instances, or use --poll)" : "");
		return -1;
	}
	struct inotify_state *st = watch_xrealloc(NULL, sizeof *st);
	st->fd = fd;
	st->verify = false;
	w->be = &inotify_backend;
	w->be_state = st;
	return 0;
}
#endif
