/* txn_update.c — one file, one edit, under "<path>.lock": a transaction
 * of one file through the engine (txn.h). */
#include "core/txn/txn.h"
#include <limits.h>

int txn_update(const char *path, int timeout_ms, txn_edit_fn edit, void *ctx, lw_error *err)
{
	char lock_path[PATH_MAX];
	if (!store_lock_path(path, lock_path, sizeof lock_path, err))
		return STORE_ERR;
	txn_file f = { .path = path, .mode = TXN_REPLACE, .may_be_empty = true, .edit = edit, .ctx = ctx };
	txn t = { .lock = lock_path, .files = &f, .n = 1, .lock_timeout_ms = timeout_ms > 0 ? timeout_ms : 1 };
	return txn_run(&t, err);
}
