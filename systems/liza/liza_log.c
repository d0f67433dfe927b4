/* liza_log.c — see liza_log.h. */
#include "systems/liza/liza_log.h"
#include "core/util/fileio.h"
#include "core/store/store.h"
#include <stdlib.h>
#include <string.h>

int liza_log_append(const char *dir, const edit_pair *entry, size_t n, lw_error *err)
{
	char path[LW_PATH_MAX], *buf = NULL, *out = NULL;
	size_t len, out_len;
	lw_path_join(path, sizeof path, dir, "log.yaml");
	int rc = store_read(path, STORE_MAX_FILE_BYTES, &buf, &len, err);
	if (rc == STORE_ENOENT)
		return STORE_ENOENT;
	if (rc != STORE_OK)
		return STORE_ERR;
	doc d;
	memset(&d, 0, sizeof d);
	rc = STORE_ERR;
	if (doc_parse(&d, buf, len, path, NULL, err) < 0)
		goto done;
	if (d.root && (d.root->kind != DOC_SEQ || d.root->style != DOC_BLOCK)) {
		rc = STORE_OK;   /* not the scripts' shape: leave it alone */
		goto done;
	}
	editor *ed = edit_new(&d, err);
	int erc = ed ? edit_append_root_item(ed, entry, n) : -1;
	if (erc == 0)
		erc = edit_apply(ed, &out, &out_len);
	edit_free(ed);
	if (erc == 0 && store_write_atomic(path, out, out_len, err) == STORE_OK)
		rc = STORE_OK;
done:
	doc_free(&d);
	free(buf);
	free(out);
	return rc;
}
