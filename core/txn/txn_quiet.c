/* txn_quiet.c — see txn_quiet.h.
 *
 * A lease holder is told of a conflicting open by a signal, which the
 * platform keeps from ending us (platform_lease_take); we ask whether the
 * lease is intact instead. Opening the file again ourselves would break our
 * own lease, so the bytes are read through the leased descriptor. Leases
 * are Linux's; elsewhere the file must look the same to fstat before and
 * after. */
#include "core/txn/txn_quiet.h"
#include "core/txn/txn.h"
#include "core/store/store.h"
#include "core/store/store_holder.h"
#include "platform/platform.h"
#include <stdio.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

static bool same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_size == b->st_size && a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec && a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
	       a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/* Without a lease nothing says a writer has the file open mid-write. A file
 * changed this recently (mtime or ctime) may be between a tool's buffered
 * writes: treated as busy, waited for like a writer seen by a lease. */
#define SETTLE_NS (10 * 1000000LL)
/* A writer taken off its core between two writes (two busy cores: tens of
 * ms, more) leaves a prefix that has looked the same for longer than that,
 * and the compare before the swap sees the same prefix: committing on it
 * loses the file's tail and the writer's write (test_txn_writers, 1 in 4
 * runs under load). The tools' text formats end where a line does (YAML,
 * Markdown, JSON Lines) or where JSON closes; bytes that end elsewhere are
 * cut short, or a file written without its last newline. Such bytes must
 * be quiet for this long (half the busy wait, so the wait still sees them
 * settle) before they are taken as the whole file. */
#define CUT_SETTLE_NS (1000 * 1000000LL)

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The bytes end where a document a tool writes can end: JSON (it opens
 * with { or [) where it closes, anything else at a line end. Nothing but
 * blanks is a file between its writer's truncate and first write. */
static bool ends_whole(const char *b, size_t n)
{
	size_t i = 0;
	while (i < n && blank(b[i]))
		i++;
	if (i == n)
		return false;
	if (b[i] != '{' && b[i] != '[')
		return b[n - 1] == '\n';
	while (n > i && blank(b[n - 1]))
		n--;
	return b[n - 1] == '}' || b[n - 1] == ']';
}

static long long changed_ns(const struct stat *st)
{
	long long m = (long long)st->st_mtim.tv_sec * 1000000000LL + st->st_mtim.tv_nsec;
	long long c = (long long)st->st_ctim.tv_sec * 1000000000LL + st->st_ctim.tv_nsec;
	return m > c ? m : c;
}

long long txn_changed_ns(int fd)
{
	struct stat st;
	return fd >= 0 && fstat(fd, &st) == 0 ? changed_ns(&st) : -1;
}

static bool settled(const struct stat *st, bool whole)
{
	struct timespec now;
	if (clock_gettime(CLOCK_REALTIME, &now) != 0)
		return true;
	long long n = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
	long long cut = (long long)txn_busy_ms() * 1000000LL / 2;
	long long window = whole ? SETTLE_NS : cut < CUT_SETTLE_NS ? cut : CUT_SETTLE_NS;
	return n - changed_ns(st) >= (window > SETTLE_NS ? window : SETTLE_NS);
}

int txn_quiet_read(const char *path, bool keep, txn_hold *h, char **buf, size_t *len, lw_error *err)
{
	*buf = NULL;
	*len = 0;
	h->fd = -1;
	h->leased = h->quiet = false;
	h->who[0] = '\0';
	h->changed_ns = -1;
	int fd = store_open_read(path);
	if (fd < 0) {
		if (errno == ENOENT)
			return STORE_ENOENT;
		lw_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
		return STORE_ERR;
	}
	struct stat before, after;
	if (fstat(fd, &before) != 0) {
		lw_error_set(err, path, 0, 0, "cannot stat: %s", strerror(errno));
		close(fd);
		return STORE_ERR;
	}
	if (S_ISREG(before.st_mode)) {
		if (platform_lease_take(fd)) {
			h->leased = h->quiet = true;
		} else if (errno == EAGAIN && store_file_opener(before.st_dev, before.st_ino, true, h->who, sizeof h->who)) {
			close(fd);   /* a writer has it open: wait for it */
			return TXN_BUSY;
		}
		/* Open only by readers (`tail -f`, a pager), or no leases here:
		 * fall back to a file that looks the same before and after,
		 * quiet for a while (longer when its bytes end mid-line). */
	}
	h->fd = fd;
	int rc = store_read_fd(fd, path, STORE_MAX_FILE_BYTES, buf, len, err);
	if (rc == STORE_OK) {
		bool moved = h->leased ? !txn_hold_intact(h)
		                       : fstat(fd, &after) != 0 || !same_stat(&before, &after) ||
		                         (unsigned long long)after.st_size != *len || !settled(&after, ends_whole(*buf, *len));
		h->changed_ns = changed_ns(h->leased ? &before : &after);
		if (moved) {
			free(*buf);
			*buf = NULL;
			*len = 0;
			rc = TXN_BUSY;
		}
	}
	if (rc != STORE_OK || !keep)
		txn_hold_release(h);
	return rc;
}

bool txn_hold_intact(const txn_hold *h)
{
	return h->fd < 0 || !h->leased || platform_lease_intact(h->fd);
}

void txn_hold_release(txn_hold *h)
{
	if (h->fd < 0)
		return;
	if (h->leased)
		platform_lease_drop(h->fd);
	close(h->fd);
	h->fd = -1;
	h->leased = false;
}
