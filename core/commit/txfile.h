/* txfile.h — one transition's write to one state file, the same for every
 * system whose file is one YAML/JSON document written by tools that take no
 * lock: parse the bytes as they are now (read while no writer has the file
 * open), let the system check its row against them (compare-and-swap on what
 * the operator saw, the table, the guards) and record its edits, then splice,
 * re-parse, verify, and swap through the transaction engine (core/txn/txn.h:
 * whole-file compare before the rename, redo on change). A refusal or any
 * failure writes nothing. */
#ifndef LW_TXFILE_H
#define LW_TXFILE_H
#include "core/doc/doc.h"
#include "core/edit/edit.h"
#include "core/model/tx.h"

/* Check and record edits on ed. Return TX_DONE (with res->message saying
 * what was done) to write them; any other tx_rc writes nothing and
 * res->message says why. */
typedef tx_rc (*txfile_fn)(const doc *d, editor *ed, void *ctx, tx_result *res);

tx_rc txfile_update(const char *path, txfile_fn fn, void *ctx, tx_result *res);

/* txfile_update for a caller holding a parse of path (held: its bytes in
 * held->src, never patched; NULL for none): fn checks and edits held before
 * the lock is taken, and under the lock a file with exactly held's bytes
 * gets that answer again after one compare, nothing parsed; any other file
 * is parsed and fn runs on it as txfile_update does. ctx is ctx_size bytes
 * of plain data fn writes its findings in: each run of fn starts from ctx
 * as it was at this call, and the replayed answer restores ctx as fn left
 * it. within (a key of the root mapping naming a block sequence, or NULL):
 * an edit inside one of its items is verified on that item alone
 * (edit_verify_within). fn must decide on d's bytes alone (and files that
 * lie outside the lock's protection). */
tx_rc txfile_update_held(const char *path, doc *held, const char *within, txfile_fn fn, void *ctx, size_t ctx_size,
                         tx_result *res);

/* "2026-02-20T14:20:40.000Z": the UTC form JavaScript's toISOString writes. */
const char *txfile_iso_ms(time_t t, char *buf, size_t n);

#endif
