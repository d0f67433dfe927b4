/* store_path.c — path plumbing for the store: split, follow symlinks to the
 * file that must really be replaced, fsync a file's directory. */
#include "core/store/store_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#define MAX_LINK_HOPS 40   /* Linux's own limit before ELOOP */

bool store_split_path(const char *path, char *dir, size_t dirn, char *base, size_t basen)
{
	const char *slash = strrchr(path, '/');
	const char *b = slash ? slash + 1 : path;
	if (!*b || strlen(b) >= basen)
		return false;
	memcpy(base, b, strlen(b) + 1);
	if (!slash) {
		snprintf(dir, dirn, ".");
		return dirn > 1;
	}
	size_t dl = slash == path ? 1 : (size_t)(slash - path);   /* "/x" lives in "/" */
	if (dl >= dirn)
		return false;
	memcpy(dir, path, dl);
	dir[dl] = '\0';
	return true;
}

static bool join(char *out, size_t n, const char *dir, const char *base)
{
	const char *sep = dir[strlen(dir) - 1] == '/' ? "" : "/";
	int w = snprintf(out, n, "%s%s%s", dir, sep, base);
	return w >= 0 && (size_t)w < n;
}

/* realpath() cannot resolve a file that does not exist yet, nor a dangling
 * link; both are legitimate write targets (first write of a state file, a
 * link into a not-yet-populated directory), so walk the chain by hand then. */
bool store_resolve_target(const char *path, char *out, size_t n, lw_error *err)
{
	char cur[PATH_MAX], dir[PATH_MAX], base[NAME_MAX + 1], link[PATH_MAX];
	if (snprintf(cur, sizeof cur, "%s", path) >= (int)sizeof cur) {
		lw_error_set(err, path, 0, 0, "path too long");
		return false;
	}
	for (int hop = 0; hop < MAX_LINK_HOPS; hop++) {
		char *rp = realpath(cur, NULL);
		if (rp) {
			bool ok = snprintf(out, n, "%s", rp) < (int)n;
			free(rp);
			if (!ok)
				lw_error_set(err, path, 0, 0, "resolved path too long");
			return ok;
		}
		if (errno != ENOENT) {
			lw_error_set(err, path, 0, 0, "cannot resolve path: %s", strerror(errno));
			return false;
		}
		if (!store_split_path(cur, dir, sizeof dir, base, sizeof base)) {
			lw_error_set(err, path, 0, 0, "not a file path");
			return false;
		}
		struct stat st;
		if (lstat(cur, &st) == 0 && S_ISLNK(st.st_mode)) {
			ssize_t k = readlink(cur, link, sizeof link - 1);
			if (k < 0) {
				lw_error_set(err, path, 0, 0, "cannot read symlink %s: %s", cur, strerror(errno));
				return false;
			}
			link[k] = '\0';
			if (link[0] == '/')
				memcpy(cur, link, (size_t)k + 1);
			else if (!join(cur, sizeof cur, dir, link)) {
				lw_error_set(err, path, 0, 0, "symlink target path too long");
				return false;
			}
			continue;
		}
		/* The file itself is missing: its directory must exist. */
		rp = realpath(dir, NULL);
		if (!rp) {
			lw_error_set(err, path, 0, 0, "directory %s: %s", dir, strerror(errno));
			return false;
		}
		bool ok = join(out, n, rp, base);
		free(rp);
		if (!ok)
			lw_error_set(err, path, 0, 0, "resolved path too long");
		return ok;
	}
	lw_error_set(err, path, 0, 0, "cannot resolve path: %s", strerror(ELOOP));
	return false;
}

int store_fsync_dir_of(const char *path)
{
	const struct store_ops *sys = store_sys();
	char dir[PATH_MAX], base[NAME_MAX + 1];
	if (!store_split_path(path, dir, sizeof dir, base, sizeof base))
		return ENAMETOOLONG;
	int fd = sys->open(AT_FDCWD, dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
	if (fd < 0)
		return errno;
	int rc = 0;
	if (sys->fsync(fd) != 0 && errno != EINVAL && errno != ENOTSUP)
		rc = errno;
	sys->close(fd);
	return rc;
}
