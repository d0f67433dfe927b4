/* lizago_shape.c — the persisted shape of a task's newer records, as
 * statevalidate's validate_task.go (read at liza-mas/liza 0323e95) checks
 * them: the rejected status's worktree and lease pairing
 * (validateStatusFields), plan_check (validatePlanCheck), acceptance_source,
 * acceptance_receipt and archived (validateAcceptanceState,
 * validateArchivedFields), a BLOCKED task's repair_request
 * (validateRepairRequestShape) and the artifact-ref syntax of spec_ref,
 * epic_ref, plan_ref and arch_ref (validateTaskInvariants,
 * ValidateArtifactRefScalar). Shape only, as Liza: no file is opened.
 * Each broken rule is a CRIT invalid_state worded as Liza words it. */
#include "systems/liza/go/lizago_shape.h"
#include "systems/liza/go/lizago_rule.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define broken(c, t, rule, key, ...) lizago_check_broken(c, (t)->id, (t)->node, rule, key, __VA_ARGS__)

#define sget(m, k) doc_str(doc_get(m, k))
#define blank lizago_check_blank
#define zero_time lizago_check_no_time
static bool has(const doc_node *m, const char *k)
{
	const doc_node *v = doc_get(m, k);
	return v && !doc_is_null(v);
}

/* hex.DecodeString plus a length, and optionally lowercase only. */
static bool hex_id(const char *s, size_t len, bool lower)
{
	if (!s || strlen(s) != len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!strchr(lower ? "0123456789abcdef" : "0123456789abcdefABCDEF", s[i]))
			return false;
	return true;
}


static void rejected_fields(lizago_check_ctx *c, const lg_task *t)
{
	const char *s = t->status ? t->status : "";
	if (t->worktree) {
		char want[300];
		snprintf(want, sizeof want, ".worktrees/%s", t->id);
		if (strcmp(t->worktree, want) != 0)
			broken(c, t, "rejected_fields", "worktree", "%s task has worktree=\"%s\", want \"%s\"", s, t->worktree, want);
	}
	bool lease = t->lease_expires != LW_NO_TIME || has(t->node, "lease_expires");
	if (t->assigned_to && !lease)
		broken(c, t, "rejected_fields", "assigned", "%s task has assigned_to without lease_expires: %s", s, t->id);
	if (!t->assigned_to && lease)
		broken(c, t, "rejected_fields", "lease", "%s task has lease_expires without assigned_to: %s", s, t->id);
	if (!t->assigned_to && t->worktree && !t->base_commit)
		broken(c, t, "rejected_fields", "released-wt", "%s released task has worktree without base_commit: %s", s, t->id);
	if (!t->assigned_to && !t->worktree && t->base_commit)
		broken(c, t, "rejected_fields", "released-base", "%s released task has base_commit without worktree: %s", s,
		       t->id);
}

/* pipeline.Resolver.TransitionSourcePairs: the pairs whose merged output
 * hands work to another pair. The embedded pipeline's are its planning
 * pairs; liza-watch reads no transitions, so a pair named *planning* is one. */
static bool planning_pair(const char *pair) { return pair && strstr(pair, "planning"); }

static void plan_check(lizago_check_ctx *c, const lg_task *t)
{
	const doc_node *pc = doc_get(t->node, "plan_check");
	if (!pc || doc_is_null(pc))
		return;
	const char *v = sget(pc, "verdict");
	if (v && strcmp(v, "held") == 0) {
		if (blank(sget(pc, "ask")))
			broken(c, t, "plan_check", "ask", "task %s plan_check held requires ask", t->id);
	} else if (!v || strcmp(v, "passed") != 0)
		broken(c, t, "plan_check", "verdict", "task %s plan_check has invalid verdict \"%s\"", t->id, v ? v : "");
	const char *by = sget(pc, "by");
	if (!by || !*by)
		broken(c, t, "plan_check", "by", "task %s plan_check requires by and at (missing by)", t->id);
	if (zero_time(doc_get(pc, "at")))
		broken(c, t, "plan_check", "at", "task %s plan_check requires by and at (missing at)", t->id);
	if (t->st.cat != LGC_MERGED)
		broken(c, t, "plan_check", "merged", "task %s plan_check requires MERGED status, got %s", t->id,
		       t->status ? t->status : "");
	if (!c->st->pipeline_missing && !planning_pair(t->role_pair))
		broken(c, t, "plan_check", "pair", "task %s plan_check on non-planning role_pair \"%s\"", t->id,
		       t->role_pair ? t->role_pair : "");
}

