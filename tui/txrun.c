/* txrun.c — fork, pipes, and a look at what the child waits for. The
 * child never touches the screen: it runs the transition, writes the
 * tx_result (one write, under PIPE_BUF, so it arrives whole or not at all)
 * and _exit()s, leaving the parent's stdio buffers and curses alone. When
 * the store has to wait for a lock, the child says which on a second pipe
 * (store_lock_on_wait), and the parent asks the platform who holds it: the
 * same on every system, /proc or not. */
#include "tui/txrun.h"
#include "core/store/store.h"
#include "core/txn/txn.h"
#include "core/util/escape.h"
#include "core/util/fileio.h"
#include "core/util/strbuf.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
	t->fd = t->wait_fd = -1;
	t->life.rfd = t->life.wfd = -1;
}

bool txrun_busy(const txrun *t) { return t->state != TXRUN_IDLE; }
int txrun_fd(const txrun *t) { return t->state == TXRUN_IDLE ? -1 : t->fd; }
long txrun_elapsed_s(const txrun *t) { return (long)((mono_ms() - t->started_ms) / 1000); }

/* The child's end of the "waiting for" pipe (store_lock_on_wait). */
static int wait_wfd = -1;

/* Each message is the lock's path and a NUL; "" (a NUL alone) ends the
 * wait. One writer, so a message longer than PIPE_BUF is still whole. */
static void tell_waiting(const char *lock_path)
{
	const char *m = lock_path ? lock_path : "";
	size_t n = strlen(m) + 1, off = 0;
	while (off < n) {
		ssize_t w = write(wait_wfd, m + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		off += (size_t)w;
	}
}

static void child(int wfd, int wait_fd, const char *project, const lw_source *src, const tx_request *rq)
{
	/* The parent's handlers write to its signal pipe: not ours to use. */
	signal(SIGINT, SIG_IGN);
	signal(SIGWINCH, SIG_IGN);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_IGN);
	wait_wfd = wait_fd;
	store_lock_on_wait(tell_waiting);
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

static void close_pair(int p[2])
{
	close(p[0]);
	close(p[1]);
}

int txrun_start(txrun *t, const char *project, const lw_source *src, const tx_request *rq, char *why, size_t n)
{
	if (txrun_busy(t)) {
		snprintf(why, n, "another write is under way");
		return -1;
	}
	int p[2], wp[2];
	platform_lifeline life;
	if (platform_pipe(p) < 0 || (platform_pipe(wp) < 0 && (close_pair(p), 1))) {
		snprintf(why, n, "cannot start the write: pipe: %s", strerror(errno));
		return -1;
	}
	if (platform_lifeline_open(&life) < 0) {
		snprintf(why, n, "cannot start the write: pipe: %s", strerror(errno));
		close_pair(p);
		close_pair(wp);
		return -1;
	}
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(why, n, "cannot start the write: fork: %s", strerror(errno));
		close_pair(p);
		close_pair(wp);
		platform_lifeline_close(&life);
		return -1;
	}
	if (pid == 0) {
		close(p[0]);
		close(wp[0]);
		/* Die with the HUD: a write nobody waits for must not land later. */
		if (!platform_lifeline_child(&life, parent, SIGKILL))
			_exit(1);   /* the HUD died before the lifeline held */
		child(p[1], wp[1], project, src, rq);
	}
	close(p[1]);
	close(wp[1]);
	platform_lifeline_parent(&life);
	fcntl(p[0], F_SETFL, fcntl(p[0], F_GETFL) | O_NONBLOCK);
	fcntl(wp[0], F_SETFL, fcntl(wp[0], F_GETFL) | O_NONBLOCK);
	txrun_init(t);
	t->state = TXRUN_RUNNING;
	t->pid = pid;
	t->fd = p[0];
	t->wait_fd = wp[0];
	t->life = life;
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

/* The child's latest word on the lock it waits for, into t->lock. */
static void read_waiting(txrun *t)
{
	char buf[512];
	ssize_t r;
	while ((r = read(t->wait_fd, buf, sizeof buf)) > 0 || (r < 0 && errno == EINTR))
		for (ssize_t i = 0; i < r; i++) {
			if (buf[i] == '\0') {
				t->msg[t->msg_got] = '\0';
				memcpy(t->lock, t->msg, t->msg_got + 1);
				t->msg_got = 0;
			} else if (t->msg_got + 1 < sizeof t->msg)
				t->msg[t->msg_got++] = buf[i];
		}
}

/* " (held by NAME, pid N)", " (held by pid N)" or " (held by another
 * process)": who holds the lock at path, from the platform. */
static void holder_of(const char *path, pid_t child_pid, char *who, size_t n, bool *child_has_it)
{
	*child_has_it = false;
	snprintf(who, n, " (held by another process)");
	/* O_NONBLOCK: a FIFO planted there cannot hang the HUD. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return;
	pid_t holder = platform_lock_holder(fd);
	close(fd);
	if (holder <= 0)
		return;
	if (holder == child_pid) {
		*child_has_it = true;
		return;
	}
	char comm[64];
	if (!platform_proc_name(holder, comm, sizeof comm)) {
		snprintf(who, n, " (held by pid %ld)", (long)holder);
		return;
	}
	/* A process name is anyone's to choose: escaped for the terminal. */
	strbuf b;
	strbuf_init(&b);
	esc_term(&b, comm, strlen(comm), false);
	snprintf(who, n, " (held by %s, pid %ld)", b.buf ? b.buf : "?", (long)holder);
	strbuf_free(&b);
}

/* What the child waits for, in words, relative to dir when inside it. */
static void look(txrun *t, const char *dir)
{
	t->waiting[0] = '\0';
	read_waiting(t);
	if (!t->lock[0] || mono_ms() - t->started_ms < WAIT_SHOWN_MS)
		return;
	char who[160];
	bool has_it;
	holder_of(t->lock, t->pid, who, sizeof who, &has_it);
	if (has_it)
		return;   /* it has the lock: writing, not waiting */
	/* dir is the project's canonical root (lw_project_open), as the lock's
	 * path is named: a plain prefix, no realpath on every poll. */
	const char *shown = t->lock;
	size_t dl = dir ? strlen(dir) : 0;
	if (dl > 1 && strncmp(t->lock, dir, dl) == 0 && t->lock[dl] == '/')
		shown = t->lock + dl + 1;
	snprintf(t->waiting, sizeof t->waiting, "%.300s%.80s", shown, who);
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
	close(t->wait_fd);
	platform_lifeline_close(&t->life);
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
