/* sim_git.c — the demo's copy made a real git repository, so `v` on a task
 * in review shows a real diff from the first second. At start, before the
 * HUD or the team runs: `git init` in the copy, one commit of the examples
 * as shipped, a commit on the main line for each merged task, and for each
 * task with a worktree a real `git worktree add` at its base — with a
 * commit of its work when it has a review commit. The state's made-up
 * commit ids are then rewritten to the real ones (state and log), in the
 * private copy only. git runs as its own program with a fixed argument
 * vector, no shell, no GIT_* from the environment and no user or system
 * config, its output discarded but for the ids it prints. */
#include "sim/sim.h"
#include "core/doc/doc.h"
#include "core/util/fileio.h"
#include "core/store/store.h"
#include "core/txn/txn.h"
#include "core/util/strbuf.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

enum { MAP_MAX = 64 };
typedef struct idmap {
	char old[MAP_MAX][72], real[MAP_MAX][48];
	size_t n;
} idmap;

/* Run git with argv in dir; its stdout (trimmed) into out when out != NULL.
 * 0 when it exited 0. */
static int git(const char *dir, const char *const *args, char *out, size_t n)
{
	static const char *const pre[] = { "git", "-c", "user.name=liza-watch demo",
	                                   "-c", "user.email=demo@liza-watch.invalid", "-c", "commit.gpgsign=false",
	                                   "-c", "init.defaultBranch=main", "-c", "core.hooksPath=/dev/null",
	                                   /* A throwaway copy: no fsync, no background maintenance — each
	                                    * run is then a few ms, and the demo opens at once. */
	                                   "-c", "core.fsync=none", "-c", "maintenance.auto=false", "-c", "gc.auto=0" };
	const char *argv[48];
	size_t k = 0;
	for (size_t i = 0; i < sizeof pre / sizeof *pre; i++)
		argv[k++] = pre[i];
	for (size_t i = 0; args[i] && k < 47; i++)
		argv[k++] = args[i];
	argv[k] = NULL;
	int p[2];
	if (pipe(p) < 0)
		return -1;
	pid_t pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		/* A clean environment for git: nothing of the caller's repository,
		 * nor its config, may reach the copy. */
		for (char **e = environ; *e;) {
			if (strncmp(*e, "GIT_", 4) == 0) {
				char name[128];
				snprintf(name, sizeof name, "%.*s", (int)strcspn(*e, "="), *e);
				unsetenv(name);
			} else {
				e++;
			}
		}
		setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
		setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
		setenv("GIT_TERMINAL_PROMPT", "0", 1);
		int null = open("/dev/null", O_RDWR);
		if (null >= 0) {
			dup2(null, STDIN_FILENO);
			dup2(null, STDERR_FILENO);
		}
		dup2(p[1], STDOUT_FILENO);
		close(p[0]);
		close(p[1]);
		if (chdir(dir) < 0)
			_exit(127);
		execvp("git", (char *const *)argv);
		_exit(127);
	}
	close(p[1]);
	size_t got = 0;
	char buf[512];
	for (;;) {
		ssize_t r = read(p[0], buf, sizeof buf);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (out && got + 1 < n) {
			size_t take = (size_t)r < n - 1 - got ? (size_t)r : n - 1 - got;
			memcpy(out + got, buf, take);
			got += take;
		}
	}
	close(p[0]);
	if (out) {
		out[got] = '\0';
		while (got && isspace((unsigned char)out[got - 1]))
			out[--got] = '\0';
	}
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static const char *mapped(const idmap *m, const char *old)
{
	for (size_t i = 0; old && i < m->n; i++)
		if (strcmp(m->old[i], old) == 0)
			return m->real[i];
	return NULL;
}

static void map_add(idmap *m, const char *old, const char *real)
{
	if (!old || mapped(m, old) || m->n == MAP_MAX || strlen(old) >= sizeof m->old[0])
		return;
	snprintf(m->old[m->n], sizeof m->old[0], "%s", old);
	snprintf(m->real[m->n], sizeof m->real[0], "%s", real);
	m->n++;
}

static const char *or_empty(const char *s) { return s ? s : ""; }

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* The first line of a small file, trimmed. */
static bool read_line(const char *path, char *out, size_t n)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	bool ok = fgets(out, (int)n, f) != NULL;
	fclose(f);
	out[ok ? strcspn(out, "\r\n") : 0] = '\0';
	return ok && out[0];
}

