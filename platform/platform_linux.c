/* platform_linux.c — Linux's answers (see platform.h): /proc for process
 * names and lock holders, prctl for the child that dies with its parent,
 * pipe2, and a timer aimed at one thread. */
#include "platform/platform.h"
#ifdef LW_PLATFORM_LINUX
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>

int platform_pipe(int p[2]) { return pipe2(p, O_CLOEXEC); }

int platform_exchange_at(int dfd, const char *a, const char *b)
{
	return renameat2(dfd, a, dfd, b, RENAME_EXCHANGE);
}

int platform_rename_noreplace_at(int dfd, const char *from, const char *to)
{
	return renameat2(dfd, from, dfd, to, RENAME_NOREPLACE);
}

int platform_openat2(int dfd, const char *path, int flags, unsigned long long resolve)
{
#ifdef SYS_openat2
	static _Atomic int missing;
	if (missing) {
		errno = ENOSYS;
		return -1;
	}
	struct open_how how;
	memset(&how, 0, sizeof how);
	how.flags = (unsigned long long)flags;
	how.resolve = resolve;
	int fd = (int)syscall(SYS_openat2, dfd, path, &how, sizeof how);
	if (fd < 0 && errno == ENOSYS)
		missing = 1;
	return fd;
#else
	(void)dfd, (void)path, (void)flags, (void)resolve;
	errno = ENOSYS;
	return -1;
#endif
}

bool platform_random(void *buf, size_t n) { return getrandom(buf, n, GRND_NONBLOCK) == (ssize_t)n; }

bool platform_lease_take(int fd) { return fcntl(fd, F_SETLEASE, F_WRLCK) == 0; }
bool platform_lease_intact(int fd) { return fcntl(fd, F_GETLEASE) == F_WRLCK; }
void platform_lease_drop(int fd) { fcntl(fd, F_SETLEASE, F_UNLCK); }

bool platform_self_exe(char *out, size_t n)
{
	ssize_t r = n > 1 ? readlink("/proc/self/exe", out, n - 1) : -1;
	if (r <= 0 || (size_t)r >= n - 1)
		return false;
	out[r] = '\0';
	return true;
}

bool platform_proc_name(pid_t pid, char *buf, size_t n)
{
	char p[64];
	snprintf(p, sizeof p, "/proc/%ld/comm", (long)pid);
	FILE *f = fopen(p, "re");
	if (!f)
		return false;
	bool ok = fgets(buf, (int)n, f) != NULL;
	fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok && buf[0];
}

/* /proc/locks: "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF"; a line
 * with "->" is a blocked waiter, not a holder. */
pid_t platform_lock_holder(int fd)
{
	struct stat st;
	FILE *f = fstat(fd, &st) == 0 ? fopen("/proc/locks", "re") : NULL;
	if (!f)
		return 0;
	char line[256];
	pid_t holder = 0;
	while (!holder && fgets(line, sizeof line, f)) {
		if (strstr(line, "->"))
			continue;
		unsigned maj, min;
		unsigned long long ino;
		long pid;
		if (sscanf(line, "%*d: %*s %*s %*s %ld %x:%x:%llu", &pid, &maj, &min, &ino) == 4 &&
		    maj == major(st.st_dev) && min == minor(st.st_dev) && ino == (unsigned long long)st.st_ino)
			holder = (pid_t)pid;
	}
	fclose(f);
	return holder;
}

/* The kernel does it: no pipe needed. */
int platform_lifeline_open(platform_lifeline *l)
{
	l->rfd = l->wfd = -1;
	return 0;
}

bool platform_lifeline_child(platform_lifeline *l, pid_t parent, int sig)
{
	(void)l;
	prctl(PR_SET_PDEATHSIG, sig);
	return getppid() == parent;   /* it died before prctl took hold */
}

void platform_lifeline_parent(platform_lifeline *l) { (void)l; }
void platform_lifeline_close(platform_lifeline *l) { (void)l; }

int platform_alarm_start(platform_alarm *a, int ms, long rearm_ns)
{
	struct sigevent sev;
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGALRM;
	sev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
	timer_t t;
	a->armed = false;
	if (timer_create(CLOCK_MONOTONIC, &sev, &t) != 0)
		return errno;
	_Static_assert(sizeof(timer_t) <= sizeof(void *), "a timer_t fits the platform_alarm");
	memcpy(&a->timer, &t, sizeof t);
	struct itimerspec its = {
		.it_value = { ms / 1000, (long)(ms % 1000) * 1000000L },
		.it_interval = { 0, rearm_ns },
	};
	timer_settime(t, 0, &its, NULL);
	a->armed = true;
	return 0;
}

void platform_alarm_stop(platform_alarm *a)
{
	if (!a->armed)
		return;
	timer_t t;
	memcpy(&t, &a->timer, sizeof t);
	timer_delete(t);
	a->armed = false;
}
#endif
