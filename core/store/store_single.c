/* store_single.c — no write in place through a second name. Replacing a
 * file by rename only ever changes the name in the project (a hard link's
 * other names keep the old bytes); a write in place changes the inode, and
 * with it every other name it has — a file outside the project linked in
 * as `.liza/log.yaml` would get our entries. So every in-place writer
 * checks, on the descriptor it holds, that the file has one name and is
 * the one that name leads to. */
#include "core/store/store_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>
#include <string.h>
#include <sys/stat.h>

int store_single_name(int dfd, const char *base, int fd, const char *path, const char *what, lw_error *err)
{
	struct stat st, at;
	if (fstat(fd, &st) != 0) {
		lw_error_set(err, path, 0, 0, "cannot %s: %s; nothing written", what, strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		lw_error_set(err, path, 0, 0, "cannot %s: not a regular file; nothing written", what);
		return -1;
	}
	if (st.st_nlink != 1) {
		lw_error_set(err, path, 0, 0,
		             "cannot %s: the file has %lu names (a hard link: another name may lie outside the project); "
		             "nothing written",
		             what, (unsigned long)st.st_nlink);
		return -1;
	}
	if (fstatat(dfd, base, &at, AT_SYMLINK_NOFOLLOW) != 0 || at.st_dev != st.st_dev || at.st_ino != st.st_ino) {
		lw_error_set(err, path, 0, 0, "cannot %s: the file changed under its name while opened; nothing written", what);
		return -1;
	}
	return 0;
}

int store_single_check(const char *path, const char *what, lw_error *err)
{
	char base[NAME_MAX + 1];
	int dfd = store_dir_open(path, true, base, sizeof base, NULL, err);
	if (dfd < 0)
		return errno == ENOENT ? (lw_error_clear(err), STORE_ENOENT) : STORE_ERR;
	int fd = openat(dfd, base, O_RDONLY | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		close(dfd);
		if (e == ENOENT)
			return STORE_ENOENT;
		lw_error_set(err, path, 0, 0, "cannot %s: %s; nothing written", what, strerror(e));
		return STORE_ERR;
	}
	int rc = store_single_name(dfd, base, fd, path, what, err);
	close(fd);
	close(dfd);
	return rc < 0 ? STORE_ERR : STORE_OK;
}
