/* txrun.c — fork, pipe, and a look through /proc at what the child waits
 * for. The child never touches the screen: it runs the transition, writes
 * the tx_result (one write, under PIPE_BUF, so it arrives whole or not at
 * all) and _exit()s, leaving the parent's stdio buffers and curses alone. */
#include "tui/txrun.h"
#include "core/txn/txn.h"
#include "core/util/fileio.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

_Static_assert(sizeof(tx_result) <= PIPE_BUF, "a tx_result must cross the pipe in one atomic write");

/* A child that has had a lock file open this long is waiting on it: holding
 * it, the write itself takes a few ms. */
#define WAIT_SHOWN_MS 150

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void txrun_init(txrun *t)
{
	memset(t, 0, sizeof *t);
	t->fd = -1;
}

bool txrun_busy(const txrun *t) { return t->state != TXRUN_IDLE; }
int txrun_fd(const txrun *t) { return t->state == TXRUN_IDLE ? -1 : t->fd; }
long txrun_elapsed_s(const txrun *t) { return (long)((mono_ms() - t->started_ms) / 1000); }

static void child(int wfd, const char *project, const lw_source *src, const tx_request *rq)
{
	/* Die with the HUD: a write nobody waits for must not land later. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* The parent's handlers write to its signal pipe: not ours to use. */
	signal(SIGINT, SIG_IGN);
	signal(SIGWINCH, SIG_IGN);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_IGN);
	/* Its reads before the commit (which generation wrote state.yaml, an
	 * agent's inbox) wait for an in-place writer as the commit does. */
	lw_read_settle_with(txn_read_settled);
	tx_result res;
	memset(&res, 0, sizeof res);
	lw_transition(project, src, rq, &res);
	ssize_t w;
	do
		w = write(wfd, &res, sizeof res);
	while (w < 0 && errno == EINTR);
	_exit(w == (ssize_t)sizeof res ? 0 : 1);
}

int txrun_start(txrun *t, const char *project, const lw_source *src, const tx_request *rq, char *why, size_t n)
{
	if (txrun_busy(t)) {
		snprintf(why, n, "another write is under way");
		return -1;
	}
	int p[2];
	if (pipe2(p, O_CLOEXEC) < 0) {
		snprintf(why, n, "cannot start the write: pipe: %s", strerror(errno));
		return -1;
	}
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(why, n, "cannot start the write: fork: %s", strerror(errno));
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		close(p[0]);
		if (getppid() == 1)
			_exit(1);   /* the HUD died before PDEATHSIG was set */
		child(p[1], project, src, rq);
	}
	close(p[1]);
	fcntl(p[0], F_SETFL, fcntl(p[0], F_GETFL) | O_NONBLOCK);
	txrun_init(t);
	t->state = TXRUN_RUNNING;
	t->pid = pid;
	t->fd = p[0];
	t->started_ms = mono_ms();
	return 0;
}

int txrun_timeout_ms(const txrun *t)
{
	if (t->state != TXRUN_RUNNING)
		return -1;
	long long age = mono_ms() - t->started_ms;
	if (age < WAIT_SHOWN_MS)
		return (int)(WAIT_SHOWN_MS - age);
	return (int)(1000 - age % 1000);   /* the seconds waited, shown whole */
}

/* Who holds a flock on (dev, ino), from /proc/locks: its pid, or 0. */
static pid_t lock_holder(dev_t dev, ino_t ino)
{
	FILE *f = fopen("/proc/locks", "re");
	if (!f)
		return 0;
	char line[256];
	pid_t holder = 0;
	while (!holder && fgets(line, sizeof line, f)) {
		if (strstr(line, "->"))
			continue;   /* a blocked waiter, not the holder */
		char type[16], kind[16], mode[16];
		unsigned maj, min;
		unsigned long long inode;
		long pid;
		if (sscanf(line, "%*d: %15s %15s %15s %ld %x:%x:%llu", type, kind, mode, &pid, &maj, &min, &inode) == 7 &&
		    strcmp(type, "FLOCK") == 0 && maj == major(dev) && min == minor(dev) && inode == (unsigned long long)ino)
			holder = (pid_t)pid;
	}
	fclose(f);
	return holder;
}

/* The lock file the child has open, if any: the store opens "<file>.lock"
 * to take it, and keeps it open while it waits. */