static bool terminal(const lg_task *t)
{
	return t->st.cat == LGC_MERGED || t->st.cat == LGC_ABANDONED || t->st.cat == LGC_SUPERSEDED;
}

static bool archived_fields(lizago_check_ctx *c, const lg_task *t)
{
	const doc_node *arch = doc_get(t->node, "archived");
	if (doc_len(arch) == 0)
		return false;
	if (!terminal(t))
		broken(c, t, "archived_fields", "terminal", "task %s in status %s has archived fields; only terminal tasks may",
		       t->id, t->status ? t->status : "");
	bool receipt = false;
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(arch); e; e = e->next, i++) {
		const doc_node *r = doc_deref(e);
		const char *f = sget(r, "field");
		char key[48];
		snprintf(key, sizeof key, "ref%zu", i);
		bool is_receipt = f && strcmp(f, "acceptance_receipt") == 0;
		if (!is_receipt)
			broken(c, t, "archived_fields", key, "task %s archived field \"%s\" is not archivable", t->id, f ? f : "");
		if (is_receipt && receipt)
			broken(c, t, "archived_fields", "twice", "task %s has more than one archived %s", t->id, f);
		receipt |= is_receipt;
		snprintf(key, sizeof key, "sha%zu", i);
		if (!hex_id(sget(r, "sha256"), 64, true))
			broken(c, t, "archived_fields", key, "task %s archived %s requires a lowercase SHA-256 digest", t->id,
			       f ? f : "");
		snprintf(key, sizeof key, "at%zu", i);
		if (zero_time(doc_get(r, "archived_at")))
			broken(c, t, "archived_fields", key, "task %s archived %s requires archived_at", t->id, f ? f : "");
	}
	if (receipt && has(t->node, "acceptance_receipt"))
		broken(c, t, "archived_fields", "both", "task %s has both a live and an archived acceptance_receipt", t->id);
	return true;
}

static bool same_str(const char *a, const char *b) { return strcmp(a ? a : "", b ? b : "") == 0; }

/* receipt.Source != *source: the five strings of AcceptanceSource. */
static bool same_source(const doc_node *a, const doc_node *b)
{
	static const char *const k[] = { "ref", "commit", "blob", "parent_task", "parent_review_commit" };
	for (size_t i = 0; i < sizeof k / sizeof *k; i++)
		if (!same_str(sget(a, k[i]), sget(b, k[i])))
			return false;
	return true;
}

