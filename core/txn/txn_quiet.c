/* txn_quiet.c — see txn_quiet.h.
 *
 * A lease holder is told of a conflicting open by a signal, SIGIO unless
 * set otherwise, whose default action ends the process: a do-nothing
 * handler is installed first (we look at F_GETLEASE instead). Opening the
 * file again ourselves would break our own lease, so the bytes are read
 * through the leased descriptor. */
#include "core/txn/txn_quiet.h"
#include "core/store/store.h"
#include "core/store/store_holder.h"
#include <stdio.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

static void on_break(int sig)
{
	(void)sig;
}

static void quiet_sigio(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	struct sigaction old;
	if (sigaction(SIGIO, NULL, &old) != 0 || old.sa_handler != SIG_DFL)
		return;   /* someone chose what SIGIO does: leave it */
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_break;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGIO, &sa, NULL);
}

static bool same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_size == b->st_size && a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec && a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
	       a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

int txn_quiet_read(const char *path, bool keep, txn_hold *h, char **buf, size_t *len, lw_error *err)
{
	*buf = NULL;
	*len = 0;
	h->fd = -1;
	h->leased = h->quiet = false;
	h->who[0] = '\0';
	quiet_sigio();
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
		if (fcntl(fd, F_SETLEASE, F_WRLCK) == 0) {
			h->leased = h->quiet = true;
		} else if (errno == EAGAIN && store_file_opener(before.st_dev, before.st_ino, true, h->who, sizeof h->who)) {
			close(fd);   /* a writer has it open: wait for it */
			return TXN_BUSY;
		}
		/* Open only by readers (`tail -f`, a pager), or no leases here:
		 * fall back to a file that looks the same before and after. */
	}
	h->fd = fd;
	int rc = store_read_fd(fd, path, STORE_MAX_FILE_BYTES, buf, len, err);
	if (rc == STORE_OK) {
		bool moved = h->leased ? !txn_hold_intact(h)
		                       : fstat(fd, &after) != 0 || !same_stat(&before, &after) ||
		                         (unsigned long long)after.st_size != *len;
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
	return h->fd < 0 || !h->leased || fcntl(h->fd, F_GETLEASE) == F_WRLCK;
}

void txn_hold_release(txn_hold *h)
{
	if (h->fd < 0)
		return;
	if (h->leased)
		fcntl(h->fd, F_SETLEASE, F_UNLCK);
	close(h->fd);
	h->fd = -1;
	h->leased = false;
}
