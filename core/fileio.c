#include "core/fileio.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int lw_read_file(const char *path, size_t max_bytes, char **buf, size_t *len, lw_error *err)
{
	*buf = NULL;
	*len = 0;
	/* O_NONBLOCK: opening a FIFO for reading must not wait for a writer. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		if (errno == ENOENT)
			return LW_READ_MISSING;
		lw_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
		return LW_READ_ERROR;
	}
	struct stat st;
	if (fstat(fd, &st) < 0) {
		lw_error_set(err, path, 0, 0, "cannot stat: %s", strerror(errno));
		close(fd);
		return LW_READ_ERROR;
	}
	if (!S_ISREG(st.st_mode)) {
		lw_error_set(err, path, 0, 0, "not a regular file (%s)",
		             S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO" : "a special file");
		close(fd);
		return LW_READ_ERROR;
	}
	if ((size_t)st.st_size > max_bytes) {
		lw_error_set(err, path, 0, 0, "file is %lld bytes, over the limit of %zu",
		             (long long)st.st_size, max_bytes);
		close(fd);
		return LW_READ_ERROR;
	}
	/* The size may change under us (a writer appending): read to EOF with a cap. */
	size_t cap = (size_t)st.st_size + 1, n = 0;
	char *p = malloc(cap + 1);
	if (!p)
		abort();
	for (;;) {
		if (n == cap) {
			if (cap > max_bytes) {
				lw_error_set(err, path, 0, 0, "file grew over the limit of %zu bytes while read", max_bytes);
				free(p);
				close(fd);
				return LW_READ_ERROR;
			}
			cap *= 2;
			p = realloc(p, cap + 1);
			if (!p)
				abort();
		}
		ssize_t r = read(fd, p + n, cap - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			lw_error_set(err, path, 0, 0, "cannot read: %s", strerror(errno));
			free(p);
			close(fd);
			return LW_READ_ERROR;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	p[n] = '\0';
	*buf = p;
	*len = n;
	return LW_READ_OK;
}

bool lw_exists(const char *path, struct stat *st)
{
	struct stat tmp;
	return stat(path, st ? st : &tmp) == 0;
}

char *lw_path_join(char *out, size_t n, const char *dir, const char *name)
{
	if (!dir || !*dir || strcmp(dir, ".") == 0)
		snprintf(out, n, "%s", name);
	else if (dir[strlen(dir) - 1] == '/')
		snprintf(out, n, "%s%s", dir, name);
	else
		snprintf(out, n, "%s/%s", dir, name);
	return out;
}
