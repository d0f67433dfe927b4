/* acp_load.c — agent_workspaces/ and fsm_data/tasks/ into an acp_state and
 * the neutral model.
 *
 * Upstream writes every file in place, so any one can be caught half
 * written: a file that does not read or parse is a problem of that file
 * (core/model/snapshot_file.h) and its card stays as it last read, marked
 * stale, never a failed load. Each
 * agent's state is read under the FSM its record names (contract shape) or
 * through the mapping of upstream words; inbox messages are counted by type,
 * a line of each kept as a record (acp_inbox.c), and their documents freed
 * at once. */
#include "systems/acp/acp.h"
#include "core/util/dirlist.h"
#include "core/model/field.h"
#include "core/model/snapshot_file.h"
#include "core/util/inputs.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INBOX_PARSED_MAX 500      /* messages whose type is read; the rest only counted */
#define INBOX_MSG_BYTES (64u << 10)

bool acp_has_evidence(const doc_node *record)
{
	return field_nonempty(doc_get(record, "evidence")) ||
	       field_nonempty(doc_get(doc_get(record, "metadata"), "completion_evidence"));
}

bool acp_task_path(const char *root, const char *id, char *out, size_t n)
{
	if (!id || !*id || id[0] == '.' || strchr(id, '/') || strlen(id) > 200)
		return false;
	char dir[LW_PATH_MAX], name[256];
	snprintf(name, sizeof name, "%s.json", id);
	lw_path_join(out, n, lw_path_join(dir, sizeof dir, root, "fsm_data/tasks"), name);
	return true;
}

/* A parsed file kept in the snapshot (the detail view shows its node), its
 * last good version (*stale) when it no longer reads, or NULL with a
 * problem noted. */
static const doc_node *load_doc(lw_snapshot *snap, const char *path, bool *stale)
{
	const char *p = arena_strdup(&snap->mem, path);
	return lw_snapshot_file(snap, p, p, "must be a JSON object", stale);
}

static int kind_of(const char *type)
{
	static const char *const names[] = { "task", "fsm_update", "fsm_request", "verify" };
	for (int i = 0; type && i < ACP_MSG_OTHER; i++)
		if (strncmp(type, names[i], strlen(names[i])) == 0)
			return i;
	return ACP_MSG_OTHER;
}

/* A message's type: its `type`, else what its file name starts with
 * (fsm_update_1755013131_Agent-3.json carries no type of its own). An
 * fsm_update lacking a field the bridge requires is noted on the agent. */
static int message_kind(lw_snapshot *snap, acp_agent *a, const char *path, const char *name, size_t *parsed,
                        acp_msgs *ms)
{
	int k = ACP_MSG_OTHER;
	if ((*parsed)++ < INBOX_PARSED_MAX) {
		char *buf;
		size_t len;
		lw_error err;
		int rc = lw_read_file(path, INBOX_MSG_BYTES, &buf, &len, &err);
		if (rc == LW_READ_ERROR && err.code)   /* a FIFO, permissions, a link to nothing */
			lw_snapshot_unread(snap, path, &err);
		if (rc == LW_READ_OK) {
			doc d;
			if (doc_parse(&d, buf, len, path, NULL, &err) == 0) {
				const doc_node *m = doc_deref(d.root);
				const char *type = doc_str(doc_get(m, "type"));
				k = kind_of(type);
				acp_msgs_add(ms, a->id, path, m);
				const char *missing = type && strcmp(type, "fsm_update") == 0 ? acp_fsm_update_missing(m) : NULL;
				if (missing && !a->bad_updates++) {
					a->bad_update_file = arena_strdup(&snap->mem, path);
					a->bad_update_field = missing;
				}
			}
			doc_free(&d);
			free(buf);
		}
	}
	return k != ACP_MSG_OTHER ? k : kind_of(name);
}

static void count_inbox(lw_snapshot *snap, acp_agent *a, const char *dir, int depth, size_t *parsed, acp_msgs *ms)
{
	lw_dirlist dl;
	if (lw_dirlist_read(&dl, dir) < 0)
		return;
	char p[LW_PATH_MAX];
	for (size_t i = 0; i < dl.n; i++) {
		lw_path_join(p, sizeof p, dir, dl.names[i]);
		if (lw_has_suffix(dl.names[i], ".json")) {
			a->inbox++;
			a->inbox_kind[message_kind(snap, a, p, dl.names[i], parsed, ms)]++;
		} else if (depth == 0 && lw_is_dir(p)) {
			count_inbox(snap, a, p, 1, parsed, ms);   /* inbox/messages/… */
		}
	}
	lw_dirlist_free(&dl);
}

