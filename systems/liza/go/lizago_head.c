/* lizago_head.c — the commit a task's worktree has checked out, read from
 * git's files (no git process, nothing executed, nothing written), for the
 * check submitVerdict makes before a verdict: a review_commit that is not
 * the worktree's HEAD means the worktree moved after submission
 * (ops/submit_verdict.go, 0323e95: "review_commit X does not match worktree
 * HEAD Y"). Liza skips the check when the worktree is not on disk; so does
 * this, and when neither the worktree nor the project has a .git (no git
 * to ask: the demo's projects). What the files do not settle (a ref this reader cannot resolve) is
 * reported, and the verdict left to Liza. */
#include "systems/liza/go/lizago_head.h"
#include "core/util/fileio.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { SMALL = 4096, PACKED_MAX = 8 << 20 };

/* The first line of a small file, trimmed; false when it does not read. */
static bool first_line(const char *path, char *out, size_t n)
{
	char *buf;
	size_t len;
	lw_error err;
	if (lw_read_file(path, SMALL, &buf, &len, &err) != LW_READ_OK)
		return false;
	size_t k = strcspn(buf, "\r\n");
	while (k && isspace((unsigned char)buf[k - 1]))
		k--;
	bool ok = k > 0 && k < n;
	if (ok)
		snprintf(out, n, "%.*s", (int)k, buf);
	free(buf);
	return ok;
}

static bool is_oid(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");
	return s[n] == '\0' && (n == 40 || n == 64);
}

/* A ref under dir: its loose file, else packed-refs. */
static bool resolve(const char *dir, const char *ref, char *oid, size_t n)
{
	char p[LW_PATH_MAX];
	if (strstr(ref, "..") || ref[0] == '/')
		return false;
	if (first_line(lw_path_join(p, sizeof p, dir, ref), oid, n) && is_oid(oid))
		return true;
	char *buf;
	size_t len;
	lw_error err;
	if (lw_read_file(lw_path_join(p, sizeof p, dir, "packed-refs"), PACKED_MAX, &buf, &len, &err) != LW_READ_OK)
		return false;
	bool found = false;
	size_t rl = strlen(ref);
	for (char *l = buf; l && *l && !found;) {
		char *nl = strchr(l, '\n');
		if (nl)
			*nl = '\0';
		char *sp = strchr(l, ' ');
		if (l[0] != '#' && l[0] != '^' && sp && strlen(sp + 1) == rl && strncmp(sp + 1, ref, rl) == 0 &&
		    (size_t)(sp - l) < n) {
			snprintf(oid, n, "%.*s", (int)(sp - l), l);
			found = is_oid(oid);
		}
		l = nl ? nl + 1 : NULL;
	}
	free(buf);
	return found;
}

int lizago_worktree_head(const char *liza_dir, const char *task_id, char *oid, size_t n, char *why, size_t wn)
{
	char root[LW_PATH_MAX], wt[LW_PATH_MAX], p[LW_PATH_MAX], line[LW_PATH_MAX], gitdir[LW_PATH_MAX];
	snprintf(root, sizeof root, "%s", liza_dir);
	char *slash = strrchr(root, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(root, sizeof root, ".");
	if (strchr(task_id, '/') || strcmp(task_id, "..") == 0)
		return 0;
	char wts[LW_PATH_MAX];
	lw_path_join(wt, sizeof wt, lw_path_join(wts, sizeof wts, root, ".worktrees"), task_id);
	struct stat sb;
	if (stat(wt, &sb) != 0)
		return 0;                                 /* not on disk: Liza skips the check */
	/* git in a folder without its own .git asks the enclosing repository:
	 * the project's (a project with none has no git for Liza to ask) */
	lw_path_join(p, sizeof p, wt, ".git");
	if (stat(p, &sb) != 0) {
		lw_path_join(p, sizeof p, root, ".git");
		if (stat(p, &sb) != 0)
			return 0;
		snprintf(wt, sizeof wt, "%s", root);
	}
	if (S_ISDIR(sb.st_mode))
		snprintf(gitdir, sizeof gitdir, "%s", p);
	else if (first_line(p, line, sizeof line) && strncmp(line, "gitdir: ", 8) == 0) {
		if (line[8] == '/')
			snprintf(gitdir, sizeof gitdir, "%s", line + 8);
		else
			lw_path_join(gitdir, sizeof gitdir, wt, line + 8);
	} else {
		snprintf(why, wn, "%s has no readable .git", wt);
		return -1;
	}
	char common[LW_PATH_MAX];
	if (first_line(lw_path_join(p, sizeof p, gitdir, "commondir"), line, sizeof line))
		line[0] == '/' ? snprintf(common, sizeof common, "%s", line) : (void)lw_path_join(common, sizeof common, gitdir, line);
	else
		snprintf(common, sizeof common, "%s", gitdir);
	if (!first_line(lw_path_join(p, sizeof p, gitdir, "HEAD"), line, sizeof line)) {
		snprintf(why, wn, "the worktree's HEAD does not read");
		return -1;
	}
	if (is_oid(line) && strlen(line) < n) {
		snprintf(oid, n, "%s", line);
		return 1;
	}
	if (strncmp(line, "ref: ", 5) == 0 && (resolve(gitdir, line + 5, oid, n) || resolve(common, line + 5, oid, n)))
		return 1;
	snprintf(why, wn, "the worktree's HEAD (%.100s) does not resolve from git's files", line);
	return -1;
}
