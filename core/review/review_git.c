/* review_git.c — git as a child process: a fixed argument vector through
 * posix_spawnp (no shell ever sees a value), its environment without the
 * GIT_* variables that would redirect it (GIT_DIR, GIT_EXTERNAL_DIFF,
 * GIT_CONFIG_PARAMETERS…), stdin from /dev/null, stdout and stderr through
 * non-blocking pipes. */
#include "core/review/review_git.h"
#include "platform/platform.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The parent's environment minus GIT_*, plus what keeps git quiet and
 * read-only: no optional locks, no prompts, no system config. */
static char **git_env(void)
{
	static char *const extra[] = { "GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0", "GIT_CONFIG_NOSYSTEM=1",
	                               "GIT_PAGER=cat", "GIT_NO_LAZY_FETCH=1", NULL };
	size_t n = 0;
	for (char **e = environ; e && *e; e++)
		n++;
	char **env = calloc(n + sizeof extra / sizeof *extra + 1, sizeof *env);
	if (!env)
		abort();
	size_t k = 0;
	for (char **e = environ; e && *e; e++)
		if (strncmp(*e, "GIT_", 4) != 0)
			env[k++] = *e;
	for (char *const *x = extra; *x; x++)
		env[k++] = *x;
	env[k] = NULL;
	return env;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

int lw_git_diff_start(lw_git_job *j, const char *repo, const char *base, const char *head, size_t max_lines,
                      char *msg, size_t n)
{
	memset(j, 0, sizeof *j);
	j->pid = -1;
	j->out_fd = j->err_fd = -1;
	j->status = -1;
	j->max_lines = max_lines ? max_lines : LW_DIFF_MAX_LINES_DEFAULT;
	lw_splitter_init(&j->sp);
	j->sp.max_lines = j->max_lines;
	strbuf_init(&j->err);
	/* Checked again here, the last place before argv: base may carry a
	 * trailing '^' (the head's parent), which we add ourselves. */
	char b[LW_COMMIT_MAX + 2];
	snprintf(b, sizeof b, "%s", base);
	size_t bl = strlen(b);
	if (bl && b[bl - 1] == '^')
		b[bl - 1] = '\0';
	if (lw_review_commit_ok("base commit", b, msg, n) < 0 || lw_review_commit_ok("review commit", head, msg, n) < 0)
		return -1;
	if (!repo || repo[0] != '/') {
		snprintf(msg, n, "git: the repository path must be absolute");
		return -1;
	}
	snprintf(j->repo, sizeof j->repo, "%s", repo);
	snprintf(j->base, sizeof j->base, "%s", base);
	snprintf(j->head, sizeof j->head, "%s", head);

	int out[2], err[2];
	if (platform_pipe(out) < 0) {
		snprintf(msg, n, "git: pipe: %s", strerror(errno));
		return -1;
	}
	if (platform_pipe(err) < 0) {
		snprintf(msg, n, "git: pipe: %s", strerror(errno));
		close(out[0]);
		close(out[1]);
		return -1;
	}
	/* A big pipe: git fills it without waiting for us to be scheduled,
	 * which on a busy machine is most of the time a large diff takes. */
	platform_pipe_grow(out[1], 1 << 20);
	/* -c settings that make the output the same for everyone and keep any
	 * config from running a program: no colour, no external diff or
	 * textconv driver, no fsmonitor hook, no transport (a partial clone
	 * would fetch what it lacks), paths written as they are. */
	char *const argv[] = {
		"git", "--no-pager", "-c", "core.quotepath=off", "-c", "color.ui=false", "-c", "color.diff=false",
		"-c", "diff.external=", "-c", "core.fsmonitor=false", "-c", "diff.noprefix=false",
		"-c", "diff.mnemonicPrefix=false", "-c", "diff.relative=false", "-c", "core.attributesFile=/dev/null", "-c", "protocol.allow=never",
		"-C", j->repo, "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--patch",
		"--find-renames", j->base, j->head, "--", NULL,
	};
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out[1], 1);
	posix_spawn_file_actions_adddup2(&fa, err[1], 2);
	posix_spawnattr_t at;
	posix_spawnattr_init(&at);
	/* The HUD ignores SIGPIPE; git must not inherit that, or a cut would
	 * leave it writing into a closed pipe instead of ending. */
	sigset_t def;
	sigemptyset(&def);
	sigaddset(&def, SIGPIPE);
	posix_spawnattr_setsigdefault(&at, &def);
	sigset_t none;
	sigemptyset(&none);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
	char **env = git_env();
	pid_t pid;
	int rc = posix_spawnp(&pid, "git", &fa, &at, argv, env);
	free(env);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	close(out[1]);
	close(err[1]);
	if (rc != 0) {
		close(out[0]);
		close(err[0]);
		snprintf(msg, n, "git: %s (is git installed?)", strerror(rc));
		return -1;
	}
	fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
	fcntl(err[0], F_SETFL, fcntl(err[0], F_GETFL) | O_NONBLOCK);
	j->pid = pid;
	j->out_fd = out[0];
	j->err_fd = err[0];
	return 0;
}

