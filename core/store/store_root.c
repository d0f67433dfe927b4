/* store_root.c — the boundary no write crosses.
 *
 * While a root is entered (a transition, a recovery: core/model enters
 * the project's canonical folder), every file the store creates, replaces,
 * appends to, locks or removes is reached through a descriptor of its
 * folder opened beneath that root: openat2(RESOLVE_BENEATH |
 * RESOLVE_NO_MAGICLINKS) from a descriptor of the root where the kernel
 * has it, else a walk from the root one component at a time with
 * O_NOFOLLOW. The name inside that folder is then used with *at calls that
 * never follow a final symlink (O_NOFOLLOW, O_EXCL, rename, unlink). A
 * folder swapped for a symlink between the check and the write cannot
 * carry the write out: the open itself is the check.
 *
 * Symlinks that stay inside the project are followed as before (a state
 * file linked to another file of the project is written through); one
 * that leads outside is refused with its name and where it points. */
#include "core/store/store_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "platform/platform.h"   /* openat2, its resolve flags, a folder opened for *at calls only */

typedef struct root {
	int fd;                   /* the root, opened for *at calls only (platform_open_dir_path); -1 when none */
	char path[PATH_MAX];      /* canonical */
	bool reading;             /* for review's reads: the refusal says "not read" */
} root;

/* One per thread: the HUD runs writes in a child, the CLI in main. */
static _Thread_local root cur = { .fd = -1 };

static int root_open(root *r, const char *dir, lw_error *err)
{
	r->fd = -1;
	r->reading = false;
	char *rp = realpath(dir, NULL);
	if (!rp || strlen(rp) >= sizeof r->path) {
		lw_error_set(err, dir, 0, 0, "cannot resolve the project folder: %s", rp ? "path too long" : strerror(errno));
		free(rp);
		return STORE_ERR;
	}
	int fd = platform_open_dir_path(AT_FDCWD, rp, 0);
	if (fd < 0) {
		lw_error_set(err, dir, 0, 0, "cannot open the project folder: %s", strerror(errno));
		free(rp);
		return STORE_ERR;
	}
	snprintf(r->path, sizeof r->path, "%s", rp);
	free(rp);
	r->fd = fd;
	return STORE_OK;
}

static void root_close(root *r)
{
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
	r->path[0] = '\0';
}

int store_root_enter(const char *dir, lw_error *err)
{
	store_root_leave();
	return root_open(&cur, dir, err);
}

void store_root_leave(void)
{
	root_close(&cur);
}

const char *store_root(void)
{
	return cur.fd >= 0 ? cur.path : NULL;
}

/* rdir (canonical) relative to the root: "." for the root itself, NULL
 * when it lies elsewhere. */
static const char *below(const root *r, const char *rdir)
{
	size_t rl = strlen(r->path);
	if (strcmp(r->path, "/") == 0)
		return rdir[1] ? rdir + 1 : ".";
	if (strncmp(rdir, r->path, rl) != 0)
		return NULL;
	if (!rdir[rl])
		return ".";
	return rdir[rl] == '/' ? rdir + rl + 1 : NULL;
}

bool store_root_holds(const char *resolved)
{
	return !store_root() || below(&cur, resolved) != NULL;
}

bool store_path_beneath(const char *top, const char *resolved)
{
	root r = { .fd = -1 };
	if (strlen(top) >= sizeof r.path)
		return false;
	snprintf(r.path, sizeof r.path, "%s", top);
	return below(&r, resolved) != NULL;
}

/* The first symlink on path whose end lies outside the root, as
 * "LINK is a symlink to TEXT (resolving to WHERE)"; "" when none is. */
static void offending_link(const root *r, const char *path, char *out, size_t n)
{
	char prefix[PATH_MAX], text[PATH_MAX], where[PATH_MAX];
	out[0] = '\0';
	size_t len = strlen(path);
	if (len >= sizeof prefix)
		return;
	for (size_t i = 1; i <= len; i++) {
		if (i < len && path[i] != '/')
			continue;
		memcpy(prefix, path, i);
		prefix[i] = '\0';
		struct stat st;
		if (lstat(prefix, &st) != 0 || !S_ISLNK(st.st_mode))
			continue;
		ssize_t k = readlink(prefix, text, sizeof text - 1);
		if (k < 0)
			continue;
		text[k] = '\0';
		lw_error e;
		if (!store_resolve_target(prefix, where, sizeof where, &e))
			snprintf(where, sizeof where, "%s", text);
		if (!below(r, where)) {
			/* Three paths may not fit: cut, never overrun. */
			int w = snprintf(out, n, "%s is a symlink to %.1000s", prefix, text);
			if (w > 0 && (size_t)w < n && strcmp(text, where) != 0)
				snprintf(out + w, n - (size_t)w, " (%.1000s)", where);
			return;
		}
	}
}

/* "LINK is a symlink to TEXT (WHERE), outside the project ROOT: …": the
 * link first, since that is what a human has to look at; the path being
 * written only when no link on it is to blame ("..", a path named out). */