static void acceptance(lizago_check_ctx *c, const lg_task *t)
{
	bool archived = archived_fields(c, t);
	const doc_node *src = doc_get(t->node, "acceptance_source");
	const doc_node *rc = doc_get(t->node, "acceptance_receipt");
	bool has_rc = rc && !doc_is_null(rc);
	if (!src || doc_is_null(src)) {
		if (has_rc || archived)
			broken(c, t, "acceptance_state", "source", "task %s acceptance_receipt requires acceptance_source", t->id);
		return;
	}
	const char *v;
	if (!(v = sget(src, "ref")) || !*v)
		broken(c, t, "acceptance_state", "ref", "task %s acceptance_source requires ref and parent_task (missing ref)",
		       t->id);
	if (!(v = sget(src, "parent_task")) || !*v)
		broken(c, t, "acceptance_state", "parent",
		       "task %s acceptance_source requires ref and parent_task (missing parent_task)", t->id);
	static const char *const ids[] = { "commit", "blob", "parent_review_commit" };
	for (size_t i = 0; i < 3; i++)
		if (!hex_id(sget(src, ids[i]), 40, true))
			broken(c, t, "acceptance_state", ids[i],
			       "task %s acceptance_source requires immutable lowercase object IDs (%s)", t->id, ids[i]);
	if (!has_rc)
		return;
	long long ver = 0;
	if (doc_int(doc_get(rc, "version"), &ver) != DOC_OK || ver != 1)
		broken(c, t, "acceptance_state", "r-version",
		       "task %s acceptance_receipt does not match its source and review_commit (version)", t->id);
	if (!t->review_commit || !same_str(sget(rc, "review_commit"), t->review_commit))
		broken(c, t, "acceptance_state", "r-commit",
		       "task %s acceptance_receipt does not match its source and review_commit (review_commit)", t->id);
	if (!same_source(doc_get(rc, "source"), src))
		broken(c, t, "acceptance_state", "r-source",
		       "task %s acceptance_receipt does not match its source and review_commit (source)", t->id);
	size_t maps = doc_len(doc_get(rc, "mappings")), cmds = doc_len(doc_get(rc, "commands"));
	if (!(v = sget(rc, "manifest_path")) || !*v)
		broken(c, t, "acceptance_state", "r-path",
		       "task %s acceptance_receipt has invalid manifest or result bounds (manifest_path)", t->id);
	if (maps == 0 || maps > 256)
		broken(c, t, "acceptance_state", "r-maps",
		       "task %s acceptance_receipt has invalid manifest or result bounds (mappings)", t->id);
	if (cmds > 64)
		broken(c, t, "acceptance_state", "r-cmds",
		       "task %s acceptance_receipt has invalid manifest or result bounds (commands)", t->id);
	if (!hex_id(sget(rc, "manifest_blob"), 40, false))
		broken(c, t, "acceptance_state", "r-blob", "task %s acceptance_receipt requires manifest blob identity", t->id);
	size_t total = 0, i = 0;
	for (const doc_node *e = doc_seq_first(doc_get(rc, "commands")); e; e = e->next, i++) {
		const doc_node *cm = doc_deref(e);
		const char *out = sget(cm, "output");
		total += out ? strlen(out) : 0;
		long long code = 0;
		time_t st, fin;
		bool has_st = doc_time(doc_get(cm, "started_at"), &st) == DOC_OK;
		bool has_fin = doc_time(doc_get(cm, "finished_at"), &fin) == DOC_OK;
		char key[48];
		const char *what = doc_int(doc_get(cm, "exit_code"), &code) == DOC_OK && code != 0 ? "exit code"
		                 : !has_st ? "started_at" : has_fin && fin < st ? "finished_at" : NULL;
		snprintf(key, sizeof key, "cmd%zu", i);
		if (what)
			broken(c, t, "acceptance_state", key,
			       "task %s acceptance_receipt contains unsuccessful execution (command %zu %s)", t->id, i, what);
		snprintf(key, sizeof key, "sha%zu", i);
		if (!hex_id(sget(cm, "command_sha256"), 64, false))
			broken(c, t, "acceptance_state", key,
			       "task %s acceptance_receipt requires canonical command identity (command %zu)", t->id, i);
	}
	if (total > 1024 * 1024)
		broken(c, t, "acceptance_state", "r-output", "task %s acceptance_receipt output exceeds 1 MiB", t->id);
}

static size_t non_empty(const doc_node *seq)
{
	size_t n = 0;
	for (const doc_node *e = doc_seq_first(seq); e; e = e->next)
		n += !blank(doc_str(e));
	return n;
}

static void trimmed(const char *s, char *out, size_t n)
{
	while (s && isspace((unsigned char)*s))
		s++;
	size_t len = s ? strlen(s) : 0;
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	snprintf(out, n, "%.*s", (int)len, s ? s : "");
}