static void read_record(field *r, acp_agent *a, const doc_node *root)
{
	long long v;
	bool versioned = field_int_get(r, root, "schema_version", &v);
	/* Upstream writes no version; the contract shape is 2 (1 is upstream's). */
	if (versioned && (v < 1 || v > 2))
		lw_snapshot_problem(r->snap, r->subject, "unknown_schema", r->path, doc_get(root, "schema_version"),
		                    "schema_version %lld is not one this reads (1 or 2); read as the contract shape", v);
	a->shape = (versioned && v >= 2) || doc_get(root, "fsm") ? ACP_CONTRACT : ACP_UPSTREAM;
	const char *fsm = field_str(r, root, "fsm");
	a->fsm = fsm && strcmp(fsm, "jarvis") == 0 ? ACP_JARVIS : ACP_CORE;
	if (fsm && strcmp(fsm, "jarvis") != 0 && strcmp(fsm, "core") != 0)
		field_bad_type(r, "fsm", doc_get(root, "fsm"), "core or jarvis");
	a->state_raw = field_str(r, root, "state");
	a->state = acp_state_of(a->state_raw, a->fsm);
	a->task_id = field_str(r, root, "task_id");
	a->blocked_reason = field_str(r, root, "blocked_reason");
	a->retries = field_int_get(r, root, "retries_remaining", &v) ? v : -1;
	a->approval_required = field_bool(r, root, "approval_required");
	a->evidence = acp_has_evidence(root);
	a->updated_raw = doc_str(doc_get(root, "updated"));
	/* Upstream's runner reads `updated` with one strptime format and counts
	 * anything else as stalled (acp_check), not as a broken file. */
	a->runner_time = acp_runner_time(a->updated_raw, &a->updated);
	if (!a->runner_time && a->shape == ACP_UPSTREAM) {
		time_t t;
		a->updated = doc_time(doc_get(root, "updated"), &t) == DOC_OK ? t : LW_NO_TIME;
	} else if (!a->runner_time) {
		a->updated = field_time(r, root, "updated");
	}
	const doc_node *ev = field_map(r, root, "last_event");
	a->has_last_event = ev != NULL;
	a->ev_node = ev;
	a->ev_event = field_str(r, ev, "event");
	a->ev_from = field_str(r, ev, "from");
	a->ev_to = field_str(r, ev, "to");
	const doc_node *lm = field_map(r, root, "last_message");
	a->last_type = field_str(r, lm, "type");
	a->last_from = field_str(r, lm, "from");
}

static void load_agents(lw_snapshot *snap, acp_state *st)
{
	lw_dirlist dl;
	if (lw_dirlist_read(&dl, st->workspaces) < 0)
		return;
	st->agents = arena_alloc(&snap->mem, (dl.n + 1) * sizeof *st->agents);
	char dir[LW_PATH_MAX], p[LW_PATH_MAX], inbox[LW_PATH_MAX];
	size_t parsed = 0;
	acp_msgs ms = { 0 };
	for (size_t i = 0; i < dl.n; i++) {
		lw_path_join(dir, sizeof dir, st->workspaces, dl.names[i]);
		lw_path_join(p, sizeof p, dir, "state.json");
		lw_path_join(inbox, sizeof inbox, dir, "inbox");
		if (!lw_is_dir(dir)) {
			lw_snapshot_dangling(snap, dir, arena_strdup(&snap->mem, dir));   /* a workspace linked to nothing */
			continue;
		}
		bool has_state = lw_exists(p, NULL), has_inbox = lw_is_dir(inbox), stale = false;
		struct stat lst;
		/* A state.json linked to nothing is an agent whose file is gone: said. */
		has_state = has_state || lw_stat(p, &lst, LW_STAT_NOFOLLOW) == 0;
		if (!has_state && !has_inbox)
			continue;   /* shared_tools and the like: not an agent */
		const doc_node *root = has_state ? load_doc(snap, p, &stale) : NULL;
		if (has_state && !root)
			continue;   /* the problem is noted; nothing good to show yet */
		acp_agent *a = &st->agents[st->nagents++];
		a->stale = stale;
		a->id = arena_strdup(&snap->mem, dl.names[i]);
		a->retries = -1;
		a->approval_required = -1;
		a->updated = LW_NO_TIME;
		if (root) {
			a->node = root;
			a->path = arena_strdup(&snap->mem, p);
			field r = { .snap = snap, .path = a->path, .subject = a->id };
			read_record(&r, a, root);
		}
		if (has_inbox)
			count_inbox(snap, a, inbox, 0, &parsed, &ms);
	}
	lw_dirlist_free(&dl);
	acp_msgs_done(&ms, snap);
}

