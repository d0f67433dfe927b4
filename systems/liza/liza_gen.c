/* liza_gen.c — the loader both generations share: state.yaml is read and
 * parsed here once, liza_detect says which generation wrote it, and that
 * generation's loader (liza_generation.load) fills the snapshot, recording
 * itself as the first member of the typed state. The last good snapshot's
 * generation may stand on its parse (unchanged file) or lend it for one
 * edited task to be parsed alone (doc_patch.c). */
#include "systems/liza/liza_gen.h"
#include "systems/liza/shell/liza_generation.h"
#include "systems/liza/go/lizago_generation.h"
#include "core/model/snapshot_file.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include <stdlib.h>
#include <string.h>

static const liza_generation *gen_for(liza_gen_id id)
{
	return id == LIZA_GEN_GO ? &lizago_generation : &liza_shell_generation;
}

int liza_load(const char *dir, lw_snapshot *prev, lw_snapshot *snap, lw_error *err)
{
	const liza_generation *pg = prev ? liza_gen_of(prev->sys) : NULL;
	liza_read in = { .dir = dir };
	char p[LW_PATH_MAX];
	const char *path = lw_path_join(p, sizeof p, dir, "state.yaml");
	in.have_stat = lw_stat(path, &in.sb, LW_STAT_FULL) == 0;
	if (in.have_stat && pg && pg->unchanged && pg->unchanged(prev->sys, &in.sb))
		return pg->load(&in, prev, snap, err);   /* only the log or a marker changed */
	in.state_path = arena_strdup(&snap->mem, path);
	char *buf;
	int rc = lw_read_file(in.state_path, doc_default_limits.max_bytes, &buf, &in.len, err);
	if (rc == LW_READ_MISSING) {
		lw_error_set(err, in.state_path, 0, 0, "missing (is this a Liza project? run liza-init.sh)");
		return -1;
	}
	if (rc != LW_READ_OK)
		return -1;
	/* One task edited in a large file: re-parse that task alone when that
	 * provably gives the same tree (doc_patch.c), and let the generation
	 * take every other task from prev; else parse all of it. */
	const doc_node *tasks = NULL;
	doc *pd = pg && pg->parse_of ? pg->parse_of(prev->sys, &tasks) : NULL;
	if (pd) {
		doc patched;
		if (doc_reparse_item(&patched, pd, tasks, buf, in.len, &in.changed) == 0) {
			in.d = lw_snapshot_adopt(snap, buf, in.len, &patched);
			in.patched = true;
		}
	}
	if (!in.d)
		in.d = lw_snapshot_parse(snap, buf, in.len, in.state_path, err);
	if (!in.d)
		return -1;
	const liza_generation *g = gen_for(liza_detect(in.d));
	if (g != pg) {
		prev = NULL;   /* a snapshot of the other generation lends nothing */
		in.patched = false;
	}
	return g->load(&in, prev, snap, err);
}

/* Without a snapshot: state.yaml is read and parsed once, here, to say
 * which generation wrote it, and that parse is what the transition
 * prepares its edit on. */
int liza_transition(const char *dir, const tx_request *rq, tx_result *res)
{
	char path[LW_PATH_MAX];
	char *buf = NULL;
	size_t len;
	lw_error err;
	doc d;
	memset(&d, 0, sizeof d);
	lw_path_join(path, sizeof path, dir, "state.yaml");
	liza_held held = { 0 };
	if (lw_read_file(path, doc_default_limits.max_bytes, &buf, &len, &err) == LW_READ_OK &&
	    doc_parse(&d, buf, len, path, NULL, &err) == 0)
		held = (liza_held){ .d = &d, .detected = true };
	const liza_generation *g = gen_for(held.d ? liza_detect(held.d) : LIZA_GEN_SHELL);
	int rc = g->transition_held ? g->transition_held(dir, &held, rq, res) : g->transition(dir, rq, res);
	doc_free(&d);
	free(buf);
	return rc;
}

int liza_transition_from(const char *dir, const lw_snapshot *good, const tx_request *rq, tx_result *res)
{
	const liza_generation *g = good ? liza_gen_of(good->sys) : NULL;
	if (!g)
		return liza_transition(dir, rq, res);
	if (!g->transition_held)
		return g->transition(dir, rq, res);
	liza_held held = { .sys = good->sys, .detected = true };
	const doc_node *tasks = NULL;
	doc *d = g->parse_of ? g->parse_of(good->sys, &tasks) : g->held_parse ? g->held_parse(good->sys) : NULL;
	doc own;
	memset(&own, 0, sizeof own);
	if (d && !d->posmap && d->src) {
		held.d = d;
	} else if (d && d->src) {
		/* A parse patched by a one-task reload cannot be edited (edit.h):
		 * its bytes are parsed afresh here, before the lock, not under it. */
		lw_error err;
		if (doc_parse(&own, d->src, d->len, d->path, NULL, &err) == 0)
			held.d = &own;
	}
	int rc = g->transition_held(dir, &held, rq, res);
	doc_free(&own);
	return rc;
}
