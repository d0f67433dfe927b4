/* liza_validity.c — the rules of liza-validate.sh that look beyond one
 * task's own fields: the filesystem (a claimed task's worktree directory,
 * the spec files tasks name), the history an integration fix needs, the
 * anomaly log (known types, each type's required details) and the sprint's
 * timeline. Each broken rule is one CRIT invalid_state alert, as the
 * script's INVALID is (liza_invariants.c has the others).
 *
 * Paths are the script's: PROJECT_ROOT (the folder holding .liza) joined
 * with the value as written, an absolute value included. The script skips
 * the spec files when SKIP_SPEC_FILE_CHECK=true; so does this. */
#include "systems/liza/shell/liza_validity.h"
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_broken.h"
#include "core/util/dirlist.h"
#include "core/util/fileio.h"
#include "core/util/inputs.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct vd {
	const liza_state *st;
	lw_check_ctx *ctx;
	char root[4096];          /* PROJECT_ROOT: <dir of state.yaml>/.. */
} vd;

/* One broken rule (liza_broken.h), keyed by its message too: two tasks
 * under one (duplicated) id that break a rule differently stay two alerts. */
#define broken(v, subject, rule, at, ...) \
	liza_broken((v)->st, (v)->ctx, subject, rule, liza_broken_by_message, at, __VA_ARGS__)

static bool project_path(const vd *v, const char *rel, size_t len, struct stat *sb)
{
	char p[8192];
	if ((size_t)snprintf(p, sizeof p, "%s/%.*s", v->root, (int)len, rel) >= sizeof p)
		return false;
	return lw_exists(p, sb);
}

/* CLAIMED worktree path must exist (as a directory). */
static void rule_worktrees(vd *v)
{
	for (size_t i = 0; i < v->st->ntasks; i++) {
		const liza_task *t = &v->st->tasks[i];
		struct stat sb;
		if (t->status != LS_CLAIMED || !t->worktree || !*t->worktree)
			continue;
		if (!project_path(v, t->worktree, strlen(t->worktree), &sb) || !S_ISDIR(sb.st_mode))
			broken(v, t->id, "worktree_exists", liza_broken_at(t->node, "worktree"),
			       "CLAIMED task has worktree=%.200s but that directory does not exist", t->worktree);
	}
}

/* The answer for one spec path, so each is stat'ed once: a project's
 * thousand tasks name a dozen spec files, and a stat per task was the
 * largest cost of a reload's checks after the parse. */
typedef struct spec_seen {
	const char *ref;          /* the task's spec_ref, anchor not included */
	size_t len;
	bool file;                /* it is a regular file */
} spec_seen;

static uint64_t spec_hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;   /* FNV-1a */
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
	return h;
}

static bool spec_is_file(const vd *v, spec_seen *seen, size_t mask, const char *ref, size_t len)
{
	size_t h = (size_t)spec_hash(ref, len) & mask;
	for (; seen[h].ref; h = (h + 1) & mask)
		if (seen[h].len == len && memcmp(seen[h].ref, ref, len) == 0)
			return seen[h].file;
	struct stat sb;
	seen[h] = (spec_seen){ ref, len, project_path(v, ref, len, &sb) && S_ISREG(sb.st_mode) };
	return seen[h].file;
}

/* Every spec_ref (anchor stripped) names a file under the project. */
static void rule_spec_files(vd *v)
{
	const char *skip = lw_getenv("SKIP_SPEC_FILE_CHECK");   /* recorded: status may reuse a result */
	if (skip && strcmp(skip, "true") == 0)
		return;
	size_t cap = 16;
	while (cap < 2 * v->st->ntasks)
		cap *= 2;
	spec_seen *seen = calloc(cap, sizeof *seen);
	if (!seen)
		abort();
	for (size_t i = 0; i < v->st->ntasks; i++) {
		const liza_task *t = &v->st->tasks[i];
		if (!t->spec_ref)
			continue;
		size_t len = strcspn(t->spec_ref, "#");
		if (!len)
			continue;
		if (!spec_is_file(v, seen, cap - 1, t->spec_ref, len))
			broken(v, t->id, "spec_file", liza_broken_at(t->node, "spec_ref"),
			       "spec_ref file not found: %.*s (create it, or set SKIP_SPEC_FILE_CHECK=true)",
			       (int)(len > 200 ? 200 : len), t->spec_ref);
	}
	free(seen);
}

