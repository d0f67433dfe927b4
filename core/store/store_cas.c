/* store_cas.c — see store_cas.h. */
#include "core/store/store_cas.h"
#include <stdlib.h>
#include <string.h>

typedef struct cas {
	const char *path;
	store_edit_fn edit;
	void *ctx;
} cas;

static int edit_then_compare(const char *cur, size_t len, strbuf *out, void *ctx, lw_error *err)
{
	cas *c = ctx;
	int rc = c->edit(cur, len, out, c->ctx, err);
	if (rc != 0)
		return rc;
	char *now = NULL;
	size_t nlen = 0;
	lw_error ignored;
	int r = store_read(c->path, STORE_MAX_FILE_BYTES, &now, &nlen, &ignored);
	bool same = cur ? r == STORE_OK && nlen == len && memcmp(now, cur, len) == 0 : r == STORE_ENOENT;
	free(now);
	return same ? 0 : EDIT_RETRY;
}

int store_update_cas(const char *path, store_edit_fn edit, void *ctx, lw_error *err)
{
	cas c = { path, edit, ctx };
	int rc = EDIT_RETRY;
	for (int i = 0; i < STORE_CAS_TRIES && rc == EDIT_RETRY; i++)
		rc = store_update(path, store_lock_timeout_ms(), edit_then_compare, &c, err);
	if (rc == EDIT_RETRY) {
		lw_error_set(err, path, 0, 0, "kept changing under us (%d tries); nothing written", STORE_CAS_TRIES);
		rc = STORE_ERR;
	}
	return rc;
}