static void dep_list(lizago_check_ctx *c, const lg_task *t, const doc_node *u, const char *field, size_t i)
{
	const doc_node *l = doc_get(u, field);
	char key[64];
	snprintf(key, sizeof key, "u%zu-%s", i, field);
	if (!l || doc_is_null(l) || !doc_is_seq(l)) {
		broken(c, t, "repair_request", key,
		       "BLOCKED task repair_request dependency_updates[%zu].%s must be an explicit list: %s", i, field, t->id);
		return;
	}
	size_t j = 0;
	for (const doc_node *e = doc_seq_first(l); e; e = e->next, j++) {
		char id[256], prev[256];
		trimmed(doc_str(e), id, sizeof id);
		snprintf(key, sizeof key, "u%zu-%s-%zu", i, field, j);
		if (!*id) {
			broken(c, t, "repair_request", key,
			       "BLOCKED task repair_request dependency_updates[%zu].%s contains an empty task ID: %s", i, field,
			       t->id);
			continue;
		}
		for (const doc_node *p = doc_seq_first(l); p != e; p = p->next) {
			trimmed(doc_str(p), prev, sizeof prev);
			if (strcmp(prev, id) == 0) {
				broken(c, t, "repair_request", key,
				       "BLOCKED task repair_request dependency_updates[%zu] has duplicate %s entry \"%s\": %s", i,
				       field, id, t->id);
				break;
			}
		}
	}
}

/* models.RepairOperationApplyDependencyRepair, the declarative repair (the
 * lifecycle operation's name, as Liza names its operations). */
#define DEPENDENCY_REPAIR "apply-dependency-repair"

static void repair_request(lizago_check_ctx *c, const lg_task *t)
{
	const doc_node *r = doc_get(t->node, "repair_request");
	if (t->st.cat != LGC_BLOCKED || !r || doc_is_null(r))
		return;
	const char *op = sget(r, "operation"), *target = sget(r, "target"), *cmd = sget(r, "command");
	if (blank(op))
		broken(c, t, "repair_request", "op", "BLOCKED task repair_request without operation: %s", t->id);
	if (blank(target))
		broken(c, t, "repair_request", "target", "BLOCKED task repair_request without target: %s", t->id);
	const doc_node *ups = doc_get(r, "dependency_updates");
	if (!op || strcmp(op, DEPENDENCY_REPAIR) != 0) {
		if (blank(cmd))
			broken(c, t, "repair_request", "cmd", "BLOCKED task repair_request without command: %s", t->id);
		if (ups && !doc_is_null(ups))
			broken(c, t, "repair_request", "cmd-ups",
			       "BLOCKED task command-based repair_request must not include dependency_updates: %s", t->id);
	} else {
		char tg[256];
		trimmed(target, tg, sizeof tg);
		if (strcmp(tg, t->id) != 0)
			broken(c, t, "repair_request", "decl-target",
			       "BLOCKED task declarative repair_request target must match blocked task: %s", t->id);
		if (!blank(cmd))
			broken(c, t, "repair_request", "decl-cmd",
			       "BLOCKED task declarative repair_request must not include command: %s", t->id);
		if (doc_len(ups) == 0)
			broken(c, t, "repair_request", "decl-ups",
			       "BLOCKED task declarative repair_request without dependency_updates: %s", t->id);
		size_t i = 0;
		for (const doc_node *e = doc_seq_first(ups); e; e = e->next, i++) {
			const doc_node *u = doc_deref(e);
			char id[256], prev[256], key[48];
			trimmed(sget(u, "task_id"), id, sizeof id);
			snprintf(key, sizeof key, "u%zu", i);
			if (!*id)
				broken(c, t, "repair_request", key,
				       "BLOCKED task repair_request dependency_updates[%zu].task_id is required: %s", i, t->id);
			else
				for (const doc_node *p = doc_seq_first(ups); p != e; p = p->next) {
					trimmed(sget(doc_deref(p), "task_id"), prev, sizeof prev);
					if (strcmp(prev, id) == 0) {
						broken(c, t, "repair_request", key,
						       "BLOCKED task repair_request has duplicate dependency update task_id \"%s\": %s", id,
						       t->id);
						break;
					}
				}
			dep_list(c, t, u, "expected_depends_on", i);
			dep_list(c, t, u, "desired_depends_on", i);
		}
	}
	if (non_empty(doc_get(r, "evidence")) == 0)
		broken(c, t, "repair_request", "evidence", "BLOCKED task repair_request without evidence: %s", t->id);
	if (non_empty(doc_get(r, "validation")) == 0)
		broken(c, t, "repair_request", "validation", "BLOCKED task repair_request without validation: %s", t->id);
}

