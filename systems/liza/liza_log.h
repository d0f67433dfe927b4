/* liza_log.h — appending to .liza/log.yaml the way the Liza scripts do
 * (`cat >>` of one `- timestamp: …` entry, under .liza/state.yaml.lock),
 * shared by the operator's transitions and the demo's simulated team. */
#ifndef LW_LIZA_LOG_H
#define LW_LIZA_LOG_H
#include "core/edit/edit.h"
#include "core/util/strbuf.h"
#include <stdbool.h>
#include <sys/stat.h>
#include <time.h>

/* The bytes that append one entry (pairs in order) to the log whose bytes
 * are cur, into out: 0; EDIT_NOCHANGE (core/txn/txn.h) when the log is not
 * a block sequence (not the scripts' shape: left alone) or the entry cannot
 * be added at its end alone; STORE_ERR (err set) when it does not parse. */
int liza_log_entry(const char *cur, size_t len, const char *path, const edit_pair *entry, size_t n, strbuf *out,
                   lw_error *err);

/* liza_log_entry for a log the caller knows parses (a snapshot read these
 * very bytes without a problem), from its first and last items alone
 * instead of a parse of the whole file: they hold all the layout the
 * entry is rendered from (the first item's dash and key columns, the line
 * ends, the end of the file), and the entry is verified after the last
 * item. 0 with the bytes in out; -1 when the text is not that plain shape
 * (the root a block sequence at column 0, no document markers, a line
 * break at the end, two items or more): call liza_log_entry. */
int liza_log_entry_known(const char *cur, size_t len, const char *path, const edit_pair *entry, size_t n,
                         strbuf *out, lw_error *err);

/* Append one entry to <dir>/log.yaml in place (O_APPEND). Call with the
 * state lock held. Returns STORE_OK (also when the log is not the scripts'
 * shape: left alone), STORE_ENOENT (no log.yaml: nothing created), or
 * STORE_ERR. */
int liza_log_append(const char *dir, const edit_pair *entry, size_t n, lw_error *err);

/* What a snapshot saw of log.yaml: the file (its stat before the read,
 * with the size actually read) parsed whole without a problem (ok). */
typedef struct liza_log_seen {
	bool ok;
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime, ctime;
} liza_log_seen;

/* Record sb (taken before reading len bytes that parsed: ok) in seen. */
void liza_log_seen_set(liza_log_seen *seen, const struct stat *sb, size_t len, bool ok);

/* liza_log_append for a caller that holds what a snapshot saw: when the
 * file read now is that very file (same inode, size, mtime and ctime,
 * liza_load.c's test for an unchanged file) and it parsed then, the entry
 * is rendered from its first and last items (liza_log_entry_known), not a
 * parse of the whole log; else, or seen NULL, as liza_log_append. */
int liza_log_append_seen(const char *dir, const liza_log_seen *seen, const edit_pair *entry, size_t n,
                         lw_error *err);

#endif
