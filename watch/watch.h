/* watch.h — "file X changed" / "rescan everything", and nothing else.
 *
 * The watcher never blocks, spawns no thread and sets no timer: the caller owns
 * the one poll() loop. Each turn it polls watch_fd() for POLLIN with
 * watch_timeout_ms() as (part of) its timeout, then calls watch_process(),
 * which drains what is ready and calls back once per changed path:
 *
 *     struct pollfd p = { .fd = watch_fd(w), .events = POLLIN };
 *     poll(&p, p.fd >= 0, watch_timeout_ms(w));
 *     watch_process(w, on_change, ctx);
 *
 * With inotify an idle watcher asks for no wakeup at all (timeout -1). A
 * directory that is missing is retried with backoff (100 ms doubling to 5 s),
 * so it costs one wakeup every 5 s at most until it comes back.
 *
 * Backends: inotify (libinotify on the BSDs) on the PARENT directory of every
 * file — never on the file's inode, because writers replace files by rename —
 * or stat polling (--poll, and network filesystems where inotify is silent).
 * Both call back the same way. */
#ifndef LW_WATCH_H
#define LW_WATCH_H
#include <stdbool.h>
#include "core/util/error.h"

typedef struct watch watch;

/* path: the changed file, spelled as given to watch_add_file(), or for a file
 * found under a watch_add_dir() directory, that directory joined with the
 * file's relative path ("dir/sub/x.json"). The file may be gone: it was
 * deleted or renamed away, and the consumer sees that when it reloads.
 * path NULL: rescan everything (events were lost, or a watched directory
 * vanished, came back or was replaced). Each path is reported at most once per
 * watch_process() call, and never together with a rescan.
 * The callback may call watch_add_file()/watch_add_dir() and the read-only
 * queries, but not watch_process() or watch_free(). */
typedef void (*watch_cb)(const char *path, void *ctx);

#define WATCH_POLL_MS_DEFAULT  1000
#define WATCH_QUIET_MS_DEFAULT 50

/* use_poll selects the stat backend; poll_ms <= 0 means the default. */
watch *watch_new(bool use_poll, int poll_ms, lw_error *err);
void   watch_free(watch *w);

/* Watch one file (it may not exist yet, nor its directory). 0, or -1 with err
 * set (bad path, or the system refused a watch: EACCES, the inotify watch
 * limit — then --poll is the way out). The last component may be an
 * fnmatch(3) pattern ("dir/state.yaml.liveness-*"): every file of dir it
 * matches is reported by its own path (dir joined with its name), those
 * made later too; temp and swap names never. */
int watch_add_file(watch *w, const char *path, lw_error *err);
/* Watch every file directly in dir, or in its whole tree when recursive
 * (subdirectories that appear later are added, and the files already in them
 * reported). Temp and swap names are never reported (watch_is_ignored_name). */
int watch_add_dir(watch *w, const char *dir, bool recursive, lw_error *err);
/* Like watch_add_dir(dir, false), and a folder made in dir is reported too
 * (by name, not watched): where a missing system's state folder would appear. */
int watch_add_dir_entries(watch *w, const char *dir, lw_error *err);

/* fd to poll() for POLLIN; -1 when the backend has none (stat polling). */
int  watch_fd(const watch *w);
/* true when this watcher compares stat results (--poll, or no inotify on
 * this system): it reports no new folders, so detection must poll too. */
bool watch_polls(const watch *w);
/* ms until watch_process() must run again (quiet period, poll interval,
 * re-arm backoff); 0 when it has work now; -1 when nothing is pending. */
int  watch_timeout_ms(const watch *w);
/* Non-blocking: drain events, fire due timers, call cb. Returns the number of
 * callbacks made. */
int  watch_process(watch *w, watch_cb cb, void *ctx);

/* Whether the directory watched for path is missing (so not watched) right
 * now: path is a directory given to watch_add_dir(), the parent of a file
 * given to watch_add_file(), or that file itself. false for unknown paths. */
bool watch_dir_missing(const watch *w, const char *path);

/* Names of temp, swap and lock files that writers and editors create beside
 * the real file (basename only). */
bool watch_is_ignored_name(const char *basename);

/* true when path is on a network or FUSE filesystem, where inotify does not
 * see writes made by other machines: the caller should choose stat polling. */
bool watch_path_on_network_fs(const char *path);

#endif
