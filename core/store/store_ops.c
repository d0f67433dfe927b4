/* store_ops.c — the test seam: the syscalls the store makes, swappable.
 *
 * This table is the module's only mutable global, on purpose: fault injection
 * (ENOSPC, EIO from fsync, a failing rename, EACCES as root) must reach the
 * syscalls deep inside the write path without threading an ops pointer through
 * every public call that production code makes. Tests set it, production never
 * does. */
#include "core/store/store_internal.h"
#include "platform/platform.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>

/* open(2) is variadic; the seam wants a fixed signature. */
static int real_open(const char *path, int flags, mode_t mode) { return open(path, flags, mode); }
static int real_mkostemp(char *tmpl, int flags) { return mkostemp(tmpl, flags); }
static ssize_t real_read(int fd, void *buf, size_t n) { return read(fd, buf, n); }
static ssize_t real_write(int fd, const void *buf, size_t n) { return write(fd, buf, n); }
static int real_fchmod(int fd, mode_t mode) { return fchmod(fd, mode); }
static int real_fsync(int fd) { return fsync(fd); }
static int real_close(int fd) { return close(fd); }
static int real_rename(const char *from, const char *to) { return rename(from, to); }
static int real_exchange(const char *a, const char *b) { return platform_exchange(a, b); }

static const struct store_ops real_ops = {
	.open = real_open, .mkostemp = real_mkostemp, .read = real_read,
	.write = real_write, .fchmod = real_fchmod, .fsync = real_fsync,
	.close = real_close, .rename = real_rename, .exchange = real_exchange,
};

static struct store_ops active_ops = {
	.open = real_open, .mkostemp = real_mkostemp, .read = real_read,
	.write = real_write, .fchmod = real_fchmod, .fsync = real_fsync,
	.close = real_close, .rename = real_rename, .exchange = real_exchange,
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
}
