/* store_write.c — atomic replace: a reader (an agent, the watcher, `yq`) sees
 * either the old bytes or the new ones, never a half-written file, and a crash
 * or a full disk at any step leaves the old file as it was. */
#include "core/store/store_internal.h"
#include "platform/platform.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#define TEMP_TAG  ".lw-"
#define TEMP_X    "XXXXXX"
#define PID_MAX_DIGITS 11   /* "." + up to 10 digits */
#define PROOF_MAX 65        /* "." + the proof (core/txn: 40 hex) */
/* "." + base + "." + pid + "." + proof + TEMP_TAG + TEMP_X must fit in one name component. */
#define TEMP_BASE_MAX (NAME_MAX - 1 - PID_MAX_DIGITS - PROOF_MAX - (sizeof TEMP_TAG - 1) - (sizeof TEMP_X - 1))

bool store_is_temp_name(const char *b)
{
	size_t n = strlen(b), tag = sizeof TEMP_TAG - 1, nx = sizeof TEMP_X - 1;
	if (n < 2 + tag + nx || b[0] != '.')
		return false;
	if (memcmp(b + n - nx - tag, TEMP_TAG, tag) != 0)
		return false;
	/* glibc and the BSDs fill the X's from letters and digits; allow the
	 * few punctuation marks some libcs add. */
	for (size_t i = n - nx; i < n; i++) {
		unsigned char c = (unsigned char)b[i];
		bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
		if (!alnum && c != '.' && c != '_' && c != '-')
			return false;
	}
	return true;
}

/* ".<base>.<pid>.<proof>.lw-XXXXXX" for a file named base in dfd. */
bool store_temp_template(int dfd, const char *base, char *tmpl, size_t n)
{
	int bl = (int)(strlen(base) > TEMP_BASE_MAX ? TEMP_BASE_MAX : strlen(base));
	/* The pid lets the next writer tell a dead process's leftover from a
	 * temp that a live one is still filling, and the proof that it is ours
	 * at all (store_sweep.c). */
	char head[NAME_MAX + 1], tag[PROOF_MAX];
	snprintf(head, sizeof head, ".%.*s.%ld.", bl, base, (long)getpid());
	struct stat st;
	const store_temp_proof *p = store_temp_proof_get();
	bool proved = p && p->make && fstat(dfd, &st) == 0 &&
	              p->make((unsigned long long)st.st_dev, (unsigned long long)st.st_ino, head, tag, sizeof tag);
	int w = proved ? snprintf(tmpl, n, "%s%s" TEMP_TAG TEMP_X, head, tag)
	               : snprintf(tmpl, n, ".%.*s.%ld" TEMP_TAG TEMP_X, bl, base, (long)getpid());
	return w >= 0 && (size_t)w < n;
}

static void join(char *out, const char *target, const char *name)
{
	const char *slash = strrchr(target, '/');
	int dl = slash ? (int)(slash - target) : 0;
	snprintf(out, PATH_MAX, "%.*s/%s", dl, target, name);
}

int store_temp_write(const char *path, const char *buf, size_t len, char *target, char *tmp, lw_error *err)
{
	const struct store_ops *sys = store_sys();

	/* Replace the file the link points at, not the link: renaming over the
	 * link would turn it into a regular file and silently fork the state.
	 * Its folder is opened beneath the project's root (store_root.c): a
	 * link that leads out of the project is refused here. */
	char base[NAME_MAX + 1], name[NAME_MAX + 1];
	int dfd = store_dir_open(path, true, base, sizeof base, target, err);
	if (dfd < 0)
		return STORE_ERR;

	struct stat st;
	bool existed = fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW) == 0;
	if (!existed && errno != ENOENT) {
		lw_error_set(err, path, 0, 0, "cannot stat: %s", strerror(errno));
		close(dfd);
		return STORE_ERR;
	}
	if (existed && !S_ISREG(st.st_mode)) {
		lw_error_set(err, path, 0, 0, "cannot replace: not a regular file");
		close(dfd);
		return STORE_ERR;
	}
	/* Same directory as the target, so rename(2) is atomic (same filesystem). */
	if (!store_temp_template(dfd, base, name, sizeof name)) {
		lw_error_set(err, path, 0, 0, "temp file path too long");
		close(dfd);
		return STORE_ERR;
	}
	int fd = sys->mkostemp(dfd, name, O_CLOEXEC);
	join(tmp, target, name);
	if (fd < 0) {
		lw_error_set(err, path, 0, 0, "cannot create temp file %s: %s (file left unchanged)",
		             tmp, strerror(errno));
		close(dfd);
		return STORE_ERR;
	}

	const char *step;
	/* Root rewriting an agent's file must not hand it to root (a 0600 state
	 * file would become unreadable to the agents); best effort, since only
	 * root may give a file away. Before fchmod: chown may clear mode bits. */
	if (existed && (st.st_uid != geteuid() || st.st_gid != getegid())) {
		if (fchown(fd, st.st_uid, st.st_gid) != 0) {
			/* not ours to give away: keep our ownership */
		}
	}
	/* Explicit, not umask-dependent: 0600 must stay 0600, and a new state
	 * file gets the mode the Liza scripts' files have. */
	if (sys->fchmod(fd, existed ? st.st_mode & 07777 : 0644) != 0) {
		step = "set mode of temp file";
		goto fail;
	}
	size_t off = 0;
	while (off < len) {
		ssize_t w = sys->write(fd, buf + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			step = "write temp file";
			goto fail;
		}
		if (w == 0) {   /* no progress and no error: treat as a full disk, do not spin */
			errno = ENOSPC;
			step = "write temp file";
			goto fail;
		}
		off += (size_t)w;
	}
	/* Data on disk before the rename makes it visible; otherwise a crash
	 * can leave the new name pointing at an empty file (ext4 delalloc). */
	if (sys->fsync(fd) != 0) {
		step = "fsync temp file";
		goto fail;
	}
	int c = sys->close(fd);
	fd = -1;
	if (c != 0) {   /* NFS reports write-back errors here */
		step = "close temp file";
		goto fail;
	}
	close(dfd);
	return STORE_OK;

