/* store.h — the only code that writes state files.
 *
 * Protocol (docs/design.md "Writing"): take flock(2) LOCK_EX on "<file>.lock" beside
 * the file — the same lock `flock -x` takes in the Liza scripts — read the
 * current bytes under it, let the caller re-check and edit them, then replace
 * the file atomically: temp file in the same directory, original mode, write,
 * fsync, rename, fsync the directory. A failure before the rename leaves the
 * original file byte-for-byte unchanged and no temp file behind.
 *
 * Return codes: STORE_OK, STORE_ENOENT (missing file; err is NOT set, since for
 * a reader or a marker removal that is often fine), STORE_EXISTS (marker was
 * already there), STORE_ERR (err says which path and why). STORE_ERR is 3 so it
 * can double as the CLI's "read/lock/write failure" exit code. */
#ifndef LW_STORE_H
#define LW_STORE_H
#include "core/util/error.h"
#include "core/util/strbuf.h"
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

enum { STORE_OK = 0, STORE_ENOENT = 1, STORE_EXISTS = 2, STORE_ERR = 3 };

#define STORE_LOCK_TIMEOUT_MS 10000          /* the Liza scripts' flock timeout */
#define STORE_MAX_FILE_BYTES  (64u << 20)    /* the most a transaction reads */
#define STORE_LOCK_SUFFIX     ".lock"

/* ---- lock -------------------------------------------------------------- */
typedef struct store_lock {
	int fd;              /* -1 when not held */
	char path[4096];
} store_lock;

/* Lock lock_path (created 0644 if missing), polling with backoff for up to
 * timeout_ms (<= 0: try once). On timeout: "<lockpath>: lock held by another
 * process for 10 s (timed out)". */
int  store_lock_acquire(store_lock *l, const char *lock_path, int timeout_ms, lw_error *err);
/* The same lock, only if its file already exists: STORE_ENOENT (nothing
 * created, nothing held) when it does not. For systems whose own tools
 * take no lock: a peer that does (our simulator, another liza-watch) is
 * still waited for, and no lock file is ever left in their folders. */
int  store_lock_join(store_lock *l, const char *lock_path, int timeout_ms, lw_error *err);
/* Called with the lock file's path when a lock is not free and the wait
 * begins, and with NULL when that wait ends (held, or given up): how the
 * HUD's write process tells the HUD what it waits for (tui/txrun.c) on every
 * system, /proc or not. NULL (the default): nobody is told. */
void store_lock_on_wait(void (*fn)(const char *lock_path));
/* The timeout writers use: STORE_LOCK_TIMEOUT_MS, or LIZA_WATCH_LOCK_TIMEOUT_MS
 * from the environment (1 to 600000), so tests need not wait 10 s. */
int  store_lock_timeout_ms(void);
/* Idempotent; a zeroed-then-released or never-acquired lock (fd -1) is fine. */
void store_lock_release(store_lock *l);
/* "<path>.lock" into out; false (and err set) if it does not fit. */
bool store_lock_path(const char *path, char *out, size_t n, lw_error *err);

/* ---- read -------------------------------------------------------------- */
/* Whole regular file into a malloc'd, NUL-terminated *buf (free() it). Refuses
 * directories, FIFOs, devices without blocking, and files over max_bytes. */
int  store_read(const char *path, size_t max_bytes, char **buf, size_t *len, lw_error *err);

/* The same from an open descriptor (left open, read from where it is). */
int  store_read_fd(int fd, const char *path, size_t max_bytes, char **buf, size_t *len, lw_error *err);

/* ---- write ------------------------------------------------------------- */
/* Atomic replace of path (or of its symlink target: the link stays a link).
 * Keeps the mode (0644 for a new file). Does not lock: use txn_update (core/txn), or
 * hold the lock yourself. */
int  store_write_atomic(const char *path, const char *buf, size_t len, lw_error *err);
/* The two halves of store_write_atomic, for transactions that write every
 * temp before the first rename (core/txn). store_temp_write resolves path
 * into target (PATH_MAX), writes buf to a new temp beside it (name in tmp,
 * PATH_MAX), fsyncs and closes it; on failure nothing is left. */
