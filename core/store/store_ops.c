/* store_ops.c — the test seam: the syscalls the store makes, swappable.
 *
 * This table is the module's only mutable global, on purpose: fault injection
 * (ENOSPC, EIO from fsync, a failing rename, EACCES as root, a kernel with
 * no openat2) must reach the syscalls deep inside the write path without
 * threading an ops pointer through every public call that production code
 * makes. Tests set it, production never does. */
#include "core/store/store_internal.h"
#include "platform/platform.h"
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

/* open(2) is variadic; the seam wants a fixed signature. */
static int real_open(int dfd, const char *path, int flags, mode_t mode) { return openat(dfd, path, flags, mode); }
static ssize_t real_read(int fd, void *buf, size_t n) { return read(fd, buf, n); }
static ssize_t real_write(int fd, const void *buf, size_t n) { return write(fd, buf, n); }
static int real_fchmod(int fd, mode_t mode) { return fchmod(fd, mode); }
static int real_fsync(int fd) { return fsync(fd); }
static int real_close(int fd) { return close(fd); }
static int real_rename(int dfd, const char *from, const char *to) { return renameat(dfd, from, dfd, to); }
static int real_exchange(int dfd, const char *a, const char *b) { return platform_exchange_at(dfd, a, b); }

static int real_openat2(int dfd, const char *path, int flags, unsigned long long resolve)
{
	return platform_openat2(dfd, path, flags, resolve);
}

/* mkostemp(3) inside a folder descriptor: libc has no mkostempat. The
 * final name is never a symlink followed (O_EXCL|O_NOFOLLOW). */
static int real_mkostemp(int dfd, char *tmpl, int flags)
{
	static const char set[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	size_t n = strlen(tmpl);
	if (n < 6 || strcmp(tmpl + n - 6, "XXXXXX") != 0) {
		errno = EINVAL;
		return -1;
	}
	for (int tries = 0; tries < 100; tries++) {
		unsigned char r[6];
		if (!platform_random(r, sizeof r)) {
			uint64_t x = (uint64_t)getpid() * 2654435761u ^ (uint64_t)(uintptr_t)&r ^ (uint64_t)tries * 40503u;
			for (int i = 0; i < 6; i++)
				r[i] = (unsigned char)(x >> (8 * i));
		}
		for (int i = 0; i < 6; i++)
			tmpl[n - 6 + i] = set[r[i] % (sizeof set - 1)];
		int fd = openat(dfd, tmpl, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | flags, 0600);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	errno = EEXIST;
	return -1;
}

static const struct store_ops real_ops = {
	.open = real_open, .mkostemp = real_mkostemp, .read = real_read,
	.write = real_write, .fchmod = real_fchmod, .fsync = real_fsync,
	.close = real_close, .rename = real_rename, .exchange = real_exchange,
	.openat2 = real_openat2,
};

static struct store_ops active_ops = {
	.open = real_open, .mkostemp = real_mkostemp, .read = real_read,
	.write = real_write, .fchmod = real_fchmod, .fsync = real_fsync,
	.close = real_close, .rename = real_rename, .exchange = real_exchange,
	.openat2 = real_openat2,
};

const struct store_ops *store_sys(void) { return &active_ops; }

void store_set_ops(const struct store_ops *ops)
{
	active_ops = real_ops;
	if (!ops)
		return;
	/* A test usually overrides one call; NULL members keep the real one. */
	if (ops->open) active_ops.open = ops->open;
	if (ops->mkostemp) active_ops.mkostemp = ops->mkostemp;
	if (ops->read) active_ops.read = ops->read;
	if (ops->write) active_ops.write = ops->write;
	if (ops->fchmod) active_ops.fchmod = ops->fchmod;
	if (ops->fsync) active_ops.fsync = ops->fsync;
	if (ops->close) active_ops.close = ops->close;
	if (ops->rename) active_ops.rename = ops->rename;
	/* A test that makes rename fail means every swap: no exchange then. */
	if (ops->rename && !ops->exchange) active_ops.exchange = NULL;
	if (ops->exchange) active_ops.exchange = ops->exchange;
	if (ops->openat2) active_ops.openat2 = ops->openat2;
}

int store_temp_create(int dfd, char *tmpl, int flags)
{
	return active_ops.mkostemp(dfd, tmpl, flags);
}
