/* watch_internal.h — what the watch front (watch.c: targets, directories,
 * batching, quiet periods, re-arm backoff) shares with its two backends
 * (watch_inotify.c, watch_poll.c). Not for use outside watch/ except by the
 * unit tests (watch_inject_events). */
#ifndef LW_WATCH_INTERNAL_H
#define LW_WATCH_INTERNAL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include "watch/watch.h"

/* What the stat backend compares; exists=false means stat failed. */
struct watch_sig {
	bool exists;
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtim, ctim;
};

struct watch_entry {           /* one file in a polled directory */
	char *name;
	struct watch_sig sig;
};

/* A directory we watch. One per distinct path: two files in .liza/ share one.
 * pinned: the caller asked for it (a watch_add_dir() directory or a file's
 *   parent): when it vanishes it is re-armed with backoff and shown missing.
 * Otherwise it was found under a recursive directory: when it vanishes it is
 *   dropped, and found again if it comes back. */
struct watch_dir {
	char *path;
	bool pinned;
	bool all_files;       /* report every file in it, not only named ones */
	bool recursive;       /* add its subdirectories as they appear */
	bool report_dirs;     /* not recursive, yet a folder made in it is reported (watch_add_dir_entries) */
	bool patterns;        /* a file watched in it is a pattern: poll lists it */
	bool armed;           /* the backend watches it now */
	bool dead;            /* dropped; freed at the end of watch_process() */
	int64_t retry_at;     /* when !armed: next attempt (monotonic ns) */
	int64_t backoff;      /* ns to wait after the next failed attempt */
	int wd;               /* inotify: watch descriptor, -1 when none */
	struct watch_sig self;            /* poll: the directory itself */
	struct watch_entry *ents;         /* poll, all_files or patterns: sorted by name */
	size_t nents;
};

struct watch_file {           /* a watch_add_file() target */
	char *path;           /* as the caller spelled it: that is what we report */
	const char *base;     /* points into path */
	bool pattern;         /* base is an fnmatch(3) pattern ("state.yaml.liveness-*") */
	struct watch_dir *dir;
	struct watch_sig sig; /* poll */
};

struct watch_quiet {          /* a path written but not closed yet */
	char *path;
	int64_t due;
};

struct watch_backend {
	/* Start watching d->path (which must be a directory). 0, or -1 with errno. */
	int  (*arm)(watch *w, struct watch_dir *d);
	/* Stop watching d (d->armed is still true during the call). */
	void (*disarm)(watch *w, struct watch_dir *d);
	/* A file target was added (poll: take its baseline). May be NULL. */
	void (*file_added)(watch *w, struct watch_file *f);
	int  (*fd)(const watch *w);
	/* The backend's own next deadline (poll: the next tick), or -1. */
	int64_t (*next_due)(const watch *w);
	/* Drain events / run a due tick, reporting through the front. */
	void (*process)(watch *w, int64_t now);
	/* Tests: feed raw events to the parser. -1 when not supported. */
	int  (*inject)(watch *w, const void *buf, size_t len, int64_t now);
	void (*free)(watch *w);
};

struct watch {
	const struct watch_backend *be;
	void *be_state;
	struct watch_dir **dirs;
	size_t ndirs, capdirs;
	struct watch_file **files;
	size_t nfiles, capfiles;
	char **batch;                  /* paths to report at the end of this turn */
	size_t nbatch, capbatch;
	bool rescan;                   /* report "rescan everything" instead */
	struct watch_quiet *quiet;
	size_t nquiet, capquiet;
	int64_t quiet_ns;
	int64_t backoff_min, backoff_max;
};

#define WATCH_NS_PER_MS INT64_C(1000000)
/* More distinct paths than this in one turn: a rescan is cheaper. */
#define WATCH_BATCH_MAX 1024
/* Recursive watches stop this deep (loops are impossible: symlinks are not
 * followed, but a pathological tree should not exhaust the stack). */
#define WATCH_MAX_DEPTH 32

/* watch.c: helpers */
int64_t watch_now_ns(void);                             /* CLOCK_MONOTONIC */
void   *watch_xrealloc(void *p, size_t n);              /* aborts on OOM, as strbuf */
char   *watch_xstrdup(const char *s);
char   *watch_join(const char *dir, const char *name);   /* malloc'd */

/* watch_dirs.c: the directory registry, and what backends report into */
struct watch_dir *watch_find_dir(const watch *w, const char *path);
struct watch_dir *watch_pin_dir(watch *w, char *path /* owned */, bool all_files, bool recursive,
                                lw_error *err);
/* Something happened to name inside d: report it now (a close after writing,
 * a rename, a delete) or after the quiet period (a write without close). */
enum watch_when { WATCH_NOW, WATCH_SETTLE };
void watch_name_changed(watch *w, struct watch_dir *d, const char *name,
                        enum watch_when when, int64_t now);
/* d vanished or was replaced: report a rescan, drop what was found under it,
 * and look for d again at once (a pinned d that is not there is then
 * retried with backoff; one found by recursion is dropped). */
void watch_dir_lost(watch *w, struct watch_dir *d, int64_t now);
/* A subdirectory name appeared in recursive d: watch it and its tree, and
 * report the files already in them (written before our watch existed). */
void watch_subdir_appeared(watch *w, struct watch_dir *d, const char *name);
void    watch_dirs_retry(watch *w, int64_t now);
int64_t watch_dirs_next_due(const watch *w);
void    watch_dirs_compact(watch *w);   /* free the dead */
void    watch_dirs_free(watch *w);

/* watch_batch.c: this turn's reports and the quiet periods */
void    watch_report(watch *w, const char *path);
void    watch_rescan(watch *w);
void    watch_settle(watch *w, const char *path, int64_t now);
void    watch_fire_quiet(watch *w, int64_t now);
int64_t watch_quiet_next_due(const watch *w);
int     watch_flush(watch *w, watch_cb cb, void *ctx);
void    watch_batch_free(watch *w);

/* The backends: set w->be and w->be_state. */
int watch_poll_init(watch *w, int poll_ms, lw_error *err);
int watch_inotify_init(watch *w, lw_error *err);   /* only where LW_HAVE_INOTIFY */

/* watch_poll.c */
void watch_sig_of(struct watch_sig *s, const struct stat *st);
bool watch_sig_equal(const struct watch_sig *a, const struct watch_sig *b);

/* Tests: feed raw backend events (struct inotify_event records) to the event
 * parser as if read from the fd; they are reported by the next
 * watch_process(). -1 for the stat backend. */
int watch_inject_events(watch *w, const void *buf, size_t len);

#endif