/* The commit dir's HEAD names, read from the files a fresh repository
 * keeps (loose refs), or from git when they say something else: one
 * process fewer per commit keeps the demo's start quick. */
static int head_id(const char *top, const char *dir, char *out, size_t n)
{
	char path[2 * LW_PATH_MAX + 32], line[LW_PATH_MAX + 16], head[2 * LW_PATH_MAX + 48];
	snprintf(path, sizeof path, "%s/.git", dir);
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		snprintf(head, sizeof head, "%s/HEAD", path);
	else if (read_line(path, line, sizeof line) && strncmp(line, "gitdir: ", 8) == 0)
		snprintf(head, sizeof head, "%s/HEAD", line + 8);
	else
		head[0] = '\0';
	if (head[0] && read_line(head, line, sizeof line) && strncmp(line, "ref: refs/heads/", 16) == 0) {
		snprintf(path, sizeof path, "%s/.git/%s", top, line + 5);
		size_t k = 0;
		if (read_line(path, out, n))
			while (isxdigit((unsigned char)out[k]))
				k++;
		if (k == 40 || k == 64)
			return 0;
	}
	const char *rev[] = { "rev-parse", "HEAD", NULL };
	return git(dir, rev, out, n);
}

/* A commit of one file in dir (a repository or a worktree): its id in out. */
static int commit_file(const char *top, const char *dir, const char *rel, const char *text, const char *msg, char *out,
                       size_t n)
{
	char path[LW_PATH_MAX], sub[LW_PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	snprintf(sub, sizeof sub, "%s", path);
	char *slash = strrchr(sub, '/');
	if (slash) {
		*slash = '\0';
		mkdir(sub, 0755);
	}
	if (write_text(path, text) < 0)
		return -1;
	const char *add[] = { "add", "--", rel, NULL };
	const char *ci[] = { "commit", "-q", "-m", msg, NULL };
	return git(dir, add, NULL, 0) || git(dir, ci, NULL, 0) || head_id(top, dir, out, n) ? -1 : 0;
}

/* A worktree at an existing, non-empty folder: git wants it new, so what
 * the example holds there is moved aside and back in after. */
static int worktree_add(const char *top, const char *wt, const char *branch, const char *base)
{
	char keep[LW_PATH_MAX + 16];
	snprintf(keep, sizeof keep, "%s.demo-keep", wt);
	bool had = rename(wt, keep) == 0;
	const char *args[] = { "worktree", "add", "-q", "-b", branch, wt, base, NULL };
	int rc = git(top, args, NULL, 0);
	if (had) {
		DIR *d = opendir(keep);
		for (struct dirent *e; d && (e = readdir(d));) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			char from[2 * LW_PATH_MAX], to[2 * LW_PATH_MAX];
			snprintf(from, sizeof from, "%s/%s", keep, e->d_name);
			snprintf(to, sizeof to, "%s/%s", wt, e->d_name);
			if (rc == 0)
				rename(from, to);
		}
		if (d)
			closedir(d);
		if (rc == 0)
			rmdir(keep);
		else
			rename(keep, wt);
	}
	return rc;
}

/* buf with every made-up id replaced by the real one, where it stands
 * alone (not inside a longer run of hex digits); how many were. */
static size_t replace_ids(const char *buf, size_t len, const idmap *m, strbuf *out)
{
	size_t hits = 0;
	for (size_t i = 0; i < len;) {
		size_t k = 0;
		bool start = i == 0 || !isxdigit((unsigned char)buf[i - 1]);
		for (; start && k < m->n; k++) {
			size_t ol = strlen(m->old[k]);
			if (i + ol <= len && memcmp(buf + i, m->old[k], ol) == 0 &&
			    (i + ol == len || !isxdigit((unsigned char)buf[i + ol])))
				break;
		}
		if (start && k < m->n) {
			strbuf_adds(out, m->real[k]);
			i += strlen(m->old[k]);
			hits++;
		} else {
			strbuf_addc(out, buf[i++]);
		}
	}
	return hits;
}

/* At start, before anyone else runs: the file rewritten in place. */
static void rewrite_ids(const char *path, const idmap *m)
{
	char *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	if (lw_read_file(path, 64 << 20, &buf, &len, &err) < 0)
		return;
	strbuf out;
	strbuf_init(&out);
	if (replace_ids(buf, len, m, &out))
		store_write_atomic(path, out.buf ? out.buf : "", out.len, &err);
	strbuf_free(&out);
	free(buf);
}

