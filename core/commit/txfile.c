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
	/* txfile_update_held: what the caller holds, the answer prepared on it
	 * before the lock, and ctx as it was at the call and after that answer */
	doc *held;
	const char *within;
	size_t ctx_size;
	void *ctx_start, *ctx_pre;
	bool prepared;
	tx_rc pre_rc;
	tx_result res_start, pre_res;
	strbuf pre_out;
} run;

/* fn's check and edits on the parse d, then the edited text into out,
 * verified (on the item of the root's within sequence alone when that is
 * provably a full parse's tree: edit_verify_within). */
static void edit_doc(run *r, doc *d, strbuf *out, lw_error *err)
{
	char msg[1200];
	editor *ed = edit_new(d, err);
	if (!ed) {
		tx_set(r->res, TX_IO, "%s; nothing written", lw_error_format(err, msg, sizeof msg));
		r->rc = TX_IO;
		return;
	}
	if (r->within)
		edit_verify_within(ed, d, doc_get(d->root, r->within));
	r->rc = r->fn(d, ed, r->ctx, r->res);
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
}

static int edit_cb(const char *cur, size_t len, strbuf *out, void *c, lw_error *err)
{
	run *r = c;
	if (r->ctx_size) {
		/* Every attempt starts from the caller's ctx and result as they
		 * were at the call; the file the answer was prepared on replays it
		 * (one compare, nothing parsed under the lock). */
		*r->res = r->res_start;
		memcpy(r->ctx, r->ctx_start, r->ctx_size);
		if (cur && r->prepared && len == r->held->len && memcmp(cur, r->held->src, len) == 0) {
			*r->res = r->pre_res;
			memcpy(r->ctx, r->ctx_pre, r->ctx_size);
			r->rc = r->pre_rc;
			if (r->rc == TX_DONE)
				strbuf_add(out, r->pre_out.buf, r->pre_out.len);
			return r->rc == TX_DONE ? 0 : EDIT_DENIED;
		}
	}
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
	edit_doc(r, &d, out, err);
	doc_free(&d);
	return r->rc == TX_DONE ? 0 : EDIT_DENIED;
}

/* Before the lock: fn on the caller's parse. A write or a refusal is kept
 * for replay; a failure (TX_IO) is done again under the lock. */
static void prepare(run *r)
{
	lw_error err;
	lw_error_clear(&err);
	r->rc = TX_IO;
	edit_doc(r, r->held, &r->pre_out, &err);
	r->pre_rc = r->rc;
	r->pre_res = *r->res;
	memcpy(r->ctx_pre, r->ctx, r->ctx_size);
	r->prepared = r->pre_rc != TX_IO;
	r->rc = TX_IO;
	*r->res = r->res_start;
	memcpy(r->ctx, r->ctx_start, r->ctx_size);
}

static tx_rc update(run *r)
{
	lw_error err;
	lw_error_clear(&err);
	const char *path = r->path;
	tx_result *res = r->res;
	txn_file f = { .path = path, .mode = TXN_REPLACE, .edit = edit_cb, .ctx = r };
	char join[4200];
	snprintf(join, sizeof join, "%s.lock", path);
	txn t = { .lock = NULL, .join_lock = join, .files = &f, .n = 1 };
	int rc = txn_run(&t, &err);
	if (rc == STORE_OK || rc == EDIT_DENIED)
		return res->rc = r->rc;
	char msg[1200];
	tx_set(res, TX_IO, "%s; nothing written", lw_error_format(&err, msg, sizeof msg));
	return TX_IO;
}

tx_rc txfile_update(const char *path, txfile_fn fn, void *ctx, tx_result *res)
{
	run r = { .path = path, .fn = fn, .ctx = ctx, .res = res, .rc = TX_IO };
	res->message[0] = res->note[0] = '\0';
	return update(&r);
}

tx_rc txfile_update_held(const char *path, doc *held, const char *within, txfile_fn fn, void *ctx, size_t ctx_size,
                         tx_result *res)
{
	run r = { .path = path, .fn = fn, .ctx = ctx, .res = res, .rc = TX_IO, .held = held, .within = within,
	          .ctx_size = ctx_size };
	res->message[0] = res->note[0] = '\0';
	r.res_start = *res;
	strbuf_init(&r.pre_out);
	r.ctx_start = malloc(ctx_size ? ctx_size : 1);
	r.ctx_pre = malloc(ctx_size ? ctx_size : 1);
	tx_rc rc;
	if (!ctx_size || !r.ctx_start || !r.ctx_pre) {
		r.ctx_size = 0;   /* out of memory: the plain way */
		r.within = NULL;
		rc = update(&r);
	} else {
		memcpy(r.ctx_start, ctx, ctx_size);
		if (held && held->src && !held->posmap)
			prepare(&r);
		rc = update(&r);
	}
	free(r.ctx_start);
	free(r.ctx_pre);
	strbuf_free(&r.pre_out);
	return rc;
}

const char *txfile_iso_ms(time_t t, char *buf, size_t n)
{
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%S.000Z", &tm);
	return buf;
}
