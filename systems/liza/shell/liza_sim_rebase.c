/* liza_sim_rebase.c — the example project was written at one moment in
 * January; opened months later every heartbeat, lease, draft and log entry
 * would be ancient, and the demo would open on a wall of stale alerts. So
 * the first tick shifts every timestamp of state.yaml and log.yaml by the
 * same amount, bringing the newest heartbeat to the present: the project
 * keeps its shape (who claimed what how long ago, which lease runs out
 * first) and reads as live. A fixed clock near the example's own moment
 * (the tests' LIZA_WATCH_NOW) shifts nothing. */
#include "systems/liza/shell/liza_sim.h"
#include "systems/liza/shell/liza.h"
#include "systems/liza/liza_log.h"
#include "core/store/store.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { REBASE_MIN = 60, MAX_DEPTH = 64 };

/* The keys Liza keeps times under (docs/systems/liza.md). */
static bool is_time_key(const char *k)
{
	static const char *const keys[] = { "created", "time", "timestamp", "lease_expires", "review_lease_expires",
		                            "heartbeat", "started", "deadline", "checkpoint_at", "ended",
		                            "last_check" };
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
		if (strcmp(k, keys[i]) == 0)
			return true;
	return false;
}

/* A full timestamp (not a bare date, which would come back longer). */
static bool full_time(const doc_node *v, time_t *t)
{
	if (v->kind != DOC_SCALAR || v->u.scalar.len < 16)
		return false;
	char sep = v->u.scalar.str[10];
	return (sep == 'T' || sep == 't' || sep == ' ') && doc_time(v, t) == DOC_OK;
}

static long shift(editor *ed, const doc_node *n, long long delta, unsigned depth)
{
	if (!n || depth > MAX_DEPTH || n->kind == DOC_ALIAS || n->kind == DOC_SCALAR)
		return 0;   /* aliases: their anchor is shifted where it stands */
	long count = 0, c;
	if (n->kind == DOC_SEQ) {
		for (const doc_node *i = doc_seq_first(n); i; i = i->next) {
			if ((c = shift(ed, i, delta, depth + 1)) < 0)
				return -1;
			count += c;
		}
		return count;
	}
	for (const doc_node *k = doc_map_first(n); k; k = doc_map_next(k)) {
		const doc_node *v = k->next;
		const char *key = doc_str(k);
		time_t t;
		if (key && is_time_key(key) && full_time(v, &t)) {
			char b[32];
			if (edit_set_scalar(ed, n, key, edit_str(lw_format_time(t + (time_t)delta, b, sizeof b))) < 0)
				return -1;
			count++;
		} else if ((c = shift(ed, v, delta, depth + 1)) < 0) {
			return -1;
		} else {
			count += c;
		}
	}
	return count;
}

long liza_sim_rebase_doc(editor *ed, const doc *d, long long delta)
{
	return shift(ed, d->root, delta, 0);
}

/* Shift one parsed file and write it back (atomic). 0, or -1 with err. */
static int rewrite(const char *path, const doc *d, long long delta, long *count, lw_error *err)
{
	char *out = NULL;
	size_t len;
	editor *ed = edit_new(d, err);
	long c = ed ? liza_sim_rebase_doc(ed, d, delta) : -1;
	int rc = -1;
	if (c == 0)
		rc = 0;
	else if (c > 0 && edit_apply(ed, &out, &len) == 0 && store_write_atomic(path, out, len, err) == STORE_OK)
		rc = 0;
	edit_free(ed);
	free(out);
	if (rc == 0)
		*count += c;
	return rc;
}

int liza_sim_rebase(const liza_state *st, const doc *state_doc, time_t now, char *line, size_t n, lw_error *err)
{
	time_t ref = LW_NO_TIME;
	for (size_t i = 0; i < st->nagents; i++)
		if (st->agents[i].heartbeat != LW_NO_TIME && (ref == LW_NO_TIME || st->agents[i].heartbeat > ref))
			ref = st->agents[i].heartbeat;
	if (ref == LW_NO_TIME)
		ref = st->log_newest;
	long long delta = ref == LW_NO_TIME ? 0 : (long long)(now - ref);
	if (llabs(delta) < REBASE_MIN)
		return 0;
	long count = 0;
	if (rewrite(st->state_path, state_doc, delta, &count, err) < 0)
		return -1;
	char *buf = NULL;
	size_t len;
	doc d;
	memset(&d, 0, sizeof d);
	int rc = store_read(st->log_path, STORE_MAX_FILE_BYTES, &buf, &len, err);
	if (rc == STORE_OK) {
		rc = doc_parse(&d, buf, len, st->log_path, NULL, err) < 0 ? -1 : rewrite(st->log_path, &d, delta, &count, err);
		doc_free(&d);
	} else {
		rc = rc == STORE_ENOENT ? 0 : -1;
	}
	free(buf);
	char age[32];
	snprintf(line, n, "moved %ld timestamps %s%s so the example reads as live", count, delta < 0 ? "back " : "by +",
	         lw_format_age(llabs(delta), age, sizeof age));
	return rc;
}
