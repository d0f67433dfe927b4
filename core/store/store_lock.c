/* store_lock.c — the writers' mutual exclusion: flock(2) on "<file>.lock".
 *
 * A separate lock file, never the data file: writers replace the data file by
 * rename, so a lock on its inode would guard a file that is about to vanish.
 * The Liza scripts run `flock -x .liza/state.yaml.lock`, which is this lock.
 *
 * flock(2) has no timeout, and a SIGALRM-interrupted blocking flock would need
 * process-wide signal state; so poll with LOCK_NB and sleep with a backoff. */
#include "core/util/inputs.h"
#include "core/store/store.h"
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/file.h>

#define BACKOFF_MIN_NS  1000000L     /* 1 ms: a Liza script holds the lock briefly */
#define BACKOFF_MAX_NS  50000000L    /* 50 ms: keep a long wait cheap */

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Never sleep past the deadline: a 200 ms timeout must not become 250 ms. */
static void sleep_ns(long ns, long long deadline_ms)
{
	long long left_ms = deadline_ms - now_ms();
	if (left_ms <= 0)
		return;
	if (ns / 1000000 > left_ms)
		ns = (long)left_ms * 1000000;
	struct timespec ts = { .tv_sec = ns / 1000000000L, .tv_nsec = ns % 1000000000L };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
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

int store_lock_acquire(store_lock *l, const char *lock_path, int timeout_ms, lw_error *err)
{
	l->fd = -1;
	if (snprintf(l->path, sizeof l->path, "%s", lock_path) >= (int)sizeof l->path) {
		lw_error_set(err, lock_path, 0, 0, "lock file path too long");
		return STORE_ERR;
	}
	/* Read-only like flock(1): a lock file we may not write can still be
	 * locked. O_NONBLOCK so a FIFO planted there cannot hang us. */
	int fd = open(lock_path, O_RDONLY | O_CREAT | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0644);
	if (fd < 0) {
		lw_error_set(err, lock_path, 0, 0, "cannot open lock file: %s", strerror(errno));
		return STORE_ERR;
	}
	long long deadline = now_ms() + (timeout_ms > 0 ? timeout_ms : 0);
	long backoff = BACKOFF_MIN_NS;
	for (;;) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
			l->fd = fd;
			return STORE_OK;
		}
		if (errno != EWOULDBLOCK && errno != EINTR) {
			int e = errno;
			close(fd);
			lw_error_set(err, lock_path, 0, 0, "cannot lock: %s", strerror(e));
			return STORE_ERR;
		}
		if (now_ms() >= deadline)
			break;
		sleep_ns(backoff, deadline);
		backoff = backoff * 2 > BACKOFF_MAX_NS ? BACKOFF_MAX_NS : backoff * 2;
	}
	close(fd);
	char secs[32];
	format_secs(secs, sizeof secs, timeout_ms > 0 ? timeout_ms : 0);
	lw_error_set(err, lock_path, 0, 0, "lock held by another process for %s (timed out)", secs);
	return STORE_ERR;
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
	const char *env = lw_getenv("LIZA_WATCH_LOCK_TIMEOUT_MS");
	if (env && *env) {
		char *end;
		long v = strtol(env, &end, 10);
		if (!*end && v >= 1 && v <= 600000)
			return (int)v;
	}
	return STORE_LOCK_TIMEOUT_MS;
}
