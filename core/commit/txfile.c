/* txfile.c — see txfile.h. One file through the transaction engine (core/
 * txn/txn.h), with no lock: the tools of the systems that use it (Foreman,
 * ACP) take none, so neither do we, and no lock file is left beside theirs. */
#include "core/commit/txfile.h"
#include "core/store/store.h"
#include "core/txn/txn.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct run {
	const char *path;
	txfile_fn fn;
	void *ctx;
	tx_result *res;
	tx_rc rc;
} run;

static int edit_cb(const char *cur, size_t len, strbuf *out, void *c, lw_error *err)
{
	run *r = c;
	char msg[1200];
	if (!cur) {
		tx_set(r->res, TX_DENIED, "%s is gone (deleted or moved); nothing written", r->path);
		r->rc = TX_DENIED;
		return EDIT_DENIED;
	}
	doc d;
	if (doc_parse(&d, cur, len, r->path, NULL, err) < 0) {
		/* Cut short by a writer, or broken: the engine waits or fails. */
		doc_free(&d);
		r->rc = TX_IO;
		return EDIT_TORN;
	}
	editor *ed = edit_new(&d, err);
	if (!ed) {
		tx_set(r->res, TX_IO, "%s; nothing written", lw_error_format(err, msg, sizeof msg));
		doc_free(&d);
		r->rc = TX_IO;
		return EDIT_DENIED;
	}
	r->rc = r->fn(&d, ed, r->ctx, r->res);
	if (r->rc == TX_DONE) {
		char *o;
		size_t olen;
		if (edit_apply(ed, &o, &olen) < 0) {
			tx_set(r->res, TX_IO, "refused to write %s: %s; nothing written", r->path,
			       lw_error_format(err, msg, sizeof msg));
			r->rc = TX_IO;
		} else {
			strbuf_add(out, o, olen);
			free(o);
		}
	}
	edit_free(ed);
	doc_free(&d);
	return r->rc == TX_DONE ? 0 : EDIT_DENIED;
}

tx_rc txfile_update(const char *path, txfile_fn fn, void *ctx, tx_result *res)
{
	run r = { .path = path, .fn = fn, .ctx = ctx, .res = res, .rc = TX_IO };
	lw_error err;
	lw_error_clear(&err);
	res->message[0] = res->note[0] = '\0';
	txn_file f = { .path = path, .mode = TXN_REPLACE, .edit = edit_cb, .ctx = &r };
	char join[4200];
	snprintf(join, sizeof join, "%s.lock", path);
	txn t = { .lock = NULL, .join_lock = join, .files = &f, .n = 1 };
	int rc = txn_run(&t, &err);
	if (rc == STORE_OK || rc == EDIT_DENIED)
		return res->rc = r.rc;
	char msg[1200];
	tx_set(res, TX_IO, "%s; nothing written", lw_error_format(&err, msg, sizeof msg));
	return TX_IO;
}

const char *txfile_iso_ms(time_t t, char *buf, size_t n)
{
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%S.000Z", &tm);
	return buf;
}
