/* review_git.h — a git range as stat + patch, read from a child process.
 * git runs as its own program with a fixed argument vector (posix_spawnp,
 * never a shell), --no-pager, no external diff or textconv, GIT_* taken out
 * of its environment. Its output is read through pipes that never block:
 * the CLI waits on them with poll(), the HUD adds them to its loop. */
#ifndef LW_REVIEW_GIT_H
#define LW_REVIEW_GIT_H
#include "core/review/review.h"
#include <sys/types.h>

/* Sorting a diff's lines for colour (what precedes the first file, then per file its header,
 * hunks, added, removed and context lines). */
typedef struct lw_diff_state {
	bool in_patch;            /* past the first "diff --git" */
	bool in_header;           /* between "diff --git" and the file's first hunk */
} lw_diff_state;
lw_rkind lw_diff_classify(lw_diff_state *st, const char *line, size_t len);

/* Lines out of a byte stream: complete lines are handed on as they come;
 * a line longer than LW_DIFF_LINE_MAX is kept to that length. */
#define LW_DIFF_LINE_MAX 4096
typedef void (*lw_line_fn)(lw_rkind kind, const char *line, size_t len, void *ctx);
typedef struct lw_splitter {
	strbuf partial;
	bool overlong;
	lw_diff_state st;
	size_t lines, bytes;
	size_t max_lines;         /* 0: no limit; else at most this many are handed on */
	bool full;                /* a line beyond max_lines came: the rest is dropped */
} lw_splitter;
void lw_splitter_init(lw_splitter *s);
void lw_splitter_free(lw_splitter *s);
/* Returns how many lines were handed on. */
size_t lw_splitter_feed(lw_splitter *s, const char *buf, size_t len, lw_line_fn fn, void *ctx);
size_t lw_splitter_end(lw_splitter *s, lw_line_fn fn, void *ctx);

#define LW_DIFF_MAX_LINES_DEFAULT 200000
#define LW_DIFF_MAX_BYTES (64u << 20)
typedef struct lw_git_job {
	pid_t pid;                /* -1 when none runs */
	int out_fd, err_fd;       /* -1 once at end of file */
	lw_splitter sp;
	strbuf err;               /* git's stderr, the first few KiB */
	size_t max_lines;
	bool cut;                 /* stopped at max_lines or LW_DIFF_MAX_BYTES */
	bool done;
	int status;               /* exit status once done; -1 killed or unknown */
	char repo[4096], base[LW_COMMIT_MAX + 2], head[LW_COMMIT_MAX + 1];
} lw_git_job;

/* Start `git diff --patch BASE HEAD` in repo (the stat is counted from the
 * patch: review_stat.h). 0, or -1 with msg
 * (git not found, a pipe failed). Validates base and head again. */
int  lw_git_diff_start(lw_git_job *j, const char *repo, const char *base, const char *head, size_t max_lines,
                       char *msg, size_t n);
/* Read what is ready and hand on each line; never blocks. At end (or the
 * cut), reaps git and sets done; the caller then reads lw_git_job_result. */
void lw_git_job_pump(lw_git_job *j, lw_line_fn fn, void *ctx);
/* Wait until a pipe is readable (the CLI); the HUD polls the fds itself. */
void lw_git_job_wait(lw_git_job *j, int timeout_ms);
/* Stop git (the view closed early) and free the job. */
void lw_git_job_free(lw_git_job *j);
/* After done: NULL when all went well, else a line saying what happened
 * (a missing commit, not a repository, the cut) — plain text. */
const char *lw_git_job_result(const lw_git_job *j, char *buf, size_t n);

#endif
