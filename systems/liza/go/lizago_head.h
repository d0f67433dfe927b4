/* lizago_head.h — the commit a task's worktree has checked out (lizago_head.c). */
#ifndef LW_LIZAGO_HEAD_H
#define LW_LIZAGO_HEAD_H

#include <stddef.h>

/* The commit .worktrees/TASK has checked out, from git's files: 1 with
 * oid, 0 when the worktree is not on disk (Liza skips its check then), -1
 * with why when the files do not settle it. */
int lizago_worktree_head(const char *liza_dir, const char *task_id, char *oid, size_t n, char *why, size_t wn);

#endif
