/* txn_quiet.h — reading a file only while nobody is writing it (internal to
 * core/txn). */
#ifndef LW_TXN_QUIET_H
#define LW_TXN_QUIET_H
#include "core/util/error.h"
#include <stdbool.h>
#include <stddef.h>

enum { TXN_BUSY = 19 };       /* someone has the file open, or it moved while read */

typedef struct txn_hold {
	int fd;                   /* -1 when nothing is held */
	bool leased;              /* a write lease is held on fd */
	bool quiet;               /* the read was made under a lease: no writer had the file open */
	char who[64];             /* TXN_BUSY: the writer that has it open, when known */
	long long changed_ns;     /* STORE_OK: the file's last change (mtime or ctime) as read */
} txn_hold;

/* Open path, take a write lease on it (refused with EAGAIN while any other
 * process has the file open, so a writer paused mid-file is seen), read the
 * whole file. Where leases are not available (another owner without
 * CAP_LEASE, a filesystem without them) the file must instead look the
 * same to fstat before and after the read, and be unchanged for 10 ms, or
 * for up to 1 s (half of txn_busy_ms()) when its bytes do not end where a
 * text document can (JSON where it closes, anything else at a line end) or
 * are empty: a writer paused mid-file, or a file without its last
 * newline. keep: hold the fd and lease on
 * success (release with txn_hold_release); else both are dropped.
 * STORE_OK, STORE_ENOENT, STORE_ERR (err set) or TXN_BUSY. */
int  txn_quiet_read(const char *path, bool keep, txn_hold *h, char **buf, size_t *len, lw_error *err);
/* Still ours: no other process has started to open the file since. */
/* The last change (mtime or ctime, ns) fstat gives for fd; -1 if none. */
long long txn_changed_ns(int fd);
bool txn_hold_intact(const txn_hold *h);
void txn_hold_release(txn_hold *h);

#endif
