/* store_lock.c — the writers' mutual exclusion: flock(2) on "<file>.lock".
 *
 * A separate lock file, never the data file: writers replace the data file by
 * rename, so a lock on its inode would guard a file that is about to vanish.
 * The Liza scripts run `flock -x -w 10 .liza/state.yaml.lock`, which is this
 * lock, taken the way flock(1) takes it: a blocking flock in the kernel, cut
 * short by a timer signal. A sleeping poller loses every release it sleeps
 * through and starves behind agents that loop on the lock; a blocked waiter
 * is woken by the release itself. */
#include "core/util/inputs.h"
#include "core/store/store_internal.h"
#include "core/store/store_holder.h"
#include "platform/platform.h"
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/file.h>

/* After the deadline the timer keeps firing this often, so a signal that
 * lands just before flock() blocks cannot leave us waiting forever. */
#define REARM_NS 5000000L

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* "10 s", "0.2 s": the user set the timeout in ms but reads seconds. */
static void format_secs(char *buf, size_t n, int ms)
{
	if (ms % 1000 == 0)
		snprintf(buf, n, "%d s", ms / 1000);
	else
		snprintf(buf, n, "%.1f s", ms / 1000.0);
}

bool store_lock_path(const char *path, char *out, size_t n, lw_error *err)
{
	int w = snprintf(out, n, "%s%s", path, STORE_LOCK_SUFFIX);
	if (w < 0 || (size_t)w >= n) {
		lw_error_set(err, path, 0, 0, "lock file path too long");
		return false;
	}
	return true;
}

/* Only interrupts the blocked flock(); no SA_RESTART on purpose. */
static void on_timer(int sig)
{
	(void)sig;
}

static void (*on_wait)(const char *lock_path);

void store_lock_on_wait(void (*fn)(const char *lock_path)) { on_wait = fn; }

/* Block in flock() until it is ours or timeout_ms pass: 0, or an errno
 * (ETIMEDOUT on timeout). The timer signal goes to this thread only where
 * the system can aim it (platform_alarm_start), so a HUD thread or the
 * watcher is never disturbed. */
static int flock_timed(int fd, const char *path, int timeout_ms)
{
	if (flock(fd, LOCK_EX | LOCK_NB) == 0)
		return 0;
	if (errno != EWOULDBLOCK)
		return errno;
	if (timeout_ms <= 0)
		return ETIMEDOUT;
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_timer;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, &old) != 0)
		return errno;
	sigset_t alrm, oldmask;
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	pthread_sigmask(SIG_UNBLOCK, &alrm, &oldmask);
	platform_alarm t;
	int rc = platform_alarm_start(&t, timeout_ms, REARM_NS);
	if (rc != 0)
		goto restore;
	if (on_wait)
		on_wait(path);
	long long deadline = now_ms() + timeout_ms;
	for (;;) {
		if (flock(fd, LOCK_EX) == 0)
			break;
		if (errno != EINTR) {
			rc = errno;
			break;
		}
		if (now_ms() >= deadline) {
			rc = ETIMEDOUT;
			break;
		}
	}
	platform_alarm_stop(&t);
	if (on_wait)
		on_wait(NULL);
restore:
	pthread_sigmask(SIG_SETMASK, &oldmask, NULL);
	sigaction(SIGALRM, &old, NULL);
	return rc;
}

static int acquire(store_lock *l, const char *lock_path, int timeout_ms, bool create, lw_error *err)
{
	l->fd = -1;
	if (snprintf(l->path, sizeof l->path, "%s", lock_path) >= (int)sizeof l->path) {
		lw_error_set(err, lock_path, 0, 0, "lock file path too long");
		return STORE_ERR;
	}
	/* The file a link names, as flock(1) would lock it, but only beneath
	 * the project's root (store_root.c): a lock link that leads out of the
	 * project, dangling or not, is refused before anything is created. */
	char base[NAME_MAX + 1];
	int dfd = store_dir_open(lock_path, true, base, sizeof base, NULL, err);
	if (dfd < 0) {
		if (!create && errno == ENOENT) {
			lw_error_clear(err);
			return STORE_ENOENT;
		}
		return STORE_ERR;
	}
	/* Read-only like flock(1): a lock file we may not write can still be
	 * locked. O_NONBLOCK so a FIFO planted there cannot hang us. */
	int fd = openat(dfd, base, O_RDONLY | (create ? O_CREAT : 0) | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC,
	                0644);
	int oe = errno;
	/* A lock that is a second name of another file (outside, maybe) is
	 * not ours to lock: refused like a link out. */
	int one = fd >= 0 ? store_single_name(dfd, base, fd, lock_path, "lock", err) : 0;
	close(dfd);
	if (fd < 0 && !create && oe == ENOENT)
		return STORE_ENOENT;
	if (fd < 0) {
		lw_error_set(err, lock_path, 0, 0, "cannot open lock file: %s", strerror(oe));
		return STORE_ERR;
	}
	if (one < 0) {
		close(fd);
		return STORE_ERR;
	}
	int e = flock_timed(fd, l->path, timeout_ms);
	if (e == 0) {
		l->fd = fd;
		return STORE_OK;
	}
	if (e != ETIMEDOUT) {
		close(fd);
		lw_error_set(err, lock_path, 0, 0, "cannot lock: %s", strerror(e));
		return STORE_ERR;
	}
	char secs[32], who[160];
	format_secs(secs, sizeof secs, timeout_ms > 0 ? timeout_ms : 0);
	store_lock_holder(fd, who, sizeof who);
	close(fd);
	lw_error_set(err, lock_path, 0, 0, "timed out after %s waiting for the lock, held by %s", secs, who);
	return STORE_ERR;
}

int store_lock_acquire(store_lock *l, const char *lock_path, int timeout_ms, lw_error *err)
{
	return acquire(l, lock_path, timeout_ms, true, err);
}

int store_lock_join(store_lock *l, const char *lock_path, int timeout_ms, lw_error *err)
{
	return acquire(l, lock_path, timeout_ms, false, err);
}

void store_lock_release(store_lock *l)
{
	if (!l || l->fd < 0)
		return;
	/* Closing the only descriptor drops the flock; no LOCK_UN needed. */
	close(l->fd);
	l->fd = -1;
}

int store_lock_timeout_ms(void)
{
	return (int)lw_getenv_long("LIZA_WATCH_LOCK_TIMEOUT_MS", 1, 600000, STORE_LOCK_TIMEOUT_MS);
}