static void reap(lw_git_job *j, bool kill_it)
{
	if (j->pid > 0) {
		if (kill_it)
			kill(j->pid, SIGTERM);
		int st;
		while (waitpid(j->pid, &st, 0) < 0 && errno == EINTR)
			;
		j->status = !kill_it && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
		j->pid = -1;
	}
	close_fd(&j->out_fd);
	close_fd(&j->err_fd);
}

void lw_git_job_pump(lw_git_job *j, lw_line_fn fn, void *ctx)
{
	if (j->done)
		return;
	char buf[65536];
	/* stderr first: it is small, and a full stderr pipe would stall git. */
	while (j->err_fd >= 0) {
		ssize_t r = read(j->err_fd, buf, sizeof buf);
		if (r > 0) {
			if (j->err.len < 4096)
				strbuf_add(&j->err, buf, (size_t)r);
		} else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
			close_fd(&j->err_fd);
		} else if (errno == EAGAIN) {
			break;
		}
	}
	while (j->out_fd >= 0) {
		ssize_t r = read(j->out_fd, buf, sizeof buf);
		if (r > 0) {
			lw_splitter_feed(&j->sp, buf, (size_t)r, fn, ctx);
			if (j->sp.full || j->sp.bytes >= LW_DIFF_MAX_BYTES) {
				j->cut = true;
				reap(j, true);
				break;
			}
		} else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
			lw_splitter_end(&j->sp, fn, ctx);
			j->cut = j->sp.full;
			close_fd(&j->out_fd);
		} else if (errno == EAGAIN) {
			break;
		}
	}
	if (j->out_fd < 0 && (j->err_fd < 0 || j->cut)) {
		reap(j, j->cut);
		j->done = true;
	}
}

void lw_git_job_wait(lw_git_job *j, int timeout_ms)
{
	struct pollfd p[2] = { { .fd = j->out_fd, .events = POLLIN }, { .fd = j->err_fd, .events = POLLIN } };
	if (j->out_fd < 0 && j->err_fd < 0)
		return;
	while (poll(p, 2, timeout_ms) < 0 && errno == EINTR)
		;
}

void lw_git_job_free(lw_git_job *j)
{
	if (!j->done)
		reap(j, true);
	lw_splitter_free(&j->sp);
	strbuf_free(&j->err);
	j->done = true;
}

const char *lw_git_job_result(const lw_git_job *j, char *buf, size_t n)
{
	if (j->cut) {
		snprintf(buf, n, "[cut after %zu lines: the rest is in git -C %s diff %s %s]", j->sp.lines, j->repo, j->base,
		         j->head);
		return buf;
	}
	if (j->status == 0)
		return NULL;
	const char *e = j->err.buf ? j->err.buf : "";
	int first = (int)strcspn(e, "\n");
	if (strstr(e, "bad object") || strstr(e, "unknown revision") || strstr(e, "bad revision") ||
	    strstr(e, "Invalid revision"))
		snprintf(buf, n, "commit missing: %s or %s is not in the repository %s (git: %.*s)", j->base, j->head,
		         j->repo, first, e);
	else if (strstr(e, "Could not access") || strstr(e, "Not a git repository"))
		/* Outside a repository git diff compares two files by those names
		 * (--no-index): its "Could not access 'base'" means no repository. */
		snprintf(buf, n, "%s is not a git repository (no .git there or above): nothing to diff %.12s..%.12s in",
		         j->repo, j->base, j->head);
	else if (strstr(e, "not a git repository"))
		snprintf(buf, n, "%s is not a git repository (git: %.*s)", j->repo, first, e);
	else
		snprintf(buf, n, "git diff failed (exit %d): %.*s", j->status, first, e);
	return buf;
}