int  store_temp_write(const char *path, const char *buf, size_t len, char *target, char *tmp, lw_error *err);
/* Rename tmp over target and fsync the directory. must_be_new: fail with
 * STORE_EXISTS if target appeared meanwhile. On failure tmp is removed. */
int  store_temp_commit(const char *tmp, const char *target, bool must_be_new, lw_error *err);
/* Swap tmp and target atomically (RENAME_EXCHANGE): target gets the new
 * bytes and tmp names the inode that was there, so the caller can check it
 * replaced the file it compared and not a writer's newer one (and swap
 * back if not). STORE_OK; STORE_EXISTS when the filesystem cannot exchange
 * and a plain rename was made instead (nothing left at tmp); STORE_ERR. */
int  store_temp_swap(const char *tmp, const char *target, lw_error *err);
/* Our temp beside target (store_temp_write), opened read-write without
 * following a link, for a lease on it while it is swapped in; -1. */
int  store_temp_open(const char *tmp, const char *target);
/* The bytes of a temp we hold open (store_temp_open) made exactly buf. */
int  store_temp_refill(int fd, const char *buf, size_t len);
/* fsync the directory holding path (0 or an errno; EINVAL/ENOTSUP count
 * as success). */
int  store_fsync_dir_of(const char *path);
/* Our temp names ".<base>.<pid>.<proof>.lw-XXXXXX" (".<base>.<pid>.lw-XXXXXX"
 * when no proof could be made), so the watcher can ignore them and the
 * next writer can remove those of dead processes. */
bool store_is_temp_name(const char *basename);
/* The pid a temp name carries, or 0 (not ours, or an older name). */
long store_temp_pid(const char *basename);
/* The kinds of temporary names are the store's; what proves one is ours
 * is registered by the layer that holds the key (core/txn, txn_proof.h).
 * make: the proof for name (".<base>.<pid>.") in the folder dev/ino, into
 * tag (hex, no dot); false when none can be made. check: true when tag is
 * that proof. */
typedef struct store_temp_proof {
	bool (*make)(unsigned long long dev, unsigned long long ino, const char *name, char *tag, size_t n);
	bool (*check)(unsigned long long dev, unsigned long long ino, const char *name, const char *tag);
} store_temp_proof;
void store_temp_prover(const store_temp_proof *p);
/* A name prefix the sweep leaves alone whatever its shape (a commit
 * record: recovered, never swept). Up to 8. */
void store_temp_keep(const char *prefix);
/* ".<base>.<pid>.<proof>.lw-XXXXXX" for base in the folder dfd, into out
 * (n >= NAME_MAX + 1), ready for store_temp_create; false when too long. */
bool store_temp_template(int dfd, const char *base, char *out, size_t n);
/* Remove the temps in dir that prove they are ours and whose process is
 * gone (a crash's leftovers); returns how many. Never touches a live
 * process's temp, nor one without a valid proof (a project can plant a
 * file of that shape: its name is no proof). */
size_t store_sweep_dir(const char *dir);

/* Append buf in place (O_APPEND), as `cat >>` does, then fsync if sync
 * (not needed when an intent record already holds the bytes); *offset gets
 * the size before. A failure cuts the file back to that size. Returns
 * STORE_OK, STORE_ENOENT (no file: nothing created) or STORE_ERR. */
int  store_append(const char *path, const char *buf, size_t len, bool sync, long long *offset, lw_error *err);
/* path (followed, beneath the root) may be written in place: a regular
 * file with one name (store_append and every in-place writer refuse one
 * with a second name, a hard link that may lie outside the project).
 * STORE_OK, STORE_ENOENT (no file), or STORE_ERR with err naming why. For
 * a transition that must refuse before it writes anything else. */
int  store_single_check(const char *path, const char *what, lw_error *err);
/* open(path, O_RDONLY|O_NONBLOCK) through the test seam: fd or -1. */
int  store_open_read(const char *path);

/* ---- markers (.liza/PAUSE, .liza/ABORT) -------------------------------- */
/* Create an empty file: STORE_OK, or STORE_EXISTS if it already existed (left
 * untouched, so its mtime — the pause's age — stays true). */
