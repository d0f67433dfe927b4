/* platform_posix.c — what every system but Linux gets (see platform.h), and
 * Linux too in a PORTABLE build: plain POSIX, nothing Linux-only. Process
 * names come from platform_bsd.c or platform_darwin.c where the system has a
 * way; a system we do not know answers "unknown". */
#include "platform/platform.h"
#ifndef LW_PLATFORM_LINUX
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/time.h>
#ifdef __APPLE__
#include <sys/random.h>   /* getentropy */
#endif

int platform_pipe(int p[2])
{
	if (pipe(p) < 0)
		return -1;
	/* Nothing else runs between pipe() and here: no thread forks and execs. */
	for (int i = 0; i < 2; i++)
		if (fcntl(p[i], F_SETFD, FD_CLOEXEC) < 0) {
			int e = errno;
			close(p[0]);
			close(p[1]);
			errno = e;
			return -1;
		}
	return 0;
}

void platform_pipe_grow(int fd, int bytes) { (void)fd; (void)bytes; }

/* O_PATH where the C library has it (FreeBSD 14, glibc in a PORTABLE
 * build), POSIX's O_SEARCH where that is there, else a read-only open,
 * which a folder without read permission refuses. */
int platform_open_dir_path(int dfd, const char *path, int flags)
{
#if defined(O_PATH)
	int how = O_PATH;
#elif defined(O_SEARCH)
	int how = O_SEARCH;
#else
	int how = O_RDONLY;
#endif
	return openat(dfd, path, how | O_DIRECTORY | O_CLOEXEC | flags);
}

int platform_memfile(const char *name)
{
	(void)name;
	errno = ENOSYS;
	return -1;
}

bool platform_self_exe_stat(struct stat *st)
{
	(void)st;
	return false;
}

pid_t platform_file_opener(dev_t dev, ino_t ino, bool writers_only)
{
	(void)dev; (void)ino; (void)writers_only;
	return 0;
}

void platform_malloc_tune(void) {}

int platform_exchange_at(int dfd, const char *a, const char *b)
{
	(void)dfd; (void)a; (void)b;
	errno = ENOSYS;
	return -1;
}

/* linkat() fails with EEXIST when to exists, atomically; the temp's name
 * is then dropped. A filesystem without hard links: ENOSYS. */
int platform_rename_noreplace_at(int dfd, const char *from, const char *to)
{
	if (linkat(dfd, from, dfd, to, 0) == 0) {
		(void)unlinkat(dfd, from, 0);
		return 0;
	}
	if (errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == EMLINK)
		errno = ENOSYS;
	return -1;
}

int platform_openat2(int dfd, const char *path, int flags, unsigned long long resolve)
{
	(void)dfd; (void)path; (void)flags; (void)resolve;
	errno = ENOSYS;
	return -1;
}

#if defined(LW_PLATFORM_BSD) || defined(LW_PLATFORM_DARWIN)
bool platform_random(void *buf, size_t n) { return n <= 256 && getentropy(buf, n) == 0; }
#else
/* getentropy is not POSIX.1-2008: a system we do not know (and the strict
 * build) reads the device every Unix has. */
bool platform_random(void *buf, size_t n)
{
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	size_t got = 0;
	while (fd >= 0 && got < n) {
		ssize_t k = read(fd, (char *)buf + got, n - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	if (fd >= 0)
		close(fd);
	return n <= 256 && got == n;
}
#endif

bool platform_lease_take(int fd)
{
	(void)fd;
	errno = ENOSYS;
	return false;
}

bool platform_lease_intact(int fd)
{
	(void)fd;
	return true;
}

void platform_lease_drop(int fd) { (void)fd; }

#ifdef LW_PLATFORM_OTHER
bool platform_self_exe(char *out, size_t n)
{
	(void)out; (void)n;
	return false;
}

bool platform_proc_name(pid_t pid, char *buf, size_t n)
{
	(void)pid;
	if (n)
		buf[0] = '\0';
	return false;
}

bool platform_fs_remote(const char *path)
{
	(void)path;
	return false;
}
#endif

/* F_GETLK answers for POSIX (fcntl) locks. A flock(2) lock is another kind
 * on Linux and invisible here; on the BSDs and macOS the two share one lock
 * table, and F_GETLK may name the holder of a flock or say -1 (unknown). */
pid_t platform_lock_holder(int fd)
{
	struct flock fl;
	memset(&fl, 0, sizeof fl);
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	if (fcntl(fd, F_GETLK, &fl) != 0 || fl.l_type == F_UNLCK || fl.l_pid <= 0)
		return 0;
	return fl.l_pid;
}

/* The child's end of the lifeline and the signal its parent's death sends. */
static int lifeline_fd = -1;
static volatile sig_atomic_t lifeline_sig = SIGKILL;

int platform_lifeline_open(platform_lifeline *l)
{
	int p[2];
	l->rfd = l->wfd = -1;
	if (platform_pipe(p) < 0)
		return -1;
	l->rfd = p[0];
	l->wfd = p[1];
	return 0;
}

/* SIGIO: the pipe is readable, which only EOF can make it (nobody writes):
 * the parent is gone. Anything else that raised SIGIO is ignored. */
static void on_sigio(int sig)
{
	(void)sig;
	int e = errno;
	struct pollfd p = { .fd = lifeline_fd, .events = POLLIN };
	if (lifeline_fd >= 0 && poll(&p, 1, 0) > 0) {
		signal((int)lifeline_sig, SIG_DFL);
		kill(getpid(), (int)lifeline_sig);
	}
	errno = e;
}

bool platform_lifeline_child(platform_lifeline *l, pid_t parent, int sig)
{
	if (l->wfd >= 0)
		close(l->wfd);
	l->wfd = -1;
	if (l->rfd < 0)
		return getppid() == parent;
	lifeline_fd = l->rfd;
	lifeline_sig = sig;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigio;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGIO, &sa, NULL);
	if (fcntl(l->rfd, F_SETOWN, getpid()) < 0 ||
	    fcntl(l->rfd, F_SETFL, fcntl(l->rfd, F_GETFL) | O_ASYNC) < 0)
		return getppid() == parent;   /* the sim loop's getppid() check is what remains */
	/* A death before O_ASYNC took hold raised nothing: look once. */
	struct pollfd p = { .fd = l->rfd, .events = POLLIN };
	return poll(&p, 1, 0) == 0 && getppid() == parent;
}

void platform_lifeline_parent(platform_lifeline *l)
{
	if (l->rfd >= 0)
		close(l->rfd);
	l->rfd = -1;
}

void platform_lifeline_close(platform_lifeline *l)
{
	if (l->rfd >= 0)
		close(l->rfd);
	if (l->wfd >= 0)
		close(l->wfd);
	l->rfd = l->wfd = -1;
}

int platform_alarm_start(platform_alarm *a, int ms, long rearm_ns)
{
	struct itimerval it = {
		.it_value = { ms / 1000, (ms % 1000) * 1000 },
		.it_interval = { 0, (rearm_ns + 999) / 1000 },
	};
	a->timer = NULL;
	a->armed = false;
	if (setitimer(ITIMER_REAL, &it, NULL) != 0)
		return errno;
	a->armed = true;
	return 0;
}

void platform_alarm_stop(platform_alarm *a)
{
	if (!a->armed)
		return;
	struct itimerval off;
	memset(&off, 0, sizeof off);
	setitimer(ITIMER_REAL, &off, NULL);
	a->armed = false;
}
#endif