static int refuse(const root *r, const char *path, const char *where, lw_error *err)
{
	char link[3 * PATH_MAX / 2];
	offending_link(r, path, link, sizeof link);
	const char *tail = r->reading ? "refused, not read" : "nothing written";
	if (link[0])
		lw_error_set(err, "", 0, 0, "%s, outside the project %s: %s", link, r->path, tail);
	else
		lw_error_set(err, path, 0, 0, "resolves to %s, outside the project %s: %s", where, r->path, tail);
	errno = EXDEV;   /* what callers test: set last, the lookups above clobber it */
	return -1;
}

/* Where the kernel has no openat2 (before 5.6, or a seccomp filter that
 * refuses it): the canonical path walked from the root, each folder
 * opened with O_NOFOLLOW, so a component turned into a symlink since the
 * path was resolved fails instead of leading elsewhere. */
static int walk_beneath(const root *r, const char *rel)
{
	int fd = platform_open_dir_path(r->fd, ".", 0);
	char part[NAME_MAX + 1];
	for (const char *c = rel; fd >= 0 && *c;) {
		size_t k = strcspn(c, "/");
		if (k > NAME_MAX || (k == 2 && c[0] == '.' && c[1] == '.')) {
			close(fd);
			errno = EXDEV;
			return -1;
		}
		memcpy(part, c, k);
		part[k] = '\0';
		c += k;
		while (*c == '/')
			c++;
		if (k == 0 || (k == 1 && part[0] == '.'))
			continue;
		int next = platform_open_dir_path(fd, part, O_NOFOLLOW);
		int e = errno;
		close(fd);
		errno = e;
		fd = next;
	}
	if (fd < 0)
		return -1;
	/* A path-only descriptor cannot be fsynced: the folder itself, read-only. */
	int dfd = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int e = errno;
	close(fd);
	errno = e;
	return dfd;
}

static int open_beneath(const root *r, const char *rel)
{
	const struct store_ops *sys = store_sys();
	if (sys->openat2) {
		int fd = sys->openat2(r->fd, rel, O_RDONLY | O_DIRECTORY | O_CLOEXEC, PLATFORM_RESOLVE_BENEATH | PLATFORM_RESOLVE_NO_MAGICLINKS);
		if (fd >= 0 || (errno != ENOSYS && errno != EPERM && errno != E2BIG))
			return fd;
	}
	return walk_beneath(r, rel);
}

static int dir_open(const root *r, const char *path, bool follow, char *base, size_t bn, char *resolved, lw_error *err)
{
	char res[PATH_MAX], dir[PATH_MAX], b[NAME_MAX + 1];
	if (follow) {
		if (!store_resolve_target(path, res, sizeof res, err))
			return -1;
	} else {
		if (!store_split_path(path, dir, sizeof dir, b, sizeof b)) {
			lw_error_set(err, path, 0, 0, "not a file path");
			return -1;
		}
		char *rp = realpath(dir, NULL);
		if (!rp) {
			int e = errno;
			lw_error_set(err, path, 0, 0, "directory %s: %s", dir, strerror(e));
			errno = e;
			return -1;
		}
		int w = snprintf(res, sizeof res, "%s%s%s", rp, strcmp(rp, "/") == 0 ? "" : "/", b);
		free(rp);
		if (w < 0 || (size_t)w >= sizeof res) {
			lw_error_set(err, path, 0, 0, "path too long");
			return -1;
		}
	}
	if (!store_split_path(res, dir, sizeof dir, b, sizeof b) || strlen(b) >= bn) {
		lw_error_set(err, path, 0, 0, "not a file path");
		errno = ENAMETOOLONG;
		return -1;
	}
	int fd;
	if (r->fd >= 0) {
		const char *rel = below(r, dir);
		if (!rel)
			return refuse(r, path, res, err);
		fd = open_beneath(r, rel);
		if (fd < 0 && (errno == EXDEV || errno == ELOOP || errno == ENOTDIR))
			return refuse(r, path, res, err);   /* moved under us, out of the project */
	} else {
		fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	}
	if (fd < 0) {
		int e = errno;
		lw_error_set(err, path, 0, 0, "cannot open directory %s: %s", dir, strerror(e));
		errno = e;
		return -1;
	}
	memcpy(base, b, strlen(b) + 1);
	if (resolved)
		snprintf(resolved, PATH_MAX, "%s", res);
	return fd;
}

int store_dir_open(const char *path, bool follow, char *base, size_t bn, char *resolved, lw_error *err)
{
	return dir_open(&cur, path, follow, base, bn, resolved, err);
}

int store_open_beneath(const char *dir, const char *path, lw_error *err)
{
	root r;
	if (root_open(&r, dir, err) != STORE_OK)
		return -1;
	r.reading = true;
	char base[NAME_MAX + 1];
	int dfd = dir_open(&r, path, true, base, sizeof base, NULL, err);
	int fd = -1;
	if (dfd >= 0) {
		fd = openat(dfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (fd < 0)
			lw_error_set(err, path, 0, 0, "%s", strerror(errno));
		close(dfd);
	}
	int e = errno;
	root_close(&r);
	errno = e;
	return fd;
}

int store_unlink(const char *path)
{
	char base[NAME_MAX + 1];
	lw_error err;
	int fd = store_dir_open(path, false, base, sizeof base, NULL, &err);
	if (fd < 0)
		return -1;   /* errno: ENOENT, or EXDEV outside the root */
	int rc = unlinkat(fd, base, 0);
	int e = errno;
	close(fd);
	errno = e;
	return rc;
}
