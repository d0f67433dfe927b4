/* liza_log.c — see liza_log.h. The entry is rendered by the editor (so its
 * quoting and indentation match the file's), then only what the editor
 * added at the end is appended: the log is never rewritten, so an entry an
 * agent appends at the same time is never lost. */
#include "systems/liza/liza_log.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include "core/util/strfind.h"
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

/* An item's dash at the start of line i: "-" then a blank or the break. */
static bool item_line(const char *s, size_t len, size_t i)
{
	return i < len && s[i] == '-' && (i + 1 == len || s[i + 1] == ' ' || s[i + 1] == '\n' || s[i + 1] == '\r');
}

/* Past blank lines and comment lines: where the first token's line starts. */
static size_t first_content_line(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		size_t j = i;
		while (j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r'))
			j++;
		if (j < len && s[j] != '\n' && s[j] != '#')
			return i;
		const char *nl = memchr(s + j, '\n', len - j);
		if (!nl)
			return len;
		i = (size_t)(nl - s) + 1;
	}
	return len;
}

/* A line starting with marker ("---", "...") anywhere in s. */
static bool has_marker_line(const char *s, size_t len, const char *marker)
{
	if (len >= 3 && memcmp(s, marker, 3) == 0)
		return true;
	char m[5] = { '\n', marker[0], marker[1], marker[2], 0 };
	return lw_memmem(s, len, m, 4) != NULL;
}

int liza_log_entry_known(const char *cur, size_t len, const char *path, const edit_pair *entry, size_t n,
                         strbuf *out, lw_error *err)
{
	if (!len || cur[len - 1] != '\n' || has_marker_line(cur, len, "---") || has_marker_line(cur, len, "..."))
		return -1;
	size_t first = first_content_line(cur, len);
	if (first >= len || !item_line(cur, len, first))
		return -1;   /* the first token is not a dash at column 0 */
	/* The second item's line (the first item ends there) and the last's. */
	size_t head_end = len;
	for (const char *nl = memchr(cur + first, '\n', len - first); nl; nl = memchr(nl + 1, '\n', len - (size_t)(nl + 1 - cur))) {
		size_t i = (size_t)(nl - cur) + 1;
		if (item_line(cur, len, i)) {
			head_end = i;
			break;
		}
	}
	size_t last = len;
	for (size_t i = len - 1; i > head_end; i--)
		if (cur[i - 1] == '\n' && item_line(cur, len, i)) {
			last = i;
			break;
		}
	if (head_end >= len || last >= len || last < head_end)
		return -1;
	/* The first item, then the last: the text the entry is rendered on. */
	strbuf two;
	strbuf_init(&two);
	strbuf_add(&two, cur, head_end);
	strbuf_add(&two, cur + last, len - last);
	strbuf add;
	strbuf_init(&add);
	int rc = liza_log_entry(two.buf, two.len, path, entry, n, &add, err);
	if (rc == 0)
		strbuf_add(out, add.buf, add.len);
	strbuf_free(&add);
	strbuf_free(&two);
	return rc == 0 ? 0 : -1;
}

void liza_log_seen_set(liza_log_seen *seen, const struct stat *sb, size_t len, bool ok)
{
	*seen = (liza_log_seen){ .ok = ok && S_ISREG(sb->st_mode), .dev = sb->st_dev, .ino = sb->st_ino,
	                         .size = (off_t)len, .mtime = sb->st_mtim, .ctime = sb->st_ctim };
}

/* Are the len bytes just read from path the file seen (stat after the
 * read: an append or a replace since shows in its size, times or inode)? */
static bool log_is_seen(const char *path, const liza_log_seen *seen, size_t len)
{
	struct stat sb;
	if (!seen || !seen->ok || lw_stat(path, &sb, LW_STAT_FULL) < 0 || !S_ISREG(sb.st_mode))
		return false;
	return seen->dev == sb.st_dev && seen->ino == sb.st_ino && seen->size == sb.st_size &&
	       (size_t)sb.st_size == len && seen->mtime.tv_sec == sb.st_mtim.tv_sec &&
	       seen->mtime.tv_nsec == sb.st_mtim.tv_nsec && seen->ctime.tv_sec == sb.st_ctim.tv_sec &&
	       seen->ctime.tv_nsec == sb.st_ctim.tv_nsec;
}

int liza_log_append(const char *dir, const edit_pair *entry, size_t n, lw_error *err)
{
	return liza_log_append_seen(dir, NULL, entry, n, err);
}

int liza_log_append_seen(const char *dir, const liza_log_seen *seen, const edit_pair *entry, size_t n,
                         lw_error *err)
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
	rc = log_is_seen(path, seen, len) && liza_log_entry_known(buf, len, path, entry, n, &add, err) == 0
	   ? 0 : liza_log_entry(buf, len, path, entry, n, &add, err);
	if (rc == 0)
		rc = store_append(path, add.buf, add.len, true, NULL, err) == STORE_OK ? STORE_OK : STORE_ERR;
	else if (rc == EDIT_NOCHANGE)
		rc = STORE_OK;
	strbuf_free(&add);
	free(buf);
	return rc;
}
