/* review.h — what an operator reads before a verdict: the work of a task
 * (a git range, evidence files, an atom's artifacts, a plan) and its
 * timeline. Each system fills an lw_review through its adapter's review
 * provider (systems/<sys>/<sys>_review.c); the CLI (cli/cmd_review.c) and
 * the HUD (tui/view_review.c) print it. All text here is plain, as read
 * from state files and git: it is escaped when printed, never before. */
#ifndef LW_REVIEW_H
#define LW_REVIEW_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include "core/model/adapter.h"
#include "core/util/strbuf.h"

/* How a line is shown: the HUD colours by kind, the CLI on a terminal too. */
typedef enum lw_rkind {
	RK_TEXT, RK_HEAD, RK_NOTE, RK_WARN,
	/* lines of a git diff (review_diff.c sorts them) */
	RK_STAT, RK_FILE, RK_META, RK_HUNK, RK_ADD, RK_DEL, RK_CONTEXT, RK_CUT,
	RK_COUNT
} lw_rkind;

/* Lines in one buffer (a diff of 10,000 lines is 10,000 entries, not
 * 10,000 allocations). */
typedef struct lw_rline {
	uint32_t off, len;
	uint8_t kind;
} lw_rline;

typedef struct lw_rlines {
	strbuf text;
	lw_rline *v;
	size_t n, cap;
} lw_rlines;

void lw_rlines_init(lw_rlines *l);
void lw_rlines_free(lw_rlines *l);
void lw_rlines_add(lw_rlines *l, lw_rkind kind, const char *s, size_t len);
/* One entry per line of s (a multi-line value keeps every line). */
void lw_rlines_addml(lw_rlines *l, lw_rkind kind, const char *s, size_t len, const char *indent);
static inline const char *lw_rlines_at(const lw_rlines *l, size_t i) { return l->text.buf + l->v[i].off; }

/* One event of the task's life; what may span lines (a reason in full). */
typedef struct lw_tl_entry {
	time_t at;                /* LW_NO_TIME when the entry has none */
	char *what;
	size_t seq;               /* order of arrival: ties keep it */
} lw_tl_entry;

#define LW_COMMIT_MAX 64
typedef struct lw_review {
	lw_rlines body;           /* what the provider shows before any diff */
	lw_tl_entry *tl;
	size_t ntl, captl;
	bool refused;             /* a value was refused: nothing was run */
	char refusal[512];        /* why (plain text, may quote the state file) */
	/* A git range to show after the body (Liza). repo is a real path inside
	 * the project; base and head are validated object ids (base may end
	 * in '^': the head's parent). */
	bool has_diff;
	char repo[4096];
	char base[LW_COMMIT_MAX + 2], head[LW_COMMIT_MAX + 1];
} lw_review;

void lw_review_init(lw_review *rv);
void lw_review_free(lw_review *rv);
void lw_review_line(lw_review *rv, lw_rkind kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void lw_review_event(lw_review *rv, time_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Refuse: the message says what and why; nothing further runs. Returns -1. */
int  lw_review_refuse(lw_review *rv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The history[] of a task node as timeline entries: time from time,
 * timestamp, ts or at; every other field in full. */
void lw_review_history(lw_review *rv, const doc_node *task);
/* The timeline, oldest first, with ages at now, into out. */
void lw_review_timeline(const lw_review *rv, time_t now, lw_rlines *out);
/* A node (a plan, a binding) as indented "key: value" lines. */
void lw_review_node(lw_review *rv, const doc_node *n, int indent);

/* ---- validation (review_valid.c) ---- */
/* A commit id as a state file gave it: 7-64 hex digits. 0, or -1 with msg
 * saying why (an option, a shell string, not hex). what names the field. */
int lw_review_commit_ok(const char *what, const char *id, char *msg, size_t n);
/* A path a state file gave, relative to the project or absolute: 0 with
 * its real path in out when it exists inside the project; 1 when it does
 * not exist (lexically inside: out holds the joined path); -1 with msg when
 * it is outside, option-like or a shell string. */
int lw_review_path_ok(const char *project, const char *what, const char *path, char *out, size_t n,
                      char *msg, size_t mn);

/* Is dir (a real path) a worktree of the project's repository (its .git a
 * file naming a gitdir inside <project>/.git)? A folder an agent made into
 * a repository of its own would bring its own config: git is run in the
 * project repository instead. true too when the project's .git is not a
 * folder (the project is itself a worktree: nothing to compare with). */
bool lw_review_is_worktree_of(const char *project, const char *dir);

/* ---- files (review_files.c) ---- */
#define LW_REVIEW_FILE_MAX (64 * 1024)
/* Show a file the state names (evidence, an artifact): text up to
 * LW_REVIEW_FILE_MAX, a binary file refused, a missing one said so. false
 * when path is not a file in the project (the caller shows it as text). */
bool lw_review_file(lw_review *rv, const char *project, const char *path);

/* ---- building (review_build.c) ---- */
/* The project folder of a source: the parent of its state folder when the
 * state sits in a hidden folder of the project (".liza"), else dir. */
void lw_review_project_dir(const lw_project *p, char *out, size_t n);
/* Fill rv for task t: the adapter's provider, else the task's history.
 * 0, or -1 when refused (rv->refusal says why). */
int  lw_review_build(const lw_project *p, const lw_source *src, const lw_task *t, lw_review *rv);

#endif
