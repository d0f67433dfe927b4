/* liza_log.c — see liza_log.h. The entry is rendered by the editor (so its
 * quoting and indentation match the file's), then only what the editor
 * added at the end is appended: the log is never rewritten, so an entry an
 * agent appends at the same time is never lost. */
#include "systems/liza/liza_log.h"
#include "core/util/fileio.h"
#include "core/store/store.h"
#include "core/txn/txn.h"
#include <stdlib.h>
#include <string.h>

int liza_log_entry(const char *cur, size_t len, const char *path, const edit_pair *entry, size_t n, strbuf *out,
                   lw_error *err)
{
	doc d;
	memset(&d, 0, sizeof d);
	int rc = STORE_ERR;
	char *buf = NULL;
	size_t blen = 0;
	if (doc_parse(&d, cur, len, path, NULL, err) < 0)
		goto done;
	rc = EDIT_NOCHANGE;
	if (d.root && (d.root->kind != DOC_SEQ || d.root->style != DOC_BLOCK))
		goto done;   /* not the scripts' shape: leave it alone */
	editor *ed = edit_new(&d, err);
	int erc = ed ? edit_append_root_item(ed, entry, n) : -1;
	if (erc == 0)
		erc = edit_apply(ed, &buf, &blen);
	edit_free(ed);
	/* Only an addition at the end can be appended in place. */
	if (erc == 0 && blen > len && memcmp(buf, cur, len) == 0) {
		strbuf_add(out, buf + len, blen - len);
		rc = 0;
	}
done:
	doc_free(&d);
	free(buf);
	return rc;
}

int liza_log_append(const char *dir, const edit_pair *entry, size_t n, lw_error *err)
{
	char path[LW_PATH_MAX], *buf = NULL;
	size_t len;
	lw_path_join(path, sizeof path, dir, "log.yaml");
	int rc = store_read(path, STORE_MAX_FILE_BYTES, &buf, &len, err);
	if (rc == STORE_ENOENT)
		return STORE_ENOENT;
	if (rc != STORE_OK)
		return STORE_ERR;
	strbuf add;
	strbuf_init(&add);
	rc = liza_log_entry(buf, len, path, entry, n, &add, err);
	if (rc == 0)
		rc = store_append(path, add.buf, add.len, true, NULL, err) == STORE_OK ? STORE_OK : STORE_ERR;
	else if (rc == EDIT_NOCHANGE)
		rc = STORE_OK;
	strbuf_free(&add);
	free(buf);
	return rc;
}
