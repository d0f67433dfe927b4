/* liza_sim.c — one tick of the simulated Liza team, written the way
 * liza_tx.c writes an operator's transition: take .liza/state.yaml.lock
 * (the lock the Liza scripts take with flock -x), read and load the state
 * under it, decide from what was just read (compare-and-swap by
 * construction: a task the operator moved a moment ago is seen where it is
 * now), splice the edits, verify, write atomically, append the log entry,
 * unlock. A failure at any step writes nothing and is reported; the next
 * tick starts afresh. */
#include "systems/liza/shell/liza_sim.h"
#include "systems/liza/shell/liza.h"
#include "systems/liza/liza_log.h"
#include "core/store/store.h"
#include "core/util/timeparse.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum {
	PAUSE_MIN = 6, PAUSE_SPREAD = 7,   /* a simulated pause lasts 6-12 s */
	FIRST_PAUSE_AFTER = 30,            /* a newcomer first sees the board move */
	FIRST_MOMENT_AFTER = 12,
	PAUSE_GAP = 90,                    /* and pauses stay a rare moment */
};

static void report(char *line, size_t n, const liza_sim_log *lg)
{
	if (lg->action)
		snprintf(line, n, "%s %s%s%s: %s", lg->agent, lg->action, lg->task ? " " : "", lg->task ? lg->task : "",
		         lg->detail);
	else
		snprintf(line, n, "%s", lg->line);
}

static int append_log(const char *root, const liza_sim_log *lg, time_t now, lw_error *err)
{
	char ts[32];
	lw_format_time(now, ts, sizeof ts);
	edit_pair e[5] = { { "timestamp", edit_str(ts) }, { "agent", edit_str(lg->agent) },
	                   { "action", edit_str(lg->action) } };
	size_t n = 3;
	if (lg->task)
		e[n++] = (edit_pair){ "task", edit_str(lg->task) };
	e[n++] = (edit_pair){ "detail", edit_str(lg->detail) };
	return liza_log_append(root, e, n, err) == STORE_ERR ? -1 : 0;
}

/* Markers live beside the state, outside it: PAUSE is created or removed
 * after the state write that logged it. */
static int markers(const char *root, liza_sim *m, const liza_sim_plan *p, time_t now, sim_rng *rng, lw_error *err)
{
	char path[LW_PATH_MAX];
	lw_path_join(path, sizeof path, root, "PAUSE");
	if (p->kind == LSIM_PAUSE) {
		int rc = store_touch_marker(path, err);
		if (rc == STORE_ERR)
			return -1;
		/* Its age is its mtime: make it the team's clock (the same as the
		 * system's, except under a test's or LIZA_WATCH_NOW's fixed one). */
		struct timespec ts[2] = { { .tv_sec = now }, { .tv_sec = now } };
		if (rc == STORE_OK)
			utimensat(AT_FDCWD, path, ts, 0);
		m->our_pause = true;
		m->pause_until = now + PAUSE_MIN + (time_t)sim_below(rng, PAUSE_SPREAD);
	} else if (p->kind == LSIM_UNPAUSE) {
		m->our_pause = false;
		m->pause_ok_after = now + PAUSE_GAP;
		if (store_remove_marker(path, err) == STORE_ERR)
			return -1;
	}
	return 0;
}

static int locked_tick(liza_sim *m, const char *root, time_t now, sim_rng *rng, char *line, size_t n, lw_error *err)
{
	lw_snapshot *snap = lw_snapshot_new();
	editor *ed = NULL;
	char *out = NULL;
	size_t len;
	int rc = -1;
	if (liza_load(root, NULL, snap, err) < 0)   /* no prev: read it all, now, under the lock */
		goto done;
	if (liza_gen_of(snap->sys)->id != LIZA_GEN_SHELL) {
		rc = 0;   /* today's Liza wrote it since the team chose: its own team plays next tick */
		goto done;
	}
	const liza_state *st = snap->sys;
	const doc *d = snap->docs[0];   /* liza_load parses state.yaml first */
	if (!m->started) {
		rc = liza_sim_rebase(st, d, now, line, n, err);
		m->started = true;
		m->pause_ok_after = now + FIRST_PAUSE_AFTER;
		m->moment_ok_after = now + FIRST_MOMENT_AFTER;
		goto done;
	}
	if (!st->paused)
		m->our_pause = false;   /* gone: lifted by us or by the operator */
	liza_sim_plan p;
	liza_sim_log lg;
	liza_sim_choose(st, m, st->paused, now, rng, &p);
	ed = edit_new(d, err);
	if (!ed || liza_sim_write(ed, st->root, st, &p, now, rng, &lg) < 0 || edit_apply(ed, &out, &len) < 0 ||
	    store_write_atomic(st->state_path, out, len, err) != STORE_OK)
		goto done;
	rc = 0;
	report(line, n, &lg);
	/* The state write stands whatever follows: a marker or log failure is
	 * said on the action's line, not counted as a failed tick. */
	lw_error side;
	lw_error_clear(&side);
	if (markers(root, m, &p, now, rng, &side) < 0 || (lg.action && append_log(root, &lg, now, &side) < 0)) {
		char msg[1200];
		size_t used = strlen(line);
		snprintf(line + used, n - used, " (but: %s)", lw_error_format(&side, msg, sizeof msg));
	}
done:
	edit_free(ed);
	free(out);
	lw_snapshot_free(snap);
	return rc;
}

int liza_sim_tick(liza_sim *m, const char *root, time_t now, sim_rng *rng, char *line, size_t n, lw_error *err)
{
	char path[LW_PATH_MAX], lock_path[LW_PATH_MAX];
	line[0] = '\0';
	/* Agents exit on ABORT: the team stops until the marker goes. */
	if (lw_exists(lw_path_join(path, sizeof path, root, "ABORT"), NULL))
		return 0;
	lw_path_join(path, sizeof path, root, "state.yaml");
	store_lock lk;
	if (!store_lock_path(path, lock_path, sizeof lock_path, err) ||
	    store_lock_acquire(&lk, lock_path, store_lock_timeout_ms(), err) != STORE_OK)
		return -1;
	int rc = locked_tick(m, root, now, rng, line, n, err);
	if (rc == 0)
		liza_sim_materialize(root);   /* before the lock goes: a reader sees state and folders agree */
	store_lock_release(&lk);
	return rc;
}
