/* foreman_factory.c — the factory folder beside the tasks: execution leases,
 * the tail of activity.jsonl, and the WIP limits of factory.json. All three
 * are optional; none of them can fail the load. Their documents are freed as
 * soon as what we keep is copied out, so a long activity log costs nothing
 * after the load. */
#include "systems/foreman/foreman.h"
#include "core/model/snapshot_file.h"
#include "core/util/dirlist.h"
#include "core/model/field.h"
#include "core/model/check_emit.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ACTIVITY_TAIL_BYTES (256u << 10)   /* the newest events live at the end */

static const char *dup_str(arena *a, const doc_node *map, const char *key)
{
	const char *s = doc_str(doc_get(map, key));
	return s ? arena_strdup(a, s) : NULL;
}

/* Parse a small JSON file into d; *buf must be freed after doc_free. */
static int parse_file(lw_snapshot *snap, const char *path, doc *d, char **buf)
{
	size_t len;
	lw_error err;
	lw_error_clear(&err);
	int rc = lw_read_file(path, doc_default_limits.max_bytes, buf, &len, &err);
	if (rc == LW_READ_MISSING)
		return 1;
	char msg[1200];
	if (rc != LW_READ_OK) {   /* unreadable or dangling_link, not a parse error */
		lw_snapshot_unread(snap, path, &err);
		return -1;
	}
	snap->state_bytes += len;
	if (doc_parse(d, *buf, len, path, NULL, &err) < 0) {
		lw_snapshot_problem(snap, path, "parse_error", NULL, NULL, "%s", lw_error_format(&err, msg, sizeof msg));
		doc_free(d);
		free(*buf);
		return -1;
	}
	return 0;
}

static void load_leases(fm_state *st, lw_snapshot *snap, const char *path)
{
	doc d;
	char *buf;
	if (parse_file(snap, path, &d, &buf) != 0)
		return;
	arena *a = &snap->mem;
	field r = { .snap = snap, .path = arena_strdup(a, path), .subject = "execution-leases" };
	const doc_node *leases = field_map(&r, doc_deref(d.root), "leases");
	st->leases = arena_alloc(a, (doc_len(leases) + 1) * sizeof *st->leases);
	for (const doc_node *k = doc_map_first(leases); k; k = doc_map_next(k)) {
		const doc_node *v = doc_deref(k->next);
		if (!doc_is_map(v))
			continue;
		fm_lease *l = &st->leases[st->nleases++];
		r.subject = doc_str(k) ? doc_str(k) : "?";
		l->task_id = dup_str(a, v, "taskId");
		if (!l->task_id)
			l->task_id = arena_strdup(a, r.subject);
		l->owner = dup_str(a, v, "ownerId");
		l->status = dup_str(a, v, "status");
		l->started = field_time(&r, v, "startedAt");
		l->heartbeat = field_time(&r, v, "lastHeartbeatAt");
	}
	doc_free(&d);
	free(buf);
}

/* from/to are {mode, phase, planningStatus} upstream; a bare phase word is
 * read too. */
static const char *phase_of(arena *a, const doc_node *v)
{
	v = doc_deref(v);
	if (doc_is_map(v))
		v = doc_get(v, "phase");
	const char *s = doc_str(v);
	return s ? arena_strdup(a, s) : NULL;
}

static void add_event(fm_state *st, arena *a, const doc_node *ev)
{
	const doc_node *meta = doc_get(ev, "metadata");
	const char *kind = doc_str(doc_get(meta, "kind"));
	if (!kind || strcmp(kind, "state-transition") != 0)
		return;
	if (st->nevents == FM_EVENTS_KEPT) {   /* keep the newest: drop the oldest */
		memmove(st->events, st->events + 1, (FM_EVENTS_KEPT - 1) * sizeof *st->events);
		st->nevents--;
	}
	fm_event *e = &st->events[st->nevents++];
	memset(e, 0, sizeof *e);
	e->task_id = dup_str(a, ev, "taskId");
	e->from = phase_of(a, doc_get(meta, "from"));
	e->to = phase_of(a, doc_get(meta, "to"));
	e->reason = dup_str(a, meta, "reason");
	e->source = dup_str(a, meta, "source");
	if (doc_time(doc_get(ev, "timestamp"), &e->at) != DOC_OK)
		e->at = LW_NO_TIME;
}

