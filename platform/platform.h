/* platform.h — what differs between Linux, the BSDs and macOS, in one place.
 *
 * The rest of the program asks this header, never the system's name: a
 * capability macro says whether a facility exists (LW_HAVE_*), and the
 * functions below give one answer everywhere, from the best source each
 * system has. The folder holds one file per family, each compiled only where
 * it applies: platform_linux.c (/proc, prctl, pipe2), platform_posix.c (what
 * every other system gets, and PORTABLE builds on Linux), platform_bsd.c and
 * platform_darwin.c (process names from sysctl and libproc).
 *
 * LW_PORTABLE (make PORTABLE=1) turns Linux into "another system": none of
 * the Linux-only calls (inotify, renameat2, leases, prctl, pipe2, /proc,
 * thread-directed timers), so the paths the BSDs and macOS take are built
 * and tested here.
 *
 * The line nothing crosses: outside platform/ (and watch/watch_inotify.c,
 * the inotify watcher, which the BSDs build against libinotify) no file
 * names a system (__linux__, __APPLE__...), a system's own call or flag
 * (O_PATH, /proc, leases, renameat2, memfd...) or a feature macro
 * (_GNU_SOURCE): tests/e2e/platform_line.sh. Every file but
 * platform_linux.c compiles with only POSIX.1-2008 + XSI in view
 * (`make strict-posix`, part of `make check-portable`), which stands in
 * here for the other systems' headers. This header itself includes only
 * POSIX headers, and says which system it is on only in the LW_PLATFORM_*
 * and LW_HAVE_* macros: the rest of the program may ask LW_HAVE_* (a
 * capability), never LW_PLATFORM_* (a name). */
#ifndef LW_PLATFORM_H
#define LW_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#if defined(__linux__) && !defined(LW_PORTABLE)
#define LW_PLATFORM_LINUX 1
#elif defined(__APPLE__)
#define LW_PLATFORM_DARWIN 1
#elif defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__) || defined(__DragonFly__)
#define LW_PLATFORM_BSD 1
#else
#define LW_PLATFORM_OTHER 1   /* PORTABLE on Linux, or a system we do not know */
#endif

/* inotify: Linux's own, or libinotify's (kqueue underneath) on the BSDs.
 * Without it the watcher polls stat() (watch/watch_poll.c). */
#if defined(LW_PLATFORM_LINUX) || defined(LW_PLATFORM_BSD)
#define LW_HAVE_INOTIFY 1
#endif

/* Linux only: renameat2(RENAME_EXCHANGE) swaps two names atomically;
 * F_SETLEASE tells us when another process opens the file we are about to
 * replace; /proc names the holder of a flock and the files a process has
 * open; timer_create(SIGEV_THREAD_ID) interrupts one thread's flock(). */
#ifdef LW_PLATFORM_LINUX
#define LW_HAVE_RENAME_EXCHANGE 1
#define LW_HAVE_LEASES 1
#define LW_HAVE_PROC 1
#endif

/* macOS spells the nanosecond stat times st_*timespec. */
#if defined(__APPLE__) && !defined(st_mtim)
#define st_atim st_atimespec
#define st_mtim st_mtimespec
#define st_ctim st_ctimespec
#endif

/* Swap the names a and b in the folder dfd atomically: 0, or -1 with errno
 * (ENOSYS where the system has no such call; the store then renames, its
 * last look taken just before). Linux: renameat2(RENAME_EXCHANGE). */
int platform_exchange_at(int dfd, const char *a, const char *b);

/* Rename from over to (both in the folder dfd) only if to does not exist:
 * 0, or -1 with errno (EEXIST when it does; EINVAL or ENOSYS when this
 * filesystem cannot, and the caller decides). Linux:
 * renameat2(RENAME_NOREPLACE); elsewhere linkat() then unlinkat(), which
 * refuses an existing name the same way. */
int platform_rename_noreplace_at(int dfd, const char *from, const char *to);

/* openat2(2) with how.resolve = resolve (RESOLVE_* below): -1 with errno
 * ENOSYS where there is none (then the store walks the path itself, one
 * O_NOFOLLOW step at a time). Asked once: a kernel without it says so every
 * time. */
int platform_openat2(int dfd, const char *path, int flags, unsigned long long resolve);
/* resolve's flags, Linux's values (platform_linux.c checks they are), so
 * this header needs no system header of Linux's. */
#define PLATFORM_RESOLVE_NO_MAGICLINKS 0x02ULL
#define PLATFORM_RESOLVE_BENEATH 0x08ULL

/* n (at most 256) random bytes into buf: true, or false when the system
 * gave none (the caller mixes its own). Linux: getrandom; elsewhere
 * getentropy. */
bool platform_random(void *buf, size_t n);

/* A write lease on fd (the kernel tells us, by breaking it, when another
 * process opens the file): true when taken; false with errno EAGAIN when
 * another process has the file open, or another errno (ENOSYS where the
 * system has no leases: the caller compares fstat before and after). The
 * break arrives as SIGIO, whose default action ends the process: the first
 * call installs a do-nothing handler unless someone chose one already
 * (platform_lease_intact is what tells a break). */