fail:;
	int e = errno;
	if (fd >= 0)
		sys->close(fd);
	unlinkat(dfd, name, 0);
	close(dfd);
	lw_error_set(err, path, 0, 0, "cannot %s: %s (file left unchanged)", step, strerror(e));
	return STORE_ERR;
}

/* The folder of target (a path store_temp_write resolved) beneath the
 * root, and the names of tmp and target in it; -1 with err. */
static int pair_open(const char *tmp, const char *target, char *tb, char *gb, lw_error *err)
{
	int dfd = store_dir_open(target, false, gb, NAME_MAX + 1, NULL, err);
	if (dfd < 0)
		return -1;
	const char *ts = strrchr(tmp, '/'), *gs = strrchr(target, '/');
	const char *t = ts ? ts + 1 : tmp;
	/* Beside each other, always: store_temp_write makes it so. */
	if (!ts || !gs || ts - tmp != gs - target || strncmp(tmp, target, (size_t)(ts - tmp)) != 0 ||
	    strlen(t) > NAME_MAX) {
		lw_error_set(err, target, 0, 0, "temp file %s is not beside the file; nothing written", tmp);
		close(dfd);
		return -1;
	}
	memcpy(tb, t, strlen(t) + 1);
	return dfd;
}

int store_temp_commit(const char *tmp, const char *target, bool must_be_new, lw_error *err)
{
	const struct store_ops *sys = store_sys();
	char tb[NAME_MAX + 1], gb[NAME_MAX + 1];
	int dfd = pair_open(tmp, target, tb, gb, err);
	if (dfd < 0)
		return STORE_ERR;   /* the temp stays: it may lie outside, and is not ours to remove there */
	int r;
	/* A file that did not exist when we read it must not be clobbered if a
	 * writer created it since: RENAME_NOREPLACE (or link) fails instead. */
	if (must_be_new) {
		r = platform_rename_noreplace_at(dfd, tb, gb);
		if (r != 0 && (errno == EINVAL || errno == ENOSYS))
			r = sys->rename(dfd, tb, gb);   /* the filesystem cannot: plain rename */
	} else {
		r = sys->rename(dfd, tb, gb);
	}
	if (r != 0) {
		int e = errno;
		unlinkat(dfd, tb, 0);
		close(dfd);
		lw_error_set(err, target, 0, 0, "cannot rename temp file over the file: %s (file left unchanged)",
		             strerror(e));
		return e == EEXIST ? STORE_EXISTS : STORE_ERR;
	}
	/* Persist the rename itself. Its failure is not reported as an error:
	 * the new bytes are already in place and cannot be taken back, and
	 * STORE_ERR promises the file was left unchanged. */
	(void)sys->fsync(dfd);
	close(dfd);
	return STORE_OK;
}

int store_write_atomic(const char *path, const char *buf, size_t len, lw_error *err)
{
	char target[PATH_MAX], tmp[PATH_MAX];
	int rc = store_temp_write(path, buf, len, target, tmp, err);
	return rc == STORE_OK ? store_temp_commit(tmp, target, false, err) : rc;
}

int store_temp_swap(const char *tmp, const char *target, lw_error *err)
{
	const struct store_ops *sys = store_sys();
	if (sys->exchange) {
		char tb[NAME_MAX + 1], gb[NAME_MAX + 1];
		int dfd = pair_open(tmp, target, tb, gb, err);
		if (dfd < 0)
			return STORE_ERR;
		if (sys->exchange(dfd, tb, gb) == 0) {
			close(dfd);
			return STORE_OK;
		}
		if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) {
			int e = errno;
			unlinkat(dfd, tb, 0);
			close(dfd);
			lw_error_set(err, target, 0, 0, "cannot rename temp file over the file: %s (file left unchanged)",
			             strerror(e));
			return STORE_ERR;
		}
		close(dfd);
	}
	int rc = store_temp_commit(tmp, target, false, err);
	return rc == STORE_OK ? STORE_EXISTS : rc;
}

int store_temp_open(const char *tmp, const char *target)
{
	char tb[NAME_MAX + 1], gb[NAME_MAX + 1];
	lw_error err;
	int dfd = pair_open(tmp, target, tb, gb, &err);
	if (dfd < 0)
		return -1;
	int fd = openat(dfd, tb, O_RDWR | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	close(dfd);
	return fd;
}

int store_temp_refill(int fd, const char *buf, size_t len)
{
	size_t off = 0;
	while (off < len) {
		ssize_t w = pwrite(fd, buf + off, len - off, (off_t)off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		off += (size_t)w;
	}
	return ftruncate(fd, (off_t)len);
}
