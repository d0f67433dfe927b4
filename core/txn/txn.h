/* txn.h — the one write path every system's transitions take.
 *
 * A system declares the files a transition touches, and for each how its
 * own tools write it (replace the whole file, or append to a log), plus
 * the lock its tools take (or none); its edit callbacks hold the guards and
 * the edits. The engine does the rest (docs/transactions.md):
 *   - takes the system's lock, blocking in the kernel, only if it has one;
 *   - reads each file only while nobody has it open (a Linux write lease),
 *     or, where leases are not available, only once it is stable;
 *   - runs the edits in declaration order on those bytes;
 *   - writes and fsyncs every temp before the first rename;
 *   - immediately before the swap, holding the lease again, compares every
 *     file's whole bytes with those the edit was based on, and redoes the
 *     edits on the new bytes when any changed (bounded);
 *   - writes an intent record when more than one file changes, so a kill
 *     at any instant is completed by the next run (txn_recover);
 *   - appends to logs in place with O_APPEND, never by rename.
 * A refusal or any failure before the first rename changes nothing. */
#ifndef LW_TXN_H
#define LW_TXN_H
#include "core/store/store.h"
#include "core/util/strbuf.h"
#include <stdbool.h>
#include <stddef.h>

/* Codes an edit callback may return beside 0 (write this) and STORE_ERR. */
enum {
	EDIT_DENIED = 16,         /* the transition was refused: nothing is written */
	EDIT_NOCHANGE = 17,       /* nothing to do in this file; the others go on */
	EDIT_TORN = 18,           /* the bytes look cut short: wait for the writer, retry */
};

typedef enum txn_mode {
	TXN_REPLACE = 0,          /* out is the whole new file (temp + rename) */
	TXN_APPEND = 1,           /* out is bytes to append (O_APPEND, in place) */
} txn_mode;

/* cur: the file's bytes now, NUL-terminated, or NULL when it does not
 * exist. Fill out, return 0 to write; EDIT_NOCHANGE to leave this file;
 * anything else stops the transaction and is returned by txn_run (set err
 * for STORE_ERR). Called again, from scratch, when a file changed under
 * the edit: keep no state across calls but through begin. */
typedef int (*txn_edit_fn)(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err);

typedef struct txn_file {
	const char *path;
	txn_mode mode;
	bool may_be_empty;        /* an empty file is a real state, not one caught mid-write */
	txn_edit_fn edit;
	void *ctx;
} txn_file;

typedef struct txn {
	const char *lock;         /* the lock file the system's tools flock, or NULL: they take none */
	const char *join_lock;    /* with lock NULL: a lock file taken only if it exists (store_lock_join) */
	const char *journal_dir;  /* where the intent record of a multi-file commit goes */
	txn_file *files;
	size_t n;
	void (*begin)(void *ctx); /* before each attempt: reset what the edits accumulate */
	void *ctx;
	int lock_timeout_ms;      /* 0: store_lock_timeout_ms() */
} txn;

#define TXN_TRIES 8           /* whole redo rounds when files keep changing */
#define TXN_BUSY_MS 2000      /* how long a file being written is waited for */

/* STORE_OK (written, or every file said EDIT_NOCHANGE), STORE_ERR (err
 * says what and that nothing was written), or an edit's code. */
int txn_run(const txn *t, lw_error *err);

/* One file, one edit, under the lock "<path>.lock" (read up to
 * STORE_MAX_FILE_BYTES, edit, compare, write atomically, unlock):
 * STORE_OK, STORE_ERR, or the edit's code. */
int txn_update(const char *path, int timeout_ms, txn_edit_fn edit, void *ctx, lw_error *err);

/* The intent records of dead processes in dir: complete each transaction
 * (or drop it when its files moved on), then remove dead temps. Cheap when
 * there is nothing: one readdir. Returns how many were completed. */
size_t txn_recover_dir(const char *dir);

/* LIZA_WATCH_BUSY_MS or TXN_BUSY_MS. */
int txn_busy_ms(void);

/* The read of txn_run, for a transition's reads before it: path's bytes
 * once no writer has it open (waiting up to txn_busy_ms() as the commit
 * does). false, with nothing read, when it is missing, not a regular file,
 * over max_bytes or still written after the wait: the plain read says
 * why. Installed for lw_read_file by lw_read_settle_with (fileio.h). */
bool txn_read_settled(const char *path, size_t max_bytes, char **buf, size_t *len);

#endif