static const char *first_str(const doc_node *m, const char *const *keys)
{
	for (; *keys; keys++)
		if (doc_str(doc_get(m, *keys)))
			return doc_str(doc_get(m, *keys));
	return NULL;
}

static void load_tasks(lw_snapshot *snap, acp_state *st)
{
	static const char *const id_keys[] = { "task_id", "id", NULL };
	static const char *const state_keys[] = { "state", "status", NULL };
	static const char *const title_keys[] = { "summary", "intent", "title", "name", "description", NULL };
	/* fsm_bridge.py assigns through `owner`; fsm_orchestrator.py writes
	 * `assigned_agent` (its shape: id, name, status, updated_at). */
	static const char *const who_keys[] = { "owner", "assigned_agent", "assignee", "agent", NULL };
	lw_dirlist dl;
	if (lw_dirlist_read(&dl, st->tasks_dir) < 0)
		return;
	st->tasks = arena_alloc(&snap->mem, (dl.n + 1) * sizeof *st->tasks);
	char p[LW_PATH_MAX];
	for (size_t i = 0; i < dl.n; i++) {
		if (!lw_has_suffix(dl.names[i], ".json"))
			continue;
		lw_path_join(p, sizeof p, st->tasks_dir, dl.names[i]);
		bool stale;
		const doc_node *root = load_doc(snap, p, &stale);
		if (!root)
			continue;
		acp_task *t = &st->tasks[st->ntasks++];
		t->stale = stale;
		t->node = root;
		t->path = arena_strdup(&snap->mem, p);
		t->id = first_str(root, id_keys);
		if (!t->id)
			t->id = arena_strndup(&snap->mem, dl.names[i], strlen(dl.names[i]) - 5);
		field r = { .snap = snap, .path = t->path, .subject = t->id };
		t->state_raw = first_str(root, state_keys);
		t->state = acp_state_of(t->state_raw, ACP_CORE);
		const char *title = first_str(root, title_keys);
		t->title = title ? arena_strndup(&snap->mem, title, strcspn(title, "\r\n")) : NULL;
		t->assignee = first_str(root, who_keys);
		t->evidence = acp_has_evidence(root);
		t->updated = field_time(&r, root, doc_get(root, "updated") ? "updated" : "updated_at");
	}
	lw_dirlist_free(&dl);
}

static lw_lane lane_of(const char *state)
{
	static const struct { const char *state; lw_lane lane; } lanes[] = {
		{ "IDLE", LANE_BACKLOG }, { "PLANNING", LANE_BACKLOG }, { "READY", LANE_READY },
		{ "EXECUTING_TASK", LANE_ACTIVE }, { "IN_PROGRESS", LANE_ACTIVE },
		{ "AWAITING_APPROVAL", LANE_REVIEW }, { "REVIEW", LANE_REVIEW }, { "BLOCKED", LANE_BLOCKED },
		{ "ERROR", LANE_BLOCKED }, { "COMPLETE", LANE_DONE }, { "DONE", LANE_DONE },
	};
	for (size_t i = 0; state && i < sizeof lanes / sizeof *lanes; i++)
		if (strcmp(state, lanes[i].state) == 0)
			return lanes[i].lane;
	return LANE_BLOCKED;   /* unknown: make it seen */
}

static const char *agent_title(arena *mem, const acp_agent *a)
{
	const char *what = a->task_id ? a->task_id : a->last_type ? a->last_type : NULL;
	if (!a->node)
		what = "no state.json";
	if (a->inbox)
		return arena_printf(mem, "inbox %zu%s%s", a->inbox, what ? " · " : "", what ? what : "");
	return what ? arena_strdup(mem, what) : NULL;
}

