/* rcs_team.c — the team runtime folder (<base>/team/<team>/) as a task
 * board: tasks/task-<id>.json are the cards, workers/<name>/ the agents
 * (status.json for what they do, heartbeat.json for when they last spoke).
 * These files come and go while a team runs; one that does not parse is
 * skipped with a parse_error problem rather than failing the whole load. */
#include "systems/rcs/rcs.h"
#include "core/model/snapshot_file.h"
#include "core/model/field.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <string.h>

#define MAX_TEAMS 64
#define MAX_TASKS 4096
#define MAX_WORKERS 256

typedef struct team_ld {
	lw_snapshot *snap;
	rcs_state *st;
	const char *team, *dir;
	const doc_node *config;
	bool qualify;             /* more than one team: ids carry the team name */
	size_t cap_tasks, cap_workers;
} team_ld;

static const char *path_of(team_ld *t, const char *a, const char *b)
{
	char p[LW_PATH_MAX];
	if (b)
		snprintf(p, sizeof p, "%s/%s/%s", t->dir, a, b);
	else
		snprintf(p, sizeof p, "%s/%s", t->dir, a);
	return arena_strdup(&t->snap->mem, p);
}

/* Read a runtime file; on a parse failure record it and go on. */
static const doc_node *read_soft(team_ld *t, const char *path)
{
	const doc_node *root;
	lw_error err;
	lw_error_clear(&err);
	int rc = rcs_read_json(t->snap, path, &root, &err);
	if (rc == 0)
		return root;
	if (rc < 0 && err.code)   /* a FIFO, permissions, a link to nothing: its own code */
		lw_snapshot_unread(t->snap, path, &err);
	else if (rc < 0) {
		doc_node at = { .line = err.line, .col = err.col };
		lw_snapshot_problem(t->snap, path, "parse", path, err.line ? &at : NULL, "%s", err.msg);
	}
	return NULL;
}

static void load_task(team_ld *t, const char *file)
{
	rcs_state *st = t->st;
	const char *path = path_of(t, "tasks", file);
	const doc_node *root = read_soft(t, path);
	if (!root || st->ntasks == t->cap_tasks)
		return;
	field f = { .snap = t->snap, .path = path, .subject = file, .mem = &t->snap->mem };
	rcs_task *k = &st->tasks[st->ntasks++];
	k->team = t->team;
	k->raw_id = field_str(&f, root, "id");
	if (!k->raw_id) {   /* task-<id>.json names it too */
		size_t n = strlen(file);
		k->raw_id = arena_strndup(&t->snap->mem, file + 5, n > 10 ? n - 10 : 0);
	}
	k->id = t->qualify ? arena_printf(&t->snap->mem, "%s/task-%s", t->team, k->raw_id)
	                   : arena_printf(&t->snap->mem, "task-%s", k->raw_id);
	f.subject = k->id;
	k->subject = field_str(&f, root, "subject");
	k->description = field_str(&f, root, "description");
	k->status = field_str(&f, root, "status");
	k->owner = field_str(&f, root, "owner");
	if (!k->owner)
		k->owner = field_str(&f, field_map(&f, root, "claim"), "owner");
	k->depends_on = field_strv(&f, root, "depends_on", &k->ndepends);
	k->path = path;
	k->node = root;
}

static const char *config_role(team_ld *t, const char *worker)
{
	for (const doc_node *w = doc_seq_first(doc_get(t->config, "workers")); w; w = w->next) {
		const char *name = doc_str(doc_get(w, "name"));
		if (name && strcmp(name, worker) == 0)
			return doc_str(doc_get(w, "role"));
	}
	return NULL;
}

static void load_worker(team_ld *t, const char *name)
{
	rcs_state *st = t->st;
	if (st->nworkers == t->cap_workers)
		return;
	const char *status_path = path_of(t, "workers", arena_printf(&t->snap->mem, "%s/status.json", name));
	const char *beat_path = path_of(t, "workers", arena_printf(&t->snap->mem, "%s/heartbeat.json", name));
	const doc_node *status = read_soft(t, status_path);
	const doc_node *beat = read_soft(t, beat_path);
	rcs_worker *w = &st->workers[st->nworkers++];
	w->team = t->team;
	w->name = name;
	w->role = config_role(t, name);
	w->path = status_path;
	w->node = status ? status : beat;
	w->heartbeat = LW_NO_TIME;
	w->alive = -1;
	field f = { .snap = t->snap, .path = status_path, .subject = name, .mem = &t->snap->mem };
	w->state = field_str(&f, status, "state");
	w->task = field_str(&f, status, "current_task_id");
	f.path = beat_path;
	w->heartbeat = field_time(&f, beat, "last_turn_at");
	w->alive = field_bool(&f, beat, "alive");
}

/* The files of one team folder, listed before anything is read so the
 * arrays are sized once. */
typedef struct team_files {
	const char *dir;
	const char **tasks, **workers;
	size_t ntasks, nworkers;
} team_files;

static void list_team(arena *a, const char *dir, team_files *tf)
{
	char p[LW_PATH_MAX];
	tf->dir = arena_strdup(a, dir);
	lw_path_join(p, sizeof p, dir, "tasks");
	tf->ntasks = rcs_list_dir(a, p, false, MAX_TASKS, &tf->tasks);
	lw_path_join(p, sizeof p, dir, "workers");
	tf->nworkers = rcs_list_dir(a, p, true, MAX_WORKERS, &tf->workers);
}

static void load_team(team_ld *t, const team_files *tf)
{
	char p[LW_PATH_MAX];
	lw_path_join(p, sizeof p, t->dir, "config.json");
	if (lw_exists(p, NULL))
		t->config = read_soft(t, arena_strdup(&t->snap->mem, p));
	for (size_t i = 0; i < tf->ntasks; i++) {
		const char *f = tf->tasks[i];
		size_t n = strlen(f);
		if (n > 10 && strncmp(f, "task-", 5) == 0 && strcmp(f + n - 5, ".json") == 0)
			load_task(t, f);
	}
	for (size_t i = 0; i < tf->nworkers; i++)
		load_worker(t, tf->workers[i]);
}

void rcs_load_teams(const char *base, lw_snapshot *snap, rcs_state *st)
{
	char p[LW_PATH_MAX];
	lw_path_join(p, sizeof p, base, "team");
	const char **teams;
	size_t n = rcs_list_dir(&snap->mem, p, true, MAX_TEAMS, &teams);
	if (!n)
		return;
	team_files *tf = arena_alloc(&snap->mem, n * sizeof *tf);
	size_t ntasks = 0, nworkers = 0;
	for (size_t i = 0; i < n; i++) {
		char dir[LW_PATH_MAX];
		lw_path_join(dir, sizeof dir, p, teams[i]);
		list_team(&snap->mem, dir, &tf[i]);
		ntasks += tf[i].ntasks;
		nworkers += tf[i].nworkers;
	}
	st->tasks = arena_alloc(&snap->mem, (ntasks + 1) * sizeof *st->tasks);
	st->workers = arena_alloc(&snap->mem, (nworkers + 1) * sizeof *st->workers);
	for (size_t i = 0; i < n; i++) {
		team_ld t = { .snap = snap, .st = st, .team = teams[i], .dir = tf[i].dir, .qualify = n > 1,
		              .cap_tasks = ntasks, .cap_workers = nworkers };
		load_team(&t, &tf[i]);
	}
}
