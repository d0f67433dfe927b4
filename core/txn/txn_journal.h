/* txn_journal.h — the intent record of a multi-file commit (internal to
 * core/txn). Written and synced after every temp is on disk and before
 * the first file changes: from then on the transaction is decided, and a
 * kill at any instant is completed by the next run (txn_recover_dir). */
#ifndef LW_TXN_JOURNAL_H
#define LW_TXN_JOURNAL_H
#include "core/util/error.h"
#include <stdbool.h>
#include <stddef.h>

#define TXN_JOURNAL_PREFIX ".liza-watch-tx."   /* + pid + ".lw-XXXXXX": the watcher ignores it */
/* The record's first line. Version 2 names every file relative to the
 * record's own folder (version 1 named them as the writer was given them,
 * which another working directory reads differently, and which could name
 * any file on the machine): recovery acts on version 2 only. */
#define TXN_JOURNAL_MAGIC "liza-watch-tx 2\n"
/* Version 3, written while a project's root is entered (store_root_enter):
 * every file named relative to that root instead, so a commit whose state
 * file links to another folder of the project can be recorded too.
 * Recovery acts on it only with the same root entered, and every write it
 * makes stays beneath it. */
#define TXN_JOURNAL_MAGIC3 "liza-watch-tx 3\n"
/* Version 4: version 3's lines (names below the root entered, "root"; or,
 * with none, below the record's folder, "folder"), then a last line
 * "mac\t<hex>": the proof that this user's liza-watch wrote it for this
 * project (core/txn/txn_proof.h). Recovery acts on version 4 only, and
 * only with valid proof; every other record is reported and left. */
#define TXN_JOURNAL_MAGIC4_ROOT "liza-watch-tx 4 root\n"
#define TXN_JOURNAL_MAGIC4_FOLDER "liza-watch-tx 4 folder\n"
#define TXN_JOURNAL_MAC "mac\t"

/* path relative to dir when it lies below it (no "..", not absolute), else
 * NULL: what a record may name. */
const char *txn_journal_rel(const char *dir, const char *path);

typedef struct txn_jent {
	bool append;                  /* data is appended at offset; else tmp replaces target */
	const char *tmp, *target;     /* tmp: replace only */
	const char *data;             /* append: the entry, kept in the record itself */
	size_t dlen;
	bool is_new;                  /* replace: target did not exist */
	unsigned long long size, hash; /* replace: the bytes the edit was based on */
	long long offset;             /* append: the log's size before */
} txn_jent;

typedef struct txn_journal {
	char path[4096];
	int fd;                       /* flock'ed while the commit runs: a live record is never recovered */
} txn_journal;

unsigned long long txn_hash(const char *buf, size_t len);
/* Write, fsync and sync the directory; 0, or -1 with err set (nothing left). */
int  txn_journal_write(txn_journal *j, const char *dir, const char *lock, const txn_jent *e, size_t n, lw_error *err);
/* The commit is complete: remove the record. */
void txn_journal_done(txn_journal *j);

#endif