static void project_model(lw_snapshot *snap, const acp_state *st)
{
	arena *mem = &snap->mem;
	snap->tasks = arena_alloc(mem, (st->nagents + st->ntasks + 1) * sizeof *snap->tasks);
	snap->agents = arena_alloc(mem, (st->nagents + 1) * sizeof *snap->agents);
	size_t inbox = 0, done = 0;
	for (size_t i = 0; i < st->nagents; i++) {
		const acp_agent *a = &st->agents[i];
		lw_task *m = &snap->tasks[snap->ntasks++];
		m->system = "acp";
		m->id = a->id;
		m->title = agent_title(mem, a);
		if (a->stale)   /* its state.json no longer reads: the board says this is old */
			m->title = arena_printf(mem, "[stale] %s", m->title ? m->title : "");
		m->stale = a->stale;
		m->status = a->state ? a->state : a->state_raw ? a->state_raw : "-";
		m->lane = a->node ? lane_of(a->state) : LANE_BACKLOG;
		m->iteration = m->iteration_max = m->review_cycles = m->review_max = -1;
		m->awaiting_operator = a->state && (strcmp(a->state, "AWAITING_APPROVAL") == 0 || strcmp(a->state, "REVIEW") == 0);
		m->waiting_since = m->awaiting_operator ? a->updated : LW_NO_TIME;
		m->path = a->path;
		m->node = a->node;
		m->tx = !a->node ? &acp_tx_none : a->shape == ACP_UPSTREAM ? &acp_tx_listener : acp_table(a->fsm);
		lw_agent *ag = &snap->agents[snap->nagents++];
		ag->system = "acp";
		ag->id = a->id;
		ag->role = acp_fsm_name(a->fsm);
		ag->status = m->status;
		ag->task = a->task_id;
		ag->heartbeat = a->updated;
		ag->inbox = (int)a->inbox;
		ag->node = a->node;
		inbox += a->inbox;
	}
	for (size_t i = 0; i < st->ntasks; i++) {
		const acp_task *t = &st->tasks[i];
		lw_task *m = &snap->tasks[snap->ntasks++];
		m->system = "acp";
		m->id = t->id;
		m->title = t->stale ? arena_printf(mem, "[stale] %s", t->title ? t->title : "") : t->title;
		m->stale = t->stale;
		m->status = t->state ? t->state : t->state_raw ? t->state_raw : "-";
		m->lane = lane_of(t->state);
		m->assignee = t->assignee;
		m->iteration = m->iteration_max = m->review_cycles = m->review_max = -1;
		m->path = t->path;
		m->node = t->node;
		m->tx = &acp_tx_none;
		done += m->lane == LANE_DONE;
	}
	snap->workflows = arena_alloc(mem, sizeof *snap->workflows);
	lw_workflow *w = &snap->workflows[snap->nworkflows++];
	w->system = "acp";
	w->name = "fsm";
	w->phase = arena_printf(mem, "%zu agents, inbox %zu", st->nagents, inbox);
	w->iteration = (int)done;
	w->max = st->ntasks ? (int)st->ntasks : -1;   /* tasks done of all */
	w->flags = "";
	snap->status_segment = inbox ? arena_printf(mem, "inbox %zu", inbox) : NULL;
}

int acp_load(const char *root, lw_snapshot *snap, lw_error *err)
{
	(void)err;   /* nothing here fails the load: each file stands alone */
	acp_state *st = arena_alloc(&snap->mem, sizeof *st);
	char p[LW_PATH_MAX];
	st->root = arena_strdup(&snap->mem, root);
	st->workspaces = arena_strdup(&snap->mem, lw_path_join(p, sizeof p, root, "agent_workspaces"));
	st->tasks_dir = arena_strdup(&snap->mem, lw_path_join(p, sizeof p, root, "fsm_data/tasks"));
	load_agents(snap, st);
	load_tasks(snap, st);
	/* An agent links evidence through its task, too. */
	for (size_t i = 0; i < st->nagents; i++) {
		const acp_task *t = st->agents[i].task_id ? acp_find_task(st, st->agents[i].task_id) : NULL;
		if (t && t->evidence)
			st->agents[i].evidence = true;
	}
	snap->sys = st;
	project_model(snap, st);
	return 0;
}

const acp_agent *acp_find_agent(const acp_state *st, const char *id)
{
	for (size_t i = 0; i < st->nagents; i++)
		if (strcmp(st->agents[i].id, id) == 0)
			return &st->agents[i];
	return NULL;
}

const acp_task *acp_find_task(const acp_state *st, const char *id)
{
	for (size_t i = 0; i < st->ntasks; i++)
		if (strcmp(st->tasks[i].id, id) == 0)
			return &st->tasks[i];
	return NULL;
}