static bool child_lock(pid_t pid, char *path, size_t n)
{
	char dir[64];
	snprintf(dir, sizeof dir, "/proc/%ld/fd", (long)pid);
	DIR *d = opendir(dir);
	if (!d)
		return false;
	bool found = false;
	for (struct dirent *e; !found && (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		char link[384];
		snprintf(link, sizeof link, "%s/%s", dir, e->d_name);
		ssize_t k = readlink(link, path, n - 1);
		if (k <= 5)
			continue;
		path[k] = '\0';
		found = strcmp(path + k - 5, ".lock") == 0;
	}
	closedir(d);
	return found;
}

/* What the child waits for, in words, relative to dir when inside it. */
static void look(txrun *t, const char *dir)
{
	t->waiting[0] = '\0';
	if (mono_ms() - t->started_ms < WAIT_SHOWN_MS)
		return;
	char path[PATH_MAX];
	if (!child_lock(t->pid, path, sizeof path))
		return;
	struct stat st;
	pid_t holder = stat(path, &st) == 0 ? lock_holder(st.st_dev, st.st_ino) : 0;
	if (holder == t->pid)
		return;   /* it has the lock: writing, not waiting */
	/* dir is the project's canonical root (lw_project_open), as the
	 * kernel names the child's open files: a plain prefix. */
	const char *shown = path;
	size_t dl = dir ? strlen(dir) : 0;
	if (dl && strncmp(path, dir, dl) == 0 && path[dl] == '/')
		shown = path + dl + 1;
	char who[64] = "";
	if (holder > 0) {
		char comm_path[64], comm[32] = "";
		snprintf(comm_path, sizeof comm_path, "/proc/%ld/comm", (long)holder);
		FILE *f = fopen(comm_path, "re");
		if (f) {
			if (fgets(comm, sizeof comm, f))
				comm[strcspn(comm, "\n")] = '\0';
			fclose(f);
		}
		snprintf(who, sizeof who, " (held by %s%spid %ld)", comm, comm[0] ? ", " : "", (long)holder);
	}
	snprintf(t->waiting, sizeof t->waiting, "%.300s%s", shown, who);
}

/* Reap the child and close the pipe: the run is over. */
static void finish(txrun *t, tx_result *res, bool *cancelled)
{
	int status = 0;
	while (waitpid(t->pid, &status, 0) < 0 && errno == EINTR)
		;
	bool whole = t->got == sizeof t->res;
	*cancelled = t->state == TXRUN_CANCELLING && !whole;
	if (whole)
		*res = t->res;
	else {
		memset(res, 0, sizeof *res);
		if (*cancelled)
			tx_set(res, TX_IO, "cancelled, nothing written");
		else if (WIFSIGNALED(status))
			tx_set(res, TX_IO, "the write stopped on signal %d before it said how it went; the file is as "
			       "the store left it", WTERMSIG(status));
		else
			tx_set(res, TX_IO, "the write exited with status %d before it said how it went",
			       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	close(t->fd);
	txrun_init(t);
}

int txrun_poll(txrun *t, const char *dir, tx_result *res, bool *cancelled)
{
	*cancelled = false;
	if (t->state == TXRUN_IDLE)
		return 0;
	for (;;) {
		char *at = (char *)&t->res + t->got;
		size_t room = sizeof t->res - t->got;
		char sink[64];
		ssize_t r = read(t->fd, room ? (void *)at : sink, room ? room : sizeof sink);
		if (r > 0) {
			if (room)
				t->got += (size_t)r;
			continue;
		}
		if (r == 0) {
			finish(t, res, cancelled);
			return 1;
		}
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			break;
		finish(t, res, cancelled);
		return 1;
	}
	if (t->state == TXRUN_RUNNING)
		look(t, dir);
	return 0;
}

void txrun_cancel(txrun *t)
{
	if (t->state != TXRUN_RUNNING)
		return;
	kill(t->pid, SIGKILL);
	t->state = TXRUN_CANCELLING;
	t->waiting[0] = '\0';
}

bool txrun_abandon(txrun *t)
{
	if (!txrun_busy(t))
		return false;
	txrun_cancel(t);
	t->state = TXRUN_CANCELLING;
	tx_result res;
	bool cancelled;
	fcntl(t->fd, F_SETFL, fcntl(t->fd, F_GETFL) & ~O_NONBLOCK);
	while (!txrun_poll(t, NULL, &res, &cancelled))
		;
	return cancelled;
}