/* The commits and worktrees one project's Liza state names. */
static void make_project(const char *top, const char *proj, const char *c0, idmap *m)
{
	char st_path[LW_PATH_MAX], *buf;
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	snprintf(st_path, sizeof st_path, "%s/.liza/state.yaml", proj);
	if (lw_read_file(st_path, 64 << 20, &buf, &len, &err) < 0)
		return;
	doc d;
	if (doc_parse(&d, buf, len, st_path, &doc_default_limits, &err) < 0) {
		free(buf);
		return;
	}
	const doc_node *tasks = doc_get(d.root, "tasks");
	const char *rel = proj + strlen(top);
	rel += *rel == '/';
	/* The main line first: each merged task's merge is a commit there. */
	for (const doc_node *t = doc_seq_first(tasks); t; t = t->next) {
		const char *id = doc_str(doc_get(t, "id")), *merge = doc_str(doc_get(t, "merge_commit"));
		if (!id || !merge || mapped(m, merge))
			continue;
		char file[LW_PATH_MAX], text[512], msg[256], real[48];
		snprintf(file, sizeof file, "%s%ssrc/%s.md", rel, *rel ? "/" : "", id);
		snprintf(text, sizeof text, "# %s\n\n%s\n", id, or_empty(doc_str(doc_get(t, "description"))));
		snprintf(msg, sizeof msg, "%s: merged", id);
		if (commit_file(top, top, file, text, msg, real, sizeof real) == 0) {
			map_add(m, merge, real);
			map_add(m, doc_str(doc_get(t, "review_commit")), real);
		}
	}
	/* Then a worktree per task that has one, at its base, with its work. */
	for (const doc_node *t = doc_seq_first(tasks); t; t = t->next) {
		const char *id = doc_str(doc_get(t, "id")), *wt = doc_str(doc_get(t, "worktree"));
		const char *base = doc_str(doc_get(t, "base_commit")), *rev = doc_str(doc_get(t, "review_commit"));
		if (!id || !wt || strstr(wt, "..") || wt[0] == '/')
			continue;
		const char *at = mapped(m, base) ? mapped(m, base) : c0;
		if (base)
			map_add(m, base, at);
		char path[LW_PATH_MAX], branch[256];
		snprintf(path, sizeof path, "%s/%s", proj, wt);
		snprintf(branch, sizeof branch, "demo/%s%s%s", rel, *rel ? "-" : "", id);
		if (worktree_add(top, path, branch, at) < 0 || !rev || mapped(m, rev))
			continue;
		char file[256], text[1024], msg[256], real[48];
		snprintf(file, sizeof file, "src/%s.md", id);
		snprintf(text, sizeof text, "# %s\n\n%s\n\nDone when: %s\n", id, or_empty(doc_str(doc_get(t, "description"))),
		         or_empty(doc_str(doc_get(t, "done_when"))));
		snprintf(msg, sizeof msg, "%s: the work under review", id);
		if (commit_file(top, path, file, text, msg, real, sizeof real) == 0)
			map_add(m, rev, real);
	}
	/* A base no merge made is the examples as shipped. */
	for (const doc_node *t = doc_seq_first(tasks); t; t = t->next)
		map_add(m, doc_str(doc_get(t, "base_commit")), c0);
	doc_free(&d);
	free(buf);
}