int  store_touch_marker(const char *path, lw_error *err);
/* Remove it: STORE_OK, or STORE_ENOENT if it was not there. */
int  store_remove_marker(const char *path, lw_error *err);

/* ---- the boundary (store_root.c) --------------------------------------- */
/* Enter root (made canonical) for this thread: from now until
 * store_root_leave every file the store creates, replaces, appends to,
 * locks or removes must lie beneath it once symlinks are resolved, and is
 * reached through a folder opened beneath it (openat2 RESOLVE_BENEATH, or
 * an O_NOFOLLOW walk where the kernel has none). A write that would leave
 * it fails with STORE_ERR and a message naming the symlink and where it
 * points; nothing is created or removed outside. Without a root (the
 * status cache, the metrics file: the user's own paths) nothing is
 * confined. STORE_OK or STORE_ERR. */
int  store_root_enter(const char *root, lw_error *err);
void store_root_leave(void);
/* The root entered, or NULL. */
const char *store_root(void);
/* A resolved (canonical) path lies beneath the root (true when none). */
bool store_root_holds(const char *resolved);
/* The same test against a canonical root named here, none entered: what
 * says ahead of any write that a link leads out (core/model/links.c). */
bool store_path_beneath(const char *root, const char *resolved);
/* The folder holding path's file, opened (O_RDONLY|O_DIRECTORY) beneath
 * the root; base gets the name in it. follow: path's own symlink chain is
 * followed first (the file a write replaces); else path names the entry
 * itself (a marker, a temp, a record). resolved (PATH_MAX, or NULL) gets
 * the canonical path. The descriptor, or -1 with err set (errno EXDEV when
 * the boundary refused it). */
int  store_dir_open(const char *path, bool follow, char *base, size_t bn, char *resolved, lw_error *err);
/* A new file named after tmpl (ending in XXXXXX, filled in) in the folder
 * dfd, O_EXCL and never through a link: its descriptor, or -1. */
int  store_temp_create(int dfd, char *tmpl, int flags);
/* Open path (its symlinks followed, only while they stay beneath dir) for
 * reading, by the same walk: what `review` shows of the files a state
 * file names. The descriptor, or -1 with err (the link named when it
 * leads out of dir). Needs no root entered. */
int  store_open_beneath(const char *dir, const char *path, lw_error *err);
/* unlink(2) of path's own entry through store_dir_open: 0, or -1 with
 * errno (EXDEV: outside the root, not removed). */
int  store_unlink(const char *path);
/* Make the folder path (one level), beneath the root: 0, or -1 with errno
 * (EEXIST when it is there). */
int  store_mkdir(const char *path, lw_error *err);
/* Cut path back to size (the file it names, followed), beneath the root. */
int  store_truncate(const char *path, long long size);

/* ---- test seam ----------------------------------------------------------- */
/* The syscalls the read and write paths make, so tests can inject ENOSPC,
 * EIO, EACCES, short writes… on any filesystem and as root. Writes name
 * a file inside a folder descriptor (dirfd, store_dir_open); reads pass
 * AT_FDCWD and a path. */
struct store_ops {
	int     (*open)(int dirfd, const char *path, int flags, mode_t mode);
	int     (*mkostemp)(int dirfd, char *tmpl, int flags);   /* tmpl: a name ending in XXXXXX */
	ssize_t (*read)(int fd, void *buf, size_t n);
	ssize_t (*write)(int fd, const void *buf, size_t n);
	int     (*fchmod)(int fd, mode_t mode);
	int     (*fsync)(int fd);
	int     (*close)(int fd);
	int     (*rename)(int dirfd, const char *from, const char *to);
	int     (*exchange)(int dirfd, const char *a, const char *b);   /* renameat2 RENAME_EXCHANGE */
	/* openat2(2) with how.resolve = resolve; a test that sets it to fail
	 * with ENOSYS exercises the fallback walk. */
	int     (*openat2)(int dirfd, const char *path, int flags, unsigned long long resolve);
};
/* Copy *ops in (NULL restores the real syscalls). A NULL member means "real".
 * Process-wide and not thread-safe: call it from tests only. */
void store_set_ops(const struct store_ops *ops);

#endif
