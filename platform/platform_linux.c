/* platform_linux.c — Linux's answers (see platform.h): /proc for process
 * names, lock holders and who has a file open, prctl for the child that
 * dies with its parent, pipe2, leases, O_PATH, memfd, statfs's magic, a
 * timer aimed at one thread. The one file of the program built with
 * _GNU_SOURCE: everything else sees POSIX only (`make strict-posix`). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include "platform/platform.h"
#ifdef LW_PLATFORM_LINUX
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/openat2.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

_Static_assert(PLATFORM_RESOLVE_BENEATH == RESOLVE_BENEATH, "platform.h's resolve flags are Linux's");
_Static_assert(PLATFORM_RESOLVE_NO_MAGICLINKS == RESOLVE_NO_MAGICLINKS, "platform.h's resolve flags are Linux's");

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

static void on_lease_break(int sig)
{
	(void)sig;
}

/* A broken lease raises SIGIO, whose default action ends the process:
 * a do-nothing handler first, unless someone chose what SIGIO does. */
static void lease_quiet_sigio(void)
{
	static _Atomic int done;
	if (done)
		return;
	done = 1;
	struct sigaction old;
	if (sigaction(SIGIO, NULL, &old) != 0 || old.sa_handler != SIG_DFL)
		return;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_lease_break;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGIO, &sa, NULL);
}

bool platform_lease_take(int fd)
{
	lease_quiet_sigio();
	return fcntl(fd, F_SETLEASE, F_WRLCK) == 0;
}
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

bool platform_self_exe_stat(struct stat *st) { return stat("/proc/self/exe", st) == 0; }

void platform_pipe_grow(int fd, int bytes) { (void)fcntl(fd, F_SETPIPE_SZ, bytes); }

int platform_open_dir_path(int dfd, const char *path, int flags)
{
	return openat(dfd, path, O_PATH | O_DIRECTORY | O_CLOEXEC | flags);
}

int platform_memfile(const char *name) { return memfd_create(name, MFD_CLOEXEC); }

static const uint32_t remote_magic[] = {
	0x00006969, /* NFS */
	0x0000517B, /* SMB */
	0xFF534D42, /* CIFS */
	0xFE534D42, /* SMB2 */
	0x65735546, /* FUSE */
	0x01021997, /* 9P: WSL2 Windows drives, VM shares */
	0x00C36400, /* Ceph */
	0x6B414653, /* kAFS */
	0x5346414F, /* OpenAFS */
	0x73757245, /* Coda */
	0x0000564C, /* NCP */
	0x47504653, /* GPFS */
	0x0BD00BD0, /* Lustre */
	0x786F4256, /* VirtualBox shared folders */
};

bool platform_fs_remote(const char *path)
{
	struct statfs s;
	if (statfs(path, &s) != 0)
		return false;
	for (size_t i = 0; i < sizeof remote_magic / sizeof *remote_magic; i++)
		if ((uint32_t)s.f_type == remote_magic[i])
			return true;
	return false;
}

/* glibc mmap()s and munmap()s (or trims) the arena chunks of every reload,
 * so each reload faulted its memory in again: measured at 10,000 tasks,
 * page faults were the largest cost after parsing. Chunks from the heap,
 * freed memory kept: peak RSS is the same (two snapshots coexist during a
 * reload either way). */
void platform_malloc_tune(void)
{
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
	mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
#endif
}

/* fdinfo's "flags:" (octal): opened for writing? */
static bool writable_fd(const char *pid, const char *fd)
{
	char p[600], line[128];
	snprintf(p, sizeof p, "/proc/%s/fdinfo/%s", pid, fd);
	FILE *f = fopen(p, "re");
	if (!f)
		return false;
	bool w = false;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, "flags:", 6) == 0) {
			long flags = strtol(line + 6, NULL, 8);
			w = (flags & O_ACCMODE) != O_RDONLY;
			break;
		}
	fclose(f);
	return w;
}

pid_t platform_file_opener(dev_t dev, ino_t ino, bool writers_only)
{
	DIR *proc = opendir("/proc");
	if (!proc)
		return 0;
	char self[32];
	snprintf(self, sizeof self, "%ld", (long)getpid());
	pid_t found = 0;
	struct dirent *pe;
	while (!found && (pe = readdir(proc))) {
		if (pe->d_name[0] < '0' || pe->d_name[0] > '9' || strcmp(pe->d_name, self) == 0)
			continue;
		char p[300];
		snprintf(p, sizeof p, "/proc/%s/fd", pe->d_name);
		DIR *fds = opendir(p);
		if (!fds)
			continue;
		struct dirent *fe;
		while (!found && (fe = readdir(fds))) {
			if (fe->d_name[0] == '.')
				continue;
			char link[600];
			struct stat st;
			snprintf(link, sizeof link, "%s/%s", p, fe->d_name);
			if (stat(link, &st) == 0 && st.st_dev == dev && st.st_ino == ino &&
			    (!writers_only || writable_fd(pe->d_name, fe->d_name)))
				found = (pid_t)strtol(pe->d_name, NULL, 10);
		}
		closedir(fds);
	}
	closedir(proc);
	return found;
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
