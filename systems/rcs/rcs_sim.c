/* rcs_sim.c — the RCS / oh-my-codex team of the demo: its workflows are
 * modes, not tasks, so a turn of an active mode is what moves: now and then
 * one active `<mode>-state.json` of a session gets iteration + 1 (back to 1
 * at max_iterations, as a fresh loop would) and last_turn_at = now, written
 * under `<file>.lock` through the editor, so every other byte stays. */
#include "sim/sim.h"
#include "core/doc/doc.h"
#include "core/edit/edit.h"
#include "systems/rcs/rcs.h"
#include "core/store/store.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int turn(const char *path, time_t now, char *line, size_t n, lw_error *err)
{
	char lock[LW_PATH_MAX];
	store_lock lk;
	if (!store_lock_path(path, lock, sizeof lock, err) ||
	    store_lock_acquire(&lk, lock, store_lock_timeout_ms(), err) != STORE_OK)
		return -1;
	char *buf = NULL, *out = NULL;
	size_t len, out_len;
	doc d;
	memset(&d, 0, sizeof d);
	int rc = -1;
	if (store_read(path, STORE_MAX_FILE_BYTES, &buf, &len, err) != STORE_OK ||
	    doc_parse(&d, buf, len, path, NULL, err) < 0)
		goto out;
	bool active = false;
	long long it = 0, max = 0;
	if (doc_bool(doc_get(d.root, "active"), &active) != DOC_OK || !active ||
	    doc_int(doc_get(d.root, "iteration"), &it) != DOC_OK) {
		rc = 0;   /* not an active mode with a counter: nothing to do */
		goto out;
	}
	if (doc_int(doc_get(d.root, "max_iterations"), &max) != DOC_OK || max <= 0)
		max = it + 1;
	long long next = it + 1 > max ? 1 : it + 1;
	char ts[32];
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%S.000Z", &tm);
	editor *ed = edit_new(&d, err);
	if (!ed)
		goto out;
	if (edit_set_scalar(ed, d.root, "iteration", edit_int(next)) < 0 ||
	    edit_set_scalar(ed, d.root, "last_turn_at", edit_str(ts)) < 0 || edit_apply(ed, &out, &out_len) < 0) {
		edit_free(ed);
		goto out;
	}
	edit_free(ed);
	if (store_write_atomic(path, out, out_len, err) != STORE_OK)
		goto out;
	const char *base = strrchr(path, '/');
	snprintf(line, n, "%s: iteration %lld -> %lld", base ? base + 1 : path, it, next);
	rc = 0;
out:
	store_lock_release(&lk);
	doc_free(&d);
	free(buf);
	free(out);
	return rc;
}

/* Every "<mode>-state.json" in dir except the skill-active bookkeeping. */
static size_t mode_files(const char *dir, char (*out)[LW_PATH_MAX], size_t max)
{
	DIR *d = opendir(dir);
	size_t k = 0;
	if (!d)
		return 0;
	for (struct dirent *e; k < max && (e = readdir(d));) {
		size_t l = strlen(e->d_name);
		if (l > 11 && strcmp(e->d_name + l - 11, "-state.json") == 0 &&
		    strcmp(e->d_name, "skill-active-state.json") != 0)
			lw_path_join(out[k++], LW_PATH_MAX, dir, e->d_name);
	}
	closedir(d);
	return k;
}

static int rcs_tick(void *mem, const char *root, time_t now, sim_rng *rng, char *line, size_t n, lw_error *err)
{
	(void)mem;
	line[0] = '\0';
	if (!sim_chance(rng, 30))
		return 0;
	static char files[32][LW_PATH_MAX];
	size_t k = mode_files(root, files, 32);
	char sessions[LW_PATH_MAX];
	lw_path_join(sessions, sizeof sessions, root, "sessions");
	DIR *d = opendir(sessions);
	for (struct dirent *e; d && k < 32 && (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		char s[LW_PATH_MAX];
		lw_path_join(s, sizeof s, sessions, e->d_name);
		k += mode_files(s, files + k, 32 - k);
	}
	if (d)
		closedir(d);
	if (!k)
		return 0;
	return turn(files[sim_below(rng, (unsigned)k)], now, line, n, err);
}

const sim_system rcs_sim_system = { .adapter = &lw_adapter_rcs, .tick = rcs_tick };
