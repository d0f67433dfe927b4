/* store_update.c — one read-modify-write under the writers' lock: the edit
 * sees the bytes as they are now, not as they were when the operator looked,
 * which is what makes the transition's compare-and-swap meaningful. */
#include "core/store/store.h"
#include <limits.h>
#include <stdlib.h>

int store_update(const char *path, int timeout_ms, store_edit_fn edit, void *ctx, lw_error *err)
{
	char lock_path[PATH_MAX];
	if (!store_lock_path(path, lock_path, sizeof lock_path, err))
		return STORE_ERR;
	store_lock lock;
	int rc = store_lock_acquire(&lock, lock_path, timeout_ms, err);
	if (rc != STORE_OK)
		return rc;

	char *cur = NULL;
	size_t len = 0;
	rc = store_read(path, STORE_MAX_FILE_BYTES, &cur, &len, err);
	if (rc != STORE_ERR) {
		strbuf out;
		strbuf_init(&out);
		rc = edit(rc == STORE_ENOENT ? NULL : cur, len, &out, ctx, err);
		if (rc == 0)
			rc = store_write_atomic(path, out.buf ? out.buf : "", out.len, err);
		strbuf_free(&out);
		free(cur);
	}
	store_lock_release(&lock);
	return rc;
}