/* integration_fix: true needs an integration_failed event in history. */
static void rule_integration_fix(vd *v)
{
	for (size_t i = 0; i < v->st->ntasks; i++) {
		const liza_task *t = &v->st->tasks[i];
		if (!t->integration_fix)
			continue;
		bool failed = false;
		for (size_t k = 0; k < t->nhistory && !failed; k++)
			failed = t->history[k].event && strcmp(t->history[k].event, "integration_failed") == 0;
		if (!failed)
			broken(v, t->id, "integration_fix_history", liza_broken_at(t->node, "integration_fix"),
			       "integration_fix: true but no integration_failed event in history");
	}
}

/* The anomaly types liza-validate.sh knows, and the details each needs. */
static const struct { const char *type, *details[3]; } anomaly_types[] = {
	{ "retry_loop", { "count", "error_pattern" } },
	{ "trade_off", { "what", "why", "debt_created" } },
	{ "spec_ambiguity", { NULL } },
	{ "external_blocker", { "blocker_service" } },
	{ "assumption_violated", { "assumption", "reality" } },
	{ "scope_deviation", { NULL } },
	{ "workaround", { NULL } },
	{ "debt_created", { NULL } },
	{ "spec_changed", { NULL } },
	{ "hypothesis_exhaustion", { NULL } },
	{ "spec_gap", { NULL } },
	{ "review_deadlock", { NULL } },
	{ "system_ambiguity", { "protocol_section", "question" } },
};

static void rule_anomalies(vd *v)
{
	size_t i = 0;
	for (const doc_node *it = doc_seq_first(doc_get(v->st->root, "anomalies")); it; it = it->next, i++) {
		const doc_node *a = doc_deref(it);
		char subject[48];
		snprintf(subject, sizeof subject, "anomalies[%zu]", i);
		const char *type = doc_str(doc_get(a, "type"));
		size_t k = 0, n = sizeof anomaly_types / sizeof *anomaly_types;
		while (type && k < n && strcmp(anomaly_types[k].type, type) != 0)
			k++;
		if (!type || k == n) {
			broken(v, subject, "anomaly_type", liza_broken_at(a, "type"), "unknown anomaly type '%.64s'",
			       type ? type : "null");
			continue;
		}
		const doc_node *details = doc_deref(doc_get(a, "details"));
		char miss[128] = "";
		size_t used = 0;
		for (size_t d = 0; d < 3 && anomaly_types[k].details[d]; d++) {
			const doc_node *x = doc_get(details, anomaly_types[k].details[d]);
			if ((!x || doc_is_null(x)) && used < sizeof miss)
				used += (size_t)snprintf(miss + used, sizeof miss - used, "%s%s", used ? ", " : "",
				                         anomaly_types[k].details[d]);
		}
		if (used)
			broken(v, subject, "anomaly_details", details ? details : a, "%s anomaly missing required details (%s)",
			       type, miss);
	}
}

/* A sprint needs timeline.started. */
static void rule_sprint_timeline(vd *v)
{
	const doc_node *sp = v->st->sprint;
	if (!sp || doc_is_null(sp))
		return;
	const doc_node *started = doc_get(doc_get(sp, "timeline"), "started");
	if (!started || doc_is_null(started) || (doc_str(started) && !*doc_str(started)))
		broken(v, v->st->sprint_id ? v->st->sprint_id : "sprint", "sprint_timeline",
		       doc_get(sp, "timeline") ? doc_get(sp, "timeline") : sp, "sprint.timeline.started is required");
}

void liza_validity(const liza_state *st, lw_check_ctx *ctx)
{
	if (!st || !st->root)
		return;
	vd v = { .st = st, .ctx = ctx };
	const char *sp = st->state_path ? st->state_path : "state.yaml";
	const char *slash = strrchr(sp, '/');
	if (slash)
		snprintf(v.root, sizeof v.root, "%.*s/..", (int)(slash - sp), sp);
	else
		snprintf(v.root, sizeof v.root, "..");
	rule_worktrees(&v);
	rule_spec_files(&v);
	rule_integration_fix(&v);
	rule_anomalies(&v);
	rule_sprint_timeline(&v);
}
