/* store_marker.c — presence-only files (.liza/PAUSE, .liza/ABORT): agents
 * react to their existence, and the HUD ages a pause by the file's mtime. */
#include "core/store/store_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

int store_touch_marker(const char *path, lw_error *err)
{
	const struct store_ops *sys = store_sys();
	/* O_EXCL makes creation one atomic step, and leaves an existing marker
	 * (and so the pause's age) alone. */
	int fd = sys->open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY | O_CLOEXEC, 0644);
	if (fd < 0) {
		int e = errno;
		struct stat st;
		if (e == EEXIST && stat(path, &st) == 0 && S_ISREG(st.st_mode))
			return STORE_EXISTS;
		if (e == EEXIST)   /* a directory, a FIFO, a dangling link: not a marker */
			lw_error_set(err, path, 0, 0, "cannot create marker: exists and is not a regular file");
		else
			lw_error_set(err, path, 0, 0, "cannot create marker: %s", strerror(e));
		return STORE_ERR;
	}
	if (sys->close(fd) != 0) {
		int e = errno;
		unlink(path);
		lw_error_set(err, path, 0, 0, "cannot create marker: %s", strerror(e));
		return STORE_ERR;
	}
	(void)store_fsync_dir_of(path);   /* durability only; the marker exists */
	return STORE_OK;
}

int store_remove_marker(const char *path, lw_error *err)
{
	if (unlink(path) != 0) {
		if (errno == ENOENT)
			return STORE_ENOENT;
		lw_error_set(err, path, 0, 0, "cannot remove marker: %s", strerror(errno));
		return STORE_ERR;
	}
	(void)store_fsync_dir_of(path);
	return STORE_OK;
}
