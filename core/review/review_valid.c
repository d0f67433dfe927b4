/* review_valid.c — values a state file hands us before they reach git's
 * argument vector: commit ids must be hex object ids, paths must stay in
 * the project. Agents write these files; a value shaped like an option or
 * a shell string is refused with a message saying so, and nothing runs. */
#include "core/review/review.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Characters a shell would act on; none belongs in a commit id, and a path
 * a state file gives for a worktree has no business holding them either. */
static const char shell_chars[] = "$`;|&<>(){}!*?\\\"'\n\r";

static bool looks_shell(const char *s)
{
	for (; *s; s++)
		if (strchr(shell_chars, *s) || (unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
}

/* The refusals every value shares, whatever it should be (a `kind`: "a
 * commit id", "a path"): empty, shaped like an option, or like a shell
 * string. shown: how many of its bytes a message quotes. */
static bool refused(const char *what, const char *v, const char *kind, int shown, char *msg, size_t n)
{
	if (!v || !*v)
		snprintf(msg, n, "%s is empty", what);
	else if (v[0] == '-')
		snprintf(msg, n, "%s '%.*s' looks like an option, not %s: refused, nothing run", what, shown, v, kind);
	else if (looks_shell(v))
		snprintf(msg, n, "%s '%.*s' looks like a shell string, not %s: refused, nothing run", what, shown, v, kind);
	else
		return false;
	return true;
}

int lw_review_commit_ok(const char *what, const char *id, char *msg, size_t n)
{
	if (refused(what, id, "a commit id", 80, msg, n))
		return -1;
	size_t len = strlen(id);
	for (size_t i = 0; i < len; i++)
		if (!isxdigit((unsigned char)id[i])) {
			snprintf(msg, n, "%s '%.80s' is not a commit id (7 to 64 hex digits): refused, nothing run", what, id);
			return -1;
		}
	if (len < 7 || len > LW_COMMIT_MAX) {
		snprintf(msg, n, "%s '%.80s' has %zu hex digits; a commit id has 7 to 64: refused, nothing run", what, id,
		         len);
		return -1;
	}
	return 0;
}

/* Resolve "." and ".." of an absolute path without touching the disk. */
static void normalize(const char *in, char *out, size_t n)
{
	size_t o = 0;
	out[0] = '\0';
	const char *p = in;
	while (*p) {
		while (*p == '/')
			p++;
		if (!*p)
			break;
		size_t len = strcspn(p, "/");
		if (len == 1 && p[0] == '.') {
			/* nothing */
		} else if (len == 2 && p[0] == '.' && p[1] == '.') {
			while (o > 0 && out[o - 1] != '/')
				o--;
			if (o > 0)
				o--;   /* the slash */
			out[o] = '\0';
		} else if (o + 1 + len + 1 < n) {
			out[o++] = '/';
			memcpy(out + o, p, len);
			o += len;
			out[o] = '\0';
		}
		p += len;
	}
	if (o == 0)
		snprintf(out, n, "/");
}

static bool inside(const char *root, const char *path)
{
	size_t rl = strlen(root);
	if (rl == 1 && root[0] == '/')
		return true;
	return strncmp(root, path, rl) == 0 && (path[rl] == '\0' || path[rl] == '/');
}

int lw_review_path_ok(const char *project, const char *what, const char *path, char *out, size_t n,
                      char *msg, size_t mn)
{
	if (refused(what, path, "a path", 200, msg, mn))
		return -1;
	char root[PATH_MAX];
	if (!realpath(project, root)) {
		snprintf(msg, mn, "%s: %s", project, strerror(errno));
		return -1;
	}
	char joined[PATH_MAX * 2];
	if (path[0] == '/')
		snprintf(joined, sizeof joined, "%s", path);
	else
		snprintf(joined, sizeof joined, "%s/%s", root, path);
	char real[PATH_MAX];
	if (realpath(joined, real)) {
		if (!inside(root, real)) {
			snprintf(msg, mn, "%s '%.200s' is outside the project (%.200s): refused, nothing run", what, path, root);
			return -1;
		}
		snprintf(out, n, "%s", real);
		return 0;
	}
	/* Gone: judge the words, so a missing path outside is still refused,
	 * and the deepest part that exists, so a symlink out is too. */
	char norm[PATH_MAX];
	normalize(joined, norm, sizeof norm);
	bool in = inside(root, norm);
	char part[PATH_MAX];
	snprintf(part, sizeof part, "%s", norm);
	for (char *slash; in && (slash = strrchr(part, '/')) != NULL;) {
		*slash = '\0';
		if (realpath(part[0] ? part : "/", real)) {
			in = inside(root, real);
			break;
		}
	}
	if (!in) {
		snprintf(msg, mn, "%s '%.200s' is outside the project (%.200s): refused, nothing run", what, path, root);
		return -1;
	}
	snprintf(out, n, "%s", norm);
	return 1;
}

bool lw_review_is_worktree_of(const char *project, const char *dir)
{
	char root[PATH_MAX], p[PATH_MAX + 8], common[PATH_MAX];
	if (!realpath(project, root))
		return false;
	snprintf(p, sizeof p, "%s/.git", root);
	struct stat st;
	if (stat(p, &st) < 0 || !S_ISDIR(st.st_mode))
		return true;
	if (!realpath(p, common))
		return false;
	if (strcmp(dir, root) == 0)
		return true;
	/* The worktree's .git: a small file "gitdir: PATH". */
	snprintf(p, sizeof p, "%s/.git", dir);
	int fd = open(p, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return false;
	char buf[PATH_MAX + 16];
	ssize_t n = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, buf, sizeof buf - 1) : -1;
	close(fd);
	if (n <= 8 || strncmp(buf, "gitdir: ", 8) != 0)
		return false;
	buf[n] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	char target[PATH_MAX * 2 + 2], real[PATH_MAX];
	if (buf[8] == '/')
		snprintf(target, sizeof target, "%s", buf + 8);
	else
		snprintf(target, sizeof target, "%s/%s", dir, buf + 8);
	if (!realpath(target, real))
		return false;
	return inside(common, real);
}