int sim_git_make(const char *top, const char *const *projects, size_t n, char *why, size_t why_n)
{
	const char *init[] = { "init", "-q", NULL };
	const char *add[] = { "add", "-A", NULL };
	const char *ci[] = { "commit", "-q", "-m", "the examples as shipped", NULL };
	char excl[LW_PATH_MAX], c0[72];
	if (git(top, init, NULL, 0) < 0) {
		snprintf(why, why_n, "git init failed (is git installed?): v shows no diff in the demo");
		return -1;
	}
	/* The worktrees live inside the copy: the repository must not take
	 * them for files of its own. */
	snprintf(excl, sizeof excl, "%s/.git/info/exclude", top);
	snprintf(excl, sizeof excl, "%s/.git/info", top);
	mkdir(excl, 0755);   /* there already, unless git has no templates */
	snprintf(excl, sizeof excl, "%s/.git/info/exclude", top);
	write_text(excl, ".worktrees/\n*.demo-keep/\n");
	if (git(top, add, NULL, 0) < 0 || git(top, ci, NULL, 0) < 0 || head_id(top, top, c0, sizeof c0) < 0) {
		snprintf(why, why_n, "git commit failed: v shows no diff in the demo");
		return -1;
	}
	idmap m = { .n = 0 };
	for (size_t i = 0; i < n; i++)
		make_project(top, projects[i], c0, &m);
	for (size_t i = 0; i < n; i++) {
		char p[LW_PATH_MAX];
		rewrite_ids(lw_path_join(p, sizeof p, projects[i], ".liza/state.yaml"), &m);
		rewrite_ids(lw_path_join(p, sizeof p, projects[i], ".liza/log.yaml"), &m);
	}
	return 0;
}

/* ---- after a tick: the team's made-up review commits made real ---- */

/* Under the state's lock: each made-up id still there becomes the real
 * one; an id no longer there (the task moved on) is left alone. */
static int swap_ids(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	(void)err;
	const idmap *m = ctx;
	return cur && replace_ids(cur, len, m, out) ? 0 : 1;
}

static bool is_commit(const char *top, const char *id)
{
	char spec[128];
	snprintf(spec, sizeof spec, "%s^{commit}", id);
	const char *args[] = { "cat-file", "-e", spec, NULL };
	return git(top, args, NULL, 0) == 0;
}

int sim_git_sync(const char *top, const char *proj)
{
	char st_path[LW_PATH_MAX], *buf, gitdir[LW_PATH_MAX + 8];
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	snprintf(gitdir, sizeof gitdir, "%s/.git", top);
	if (!lw_exists(gitdir, NULL))
		return 0;   /* git was not there at start: nothing to keep real */
	snprintf(st_path, sizeof st_path, "%s/.liza/state.yaml", proj);
	if (lw_read_file(st_path, 64 << 20, &buf, &len, &err) < 0)
		return -1;
	doc d;
	if (doc_parse(&d, buf, len, st_path, &doc_default_limits, &err) < 0) {
		free(buf);
		return -1;
	}
	idmap m = { .n = 0 };
	for (const doc_node *t = doc_seq_first(doc_get(d.root, "tasks")); t; t = t->next) {
		const char *id = doc_str(doc_get(t, "id")), *wt = doc_str(doc_get(t, "worktree"));
		const char *base = doc_str(doc_get(t, "base_commit")), *rev = doc_str(doc_get(t, "review_commit"));
		if (!id || !wt || !rev || strstr(wt, "..") || wt[0] == '/' || strlen(rev) > 64 || is_commit(top, rev))
			continue;
		char path[LW_PATH_MAX], marker[LW_PATH_MAX + 8], branch[256], at[48] = "";
		snprintf(path, sizeof path, "%s/%s", proj, wt);
		snprintf(marker, sizeof marker, "%s/.git", path);
		if (!lw_exists(marker, NULL)) {
			/* The team made a plain folder (as wt-create.sh's stand-in):
			 * a worktree at the task's base takes its place. */
			const char *head[] = { "rev-parse", "main", NULL };
			if (base && is_commit(top, base))
				snprintf(at, sizeof at, "%s", base);
			else if (git(top, head, at, sizeof at) < 0)
				continue;
			snprintf(branch, sizeof branch, "demo/%s-%s", id, rev);
			if (worktree_add(top, path, branch, at) < 0)
				continue;
		}
		char file[256], text[1024], msg[256], real[48];
		snprintf(file, sizeof file, "src/%s.md", id);
		snprintf(text, sizeof text, "# %s\n\n%s\n\nDone when: %s\n\nSubmission %s.\n", id,
		         or_empty(doc_str(doc_get(t, "description"))), or_empty(doc_str(doc_get(t, "done_when"))), rev);
		snprintf(msg, sizeof msg, "%s: the work under review", id);
		if (commit_file(top, path, file, text, msg, real, sizeof real) == 0)
			map_add(&m, rev, real);
	}
	doc_free(&d);
	free(buf);
	if (!m.n)
		return 0;
	int rc = txn_update(st_path, store_lock_timeout_ms(), swap_ids, &m, &err);
	return rc == STORE_OK || rc == 1 ? 0 : -1;
}