bool platform_lease_take(int fd);
/* Still unbroken (always true when none was taken). */
bool platform_lease_intact(int fd);
void platform_lease_drop(int fd);

/* The running binary's path, symlinks resolved, in out: true, or false
 * where the system cannot say (then argv[0] is what is left). Linux:
 * /proc/self/exe; FreeBSD: sysctl KERN_PROC_PATHNAME; macOS:
 * _NSGetExecutablePath. */
bool platform_self_exe(char *out, size_t n);

/* stat() of the file this process runs, even once it was replaced on disk:
 * true, or false where the system cannot say (then the caller stats the
 * path platform_self_exe or argv[0] gives). Linux: /proc/self/exe. */
bool platform_self_exe_stat(struct stat *st);

/* pipe(2) with both ends close-on-exec: 0, or -1 with errno. */
int platform_pipe(int p[2]);

/* Ask for a pipe buffer of about bytes on the pipe end fd, so a producer
 * that writes much fills it without waiting for us to be scheduled: a
 * hint, nothing where the system has no such knob. Linux: F_SETPIPE_SZ. */
void platform_pipe_grow(int fd, int bytes);

/* Open the folder path (relative to dfd, close-on-exec, flags adding
 * O_NOFOLLOW or nothing) only to reach what lies beneath it: no read
 * permission asked where the system can (Linux O_PATH, POSIX O_SEARCH),
 * else read-only. Such a descriptor is for *at calls, never for reading
 * or fsync. The descriptor, or -1 with errno. */
int platform_open_dir_path(int dfd, const char *path, int flags);

/* An anonymous file in memory, close-on-exec (name only shows in debug
 * listings): a descriptor, or -1 with errno (ENOSYS where the system has
 * none). Linux: memfd_create. */
int platform_memfile(const char *name);

/* true when path is on a network or FUSE filesystem, where a change
 * notification only hears this machine's writes (NFS, SMB, 9P, sshfs...):
 * the caller then polls. false when local or unknown. Linux: statfs's
 * magic; the BSDs and macOS: statfs's type name. */
bool platform_fs_remote(const char *path);

/* Tune the allocator for a program that frees and rebuilds large
 * snapshots (core/model's arenas): keep freed memory for the next reload
 * instead of unmapping it. glibc: mallopt; other C libraries keep theirs. */
void platform_malloc_tune(void);

/* The name of process pid ("python3", "flock") in buf: true, or false when
 * this system cannot say (no /proc, no sysctl, the process is gone). */
bool platform_proc_name(pid_t pid, char *buf, size_t n);

/* A process other than us that has the file (dev, ino) open (for writing,
 * with writers_only): its pid, or 0 when none or where the system cannot
 * say. Linux walks /proc/PID/fd (and fdinfo's flags), so ask only on a slow
 * path (a refused lease, a lock timed out); elsewhere 0. */
pid_t platform_file_opener(dev_t dev, ino_t ino, bool writers_only);

/* The pid of a process holding a lock on the open file fd that keeps us
 * from an exclusive flock: /proc/locks on Linux (flocks and POSIX locks);
 * elsewhere fcntl(F_GETLK), which sees POSIX locks only. 0 when unknown. */
pid_t platform_lock_holder(int fd);

/* A child that dies with its parent, so a write nobody waits for any more
 * never lands later. Linux: prctl(PR_SET_PDEATHSIG). Elsewhere: a pipe whose
 * write end only the parent holds; when the parent dies the pipe reads EOF,
 * which raises SIGIO in the child (O_ASYNC), whose handler sends the child
 * sig. Use: open before fork(); child() in the child, parent() in the
 * parent right after fork(); close() once the child is reaped. */
typedef struct {
	int rfd, wfd;   /* -1 when not in use */
} platform_lifeline;

int platform_lifeline_open(platform_lifeline *l);
/* In the child: from now on the parent's death sends us sig. Returns false
 * (the child should _exit) when the parent is already gone. */
bool platform_lifeline_child(platform_lifeline *l, pid_t parent, int sig);
void platform_lifeline_parent(platform_lifeline *l);
void platform_lifeline_close(platform_lifeline *l);

/* SIGALRM for the calling thread after ms, then every rearm_ns, until
 * stopped: what cuts a blocking flock() short (core/store/store_lock.c). The
 * caller installs the handler. Linux: a timer aimed at this thread
 * (SIGEV_THREAD_ID), so no other thread is disturbed. Elsewhere:
 * setitimer(ITIMER_REAL), process-wide, which is the same for a program with
 * one thread. 0, or an errno. */
typedef struct {
	void *timer;    /* Linux: the timer_t, stored here so this header stays system-neutral */
	bool armed;
} platform_alarm;

int platform_alarm_start(platform_alarm *a, int ms, long rearm_ns);
void platform_alarm_stop(platform_alarm *a);

#endif
