/* store_append.c — appending to a log the way the agents' `cat >>` does: in
 * place, O_APPEND, so an entry another writer appends at the same moment is
 * never lost (a rewrite by rename would drop it). A failed or short append
 * is cut back off, so the log never ends in half an entry of ours. */
#include "core/store/store_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

int store_append(const char *path, const char *buf, size_t len, bool sync, long long *offset, lw_error *err)
{
	const struct store_ops *sys = store_sys();
	/* The log the link names, reached beneath the project's root. */
	char base[NAME_MAX + 1];
	int dfd = store_dir_open(path, true, base, sizeof base, NULL, err);
	if (dfd < 0)
		return errno == ENOENT ? STORE_ENOENT : STORE_ERR;
	int fd = sys->open(dfd, base, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0);
	int oe = errno;
	if (fd < 0) {
		close(dfd);
		lw_error_set(err, path, 0, 0, "cannot open for appending: %s (file left unchanged)", strerror(oe));
		return oe == ENOENT ? STORE_ENOENT : STORE_ERR;
	}
	/* A regular file with one name, the one in the project: an append
	 * through a hard link would land in the other name's file too. */
	int one = store_single_name(dfd, base, fd, path, "append", err);
	close(dfd);
	struct stat st;
	if (one < 0 || fstat(fd, &st) != 0) {
		if (one == 0)
			lw_error_set(err, path, 0, 0, "cannot append: %s (file left unchanged)", strerror(errno));
		sys->close(fd);
		return STORE_ERR;
	}
	if (offset)
		*offset = (long long)st.st_size;
	size_t off = 0;
	const char *step = NULL;
	while (off < len && !step) {
		ssize_t w = sys->write(fd, buf + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = ENOSPC;
			step = "append";
		} else {
			off += (size_t)w;
		}
	}
	if (!step && sync && sys->fsync(fd) != 0)
		step = "fsync after appending";
	if (step) {
		int e = errno;
		if (ftruncate(fd, st.st_size) != 0) {
			/* cannot cut it back: say so rather than promise an unchanged file */
		}
		sys->close(fd);
		lw_error_set(err, path, 0, 0, "cannot %s: %s (file left unchanged)", step, strerror(e));
		return STORE_ERR;
	}
	sys->close(fd);
	return STORE_OK;
}

int store_open_read(const char *path)
{
	return store_sys()->open(AT_FDCWD, path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
}

int store_truncate(const char *path, long long size)
{
	char base[NAME_MAX + 1];
	lw_error err;
	int dfd = store_dir_open(path, true, base, sizeof base, NULL, &err);
	if (dfd < 0)
		return -1;
	int fd = openat(dfd, base, O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	int one = fd >= 0 ? store_single_name(dfd, base, fd, path, "cut back", &err) : -1;
	close(dfd);
	if (fd < 0)
		return -1;
	if (one < 0) {
		close(fd);
		return -1;
	}
	int rc = ftruncate(fd, (off_t)size);
	close(fd);
	return rc;
}