/* validateArtifactRefSyntax: one ref (no ';'), a path left after the
 * fragment, and an extension without brackets, spaces or commas. */
static const char *ref_syntax(const char *v)
{
	if (strchr(v, ';'))
		return "contains multiple refs; use one repo-relative ref";
	size_t n = strcspn(v, "#");
	while (n && isspace((unsigned char)v[n - 1]))
		n--;
	const char *p = v;
	while (n && isspace((unsigned char)*p))
		p++, n--;
	if (n == 0)
		return "has empty path after fragment stripping";
	const char *base = p;
	for (size_t i = 0; i < n; i++)
		if (p[i] == '/')
			base = p + i + 1;
	const char *dot = NULL;
	for (const char *q = base; q < p + n; q++)
		if (*q == '.')
			dot = q;
	if (dot)
		for (const char *q = dot; q < p + n; q++)
			if (strchr("()[]{} ,", *q) || isspace((unsigned char)*q))
				return "has invalid path syntax; use a clean path and put annotations outside artifact-ref fields";
	return NULL;
}

static void refs_of(lizago_check_ctx *c, const lg_task *t, const doc_node *m, const char *where, bool task_level)
{
	static const char *const fields[] = { "spec_ref", "epic_ref", "plan_ref", "arch_ref" };
	for (size_t i = 0; i < 4; i++) {
		const char *v = sget(m, fields[i]);
		if (!v || !*v)
			continue;
		char key[64];
		snprintf(key, sizeof key, "%s%s-wt", where, fields[i]);
		if (strstr(v, ".worktrees/")) {
			if (task_level)
				broken(c, t, "artifact_ref", key, "task %s %s contains worktree prefix (must be repo-relative): %s",
				       t->id, fields[i], v);
			else
				broken(c, t, "artifact_ref", key,
				       "task %s %s %s contains worktree prefix (must be repo-relative): %s", t->id, where, fields[i], v);
		}
		const char *why = ref_syntax(v);
		snprintf(key, sizeof key, "%s%s-syntax", where, fields[i]);
		if (why)
			broken(c, t, "artifact_ref", key, "%s%s%s %s: %s (task: %s)", where, *where ? "." : "", fields[i], why, v,
			       t->id);
	}
}

static void artifact_refs(lizago_check_ctx *c, const lg_task *t)
{
	if (t->st.cat == LGC_SUPERSEDED || t->st.cat == LGC_ABANDONED)
		return;   /* artifactRefsRetired */
	refs_of(c, t, t->node, "", true);
	size_t i = 0;
	for (const doc_node *e = doc_seq_first(doc_get(t->node, "output")); e; e = e->next, i++) {
		char where[32];
		snprintf(where, sizeof where, "output[%zu]", i);
		refs_of(c, t, doc_deref(e), where, false);
	}
}

void lizago_shape(lizago_check_ctx *c, const lg_task *t)
{
	if (t->st.cat == LGC_REJECTED)
		rejected_fields(c, t);
	plan_check(c, t);
	acceptance(c, t);
	repair_request(c, t);
	artifact_refs(c, t);
}
