/* sim_tree.c — the demo's sandbox: copy the examples into a fresh folder
 * and remove it afterwards, in C (no `cp -R`, no `rm -rf`: no shell, no
 * PATH, nothing to quote). The copy keeps every file's mode, plus the
 * owner's write bit (an installed example may be read-only; its copy is
 * where the team writes); links are
 * recreated as links, never followed, so a link in the examples cannot
 * drag files from elsewhere into the sandbox. */
#include "sim/sim.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { MAX_DEPTH = 32 };

static int copy_file(const char *src, const char *dst, mode_t mode, lw_error *err)
{
	int in = open(src, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (in < 0) {
		lw_error_set(err, src, 0, 0, "cannot read: %s", strerror(errno));
		return -1;
	}
	int out = open(dst, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, mode & 07777);
	if (out < 0) {
		lw_error_set(err, dst, 0, 0, "cannot create: %s", strerror(errno));
		close(in);
		return -1;
	}
	char buf[65536];
	ssize_t r;
	int rc = 0;
	while ((r = read(in, buf, sizeof buf)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			lw_error_set(err, src, 0, 0, "cannot read: %s", strerror(errno));
			rc = -1;
			break;
		}
		for (ssize_t off = 0; off < r;) {
			ssize_t w = write(out, buf + off, (size_t)(r - off));
			if (w < 0 && errno == EINTR)
				continue;
			if (w < 0) {
				lw_error_set(err, dst, 0, 0, "cannot write: %s", strerror(errno));
				rc = -1;
				break;
			}
			off += w;
		}
		if (rc)
			break;
	}
	/* The umask trimmed the mode at creation: set it exactly. */
	if (rc == 0 && fchmod(out, mode & 07777) < 0) {
		lw_error_set(err, dst, 0, 0, "cannot set mode: %s", strerror(errno));
		rc = -1;
	}
	if (close(out) < 0 && rc == 0) {
		lw_error_set(err, dst, 0, 0, "cannot write: %s", strerror(errno));
		rc = -1;
	}
	close(in);
	return rc;
}

static int copy_link(const char *src, const char *dst, lw_error *err)
{
	char target[LW_PATH_MAX];
	ssize_t n = readlink(src, target, sizeof target - 1);
	if (n < 0) {
		lw_error_set(err, src, 0, 0, "cannot read link: %s", strerror(errno));
		return -1;
	}
	target[n] = '\0';
	if (symlink(target, dst) < 0) {
		lw_error_set(err, dst, 0, 0, "cannot create link: %s", strerror(errno));
		return -1;
	}
	return 0;
}

static int copy_dir(const char *src, const char *dst, mode_t mode, int depth, lw_error *err)
{
	if (depth > MAX_DEPTH) {
		lw_error_set(err, src, 0, 0, "nested more than %d folders deep", MAX_DEPTH);
		return -1;
	}
	/* Owner rwx while filling it, the source's mode once full. */
	if (mkdir(dst, 0700) < 0) {
		lw_error_set(err, dst, 0, 0, "cannot create folder: %s", strerror(errno));
		return -1;
	}
	DIR *d = opendir(src);
	if (!d) {
		lw_error_set(err, src, 0, 0, "cannot list: %s", strerror(errno));
		return -1;
	}
	int rc = 0;
	for (struct dirent *e; rc == 0 && (e = readdir(d));) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char s[LW_PATH_MAX], t[LW_PATH_MAX];
		if ((size_t)snprintf(s, sizeof s, "%s/%s", src, e->d_name) >= sizeof s ||
		    (size_t)snprintf(t, sizeof t, "%s/%s", dst, e->d_name) >= sizeof t) {
			lw_error_set(err, src, 0, 0, "path too long under this folder");
			rc = -1;
			break;
		}
		struct stat st;
		if (lstat(s, &st) < 0) {
			lw_error_set(err, s, 0, 0, "cannot stat: %s", strerror(errno));
			rc = -1;
		} else if (S_ISDIR(st.st_mode)) {
			rc = copy_dir(s, t, st.st_mode | S_IRWXU, depth + 1, err);
		} else if (S_ISREG(st.st_mode)) {
			rc = copy_file(s, t, st.st_mode | S_IWUSR, err);
		} else if (S_ISLNK(st.st_mode)) {
			rc = copy_link(s, t, err);
		}
		/* sockets, FIFOs, devices: not part of an example project */
	}
	closedir(d);
	if (rc == 0 && chmod(dst, mode & 07777) < 0) {
		lw_error_set(err, dst, 0, 0, "cannot set mode: %s", strerror(errno));
		rc = -1;
	}
	return rc;
}

int sim_tree_copy(const char *src, const char *dst, lw_error *err)
{
	struct stat st;
	if (stat(src, &st) < 0 || !S_ISDIR(st.st_mode)) {
		lw_error_set(err, src, 0, 0, "not a folder");
		return -1;
	}
	return copy_dir(src, dst, st.st_mode | S_IRWXU, 0, err);
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb; (void)ftw;
	if (flag == FTW_DP)
		return rmdir(path) < 0 && errno != ENOENT ? -1 : 0;
	return unlink(path) < 0 && errno != ENOENT ? -1 : 0;
}

int sim_tree_remove(const char *path, lw_error *err)
{
	if (nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0) {
		lw_error_set(err, path, 0, 0, "cannot remove: %s", strerror(errno));
		return -1;
	}
	return 0;
}
