/* store_marker.c — presence-only files (.liza/PAUSE, .liza/ABORT): agents
 * react to their existence, and the HUD ages a pause by the file's mtime.
 * Both reach the marker's own entry (never a link's target) in its folder
 * opened beneath the project's root. */
#include "core/store/store_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

int store_touch_marker(const char *path, lw_error *err)
{
	const struct store_ops *sys = store_sys();
	char base[NAME_MAX + 1];
	int dfd = store_dir_open(path, false, base, sizeof base, NULL, err);
	if (dfd < 0)
		return STORE_ERR;
	/* O_EXCL makes creation one atomic step, and leaves an existing marker
	 * (and so the pause's age) alone; it never follows a link either. */
	int fd = sys->open(dfd, base, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0644);
	if (fd < 0) {
		int e = errno;
		struct stat st;
		bool reg = fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
		close(dfd);
		if (e == EEXIST && reg)
			return STORE_EXISTS;
		if (e == EEXIST)   /* a directory, a FIFO, a dangling link: not a marker */
			lw_error_set(err, path, 0, 0, "cannot create marker: exists and is not a regular file");
		else
			lw_error_set(err, path, 0, 0, "cannot create marker: %s", strerror(e));
		return STORE_ERR;
	}
	if (sys->close(fd) != 0) {
		int e = errno;
		unlinkat(dfd, base, 0);
		close(dfd);
		lw_error_set(err, path, 0, 0, "cannot create marker: %s", strerror(e));
		return STORE_ERR;
	}
	(void)sys->fsync(dfd);   /* durability only; the marker exists */
	close(dfd);
	return STORE_OK;
}

int store_remove_marker(const char *path, lw_error *err)
{
	char base[NAME_MAX + 1];
	int dfd = store_dir_open(path, false, base, sizeof base, NULL, err);
	if (dfd < 0) {
		if (errno != ENOENT)
			return STORE_ERR;
		lw_error_clear(err);
		return STORE_ENOENT;
	}
	if (unlinkat(dfd, base, 0) != 0) {
		int e = errno;
		close(dfd);
		if (e == ENOENT)
			return STORE_ENOENT;
		lw_error_set(err, path, 0, 0, "cannot remove marker: %s", strerror(e));
		return STORE_ERR;
	}
	(void)store_sys()->fsync(dfd);
	close(dfd);
	return STORE_OK;
}

int store_mkdir(const char *path, lw_error *err)
{
	char base[NAME_MAX + 1];
	int dfd = store_dir_open(path, false, base, sizeof base, NULL, err);
	if (dfd < 0)
		return -1;
	int rc = mkdirat(dfd, base, 0755);
	int e = errno;
	close(dfd);
	errno = e;
	if (rc != 0 && e != EEXIST)
		lw_error_set(err, path, 0, 0, "cannot make the folder: %s", strerror(e));
	return rc;
}