/* The last ACTIVITY_TAIL_BYTES of the log, each line parsed on its own
 * (JSON Lines): a torn or foreign line is skipped, never fatal. */
static void load_activity(fm_state *st, lw_snapshot *snap, const char *path)
{
	char *buf;
	size_t got;
	bool partial;
	if (lw_read_tail(path, ACTIVITY_TAIL_BYTES, &buf, &got, &partial) < 0) {
		lw_snapshot_unopened(snap, path, path);   /* there but unreadable: an alert, not a silence */
		return;
	}
	snap->state_bytes += got;
	st->events = arena_alloc(&snap->mem, FM_EVENTS_KEPT * sizeof *st->events);
	char *line = buf;
	if (partial) {   /* we started mid-line: that line is not whole */
		char *nl = memchr(buf, '\n', got);
		line = nl ? nl + 1 : buf + got;
	}
	while (line < buf + got) {
		char *nl = memchr(line, '\n', (size_t)(buf + got - line));
		size_t len = nl ? (size_t)(nl - line) : (size_t)(buf + got - line);
		line[len] = '\0';
		if (len && line[0] == '{') {
			doc d;
			lw_error err;
			if (doc_parse(&d, line, len, path, NULL, &err) == 0 && doc_is_map(d.root))
				add_event(st, &snap->mem, doc_deref(d.root));
			doc_free(&d);
		}
		line += len + 1;
	}
	free(buf);
}

static void load_limits(fm_state *st, lw_snapshot *snap, const char *path)
{
	doc d;
	char *buf;
	if (parse_file(snap, path, &d, &buf) != 0)
		return;
	field r = { .snap = snap, .path = arena_strdup(&snap->mem, path), .subject = "factory.json" };
	const doc_node *wip = field_map(&r, doc_deref(d.root), "wipLimits");
	long long v;
	/* A limit of 0 or below is said (bad_limit), and the default stays. */
	if (field_int_get(&r, wip, "executing", &v) && lw_limit_check(snap, r.subject, r.path, doc_get(wip, "executing"),
	                                                             "wipLimits.executing", v))
		st->wip_executing = v;
	if (field_int_get(&r, wip, "ready", &v) && lw_limit_check(snap, r.subject, r.path, doc_get(wip, "ready"),
	                                                         "wipLimits.ready", v))
		st->wip_ready = v;
	doc_free(&d);
	free(buf);
}

void foreman_load_factory(fm_state *st, lw_snapshot *snap)
{
	st->wip_executing = 1;
	st->wip_ready = FM_READY_LIMIT;
	if (!st->factory_dir)
		return;
	char p[LW_PATH_MAX], root[LW_PATH_MAX];
	load_leases(st, snap, lw_path_join(p, sizeof p, st->factory_dir, "execution-leases.json"));
	load_activity(st, snap, lw_path_join(p, sizeof p, st->factory_dir, "activity.jsonl"));
	/* factory.json sits in the root, beside factory/ */
	snprintf(root, sizeof root, "%s", st->factory_dir);
	char *slash = strrchr(root, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(root, sizeof root, ".");
	load_limits(st, snap, lw_path_join(p, sizeof p, root, "factory.json"));
	for (size_t i = 0; i < st->ntasks; i++)
		for (size_t k = 0; k < st->nleases; k++)
			if (strcmp(st->leases[k].task_id, st->tasks[i].id) == 0)
				st->tasks[i].lease = &st->leases[k];
}
