/* lizago_receipts.c — the two records liza-watch itself writes on a verdict,
 * validated as Liza validates them (liza-mas/liza 0323e95): a task's stored
 * rejection_rca (validate_task.go validateTaskRejectionRCA: the gate's
 * blocked_reason, the seeded fields, the recorded caller fields through
 * ValidateRejectionRCARequest's bounds, the disposition) and its
 * task.lifecycle receipts (validate_lifecycle.go validateTaskLifecycle).
 * Each broken rule is a CRIT invalid_state worded as Liza words it. */
#include "systems/liza/go/lizago_receipts.h"
#include "systems/liza/go/lizago_rule.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define broken(c, t, rule, key, ...) lizago_check_broken(c, (t)->id, (t)->node, rule, key, __VA_ARGS__)

#define sget(m, k) doc_str(doc_get(m, k))
#define blank lizago_check_blank
#define zero_time lizago_check_no_time
static long long num(const doc_node *m, const char *k)
{
	long long v = 0;
	return doc_int(doc_get(m, k), &v) == DOC_OK ? v : 0;
}

/* models.IsRecoveryPath: the recovery paths the gate's question names. */
static bool recovery_path(const char *p)
{
	static const char *const paths[] = { "implementation_correction", "capability_reroute", "lifecycle_repair",
	                                     "rescope", "human_override" };
	for (size_t i = 0; p && i < sizeof paths / sizeof *paths; i++)
		if (strcmp(p, paths[i]) == 0)
			return true;
	return false;
}

/* validateBoundedPayloadText: present, at most max bytes (UTF-8 left to the
 * hygiene walk's reader, which refuses invalid text already). */
static const char *bounded(const char *s, size_t max, bool required)
{
	if (required && blank(s))
		return "a non-empty value is required";
	if (s && strlen(s) > max)
		return "too long";
	return NULL;
}

static void recorded_fields(lizago_check_ctx *c, const lg_task *t, const doc_node *r)
{
	const char *why;
	if ((why = bounded(sget(r, "summary"), 4096, true)))
		broken(c, t, "rejection_rca", "summary", "task %s rejection_rca /summary violates: %s", t->id,
		       strcmp(why, "too long") ? why : "must be at most 4096 bytes");
	const doc_node *cs = doc_get(r, "contributions");
	size_t n = doc_len(cs);
	if (n == 0)
		broken(c, t, "rejection_rca", "contributions",
		       "task %s rejection_rca /contributions violates: at least one contribution is required", t->id);
	else if (n > 32)
		broken(c, t, "rejection_rca", "contributions",
		       "task %s rejection_rca /contributions violates: at most 32 contributions are allowed", t->id);
	else {
		size_t i = 0;
		for (const doc_node *e = doc_seq_first(cs); e; e = e->next, i++) {
			const doc_node *k = doc_deref(e);
			long long idx = num(k, "rejection_index");
			char key[48];
			snprintf(key, sizeof key, "c%zu-index", i);
			bool dup = false;
			for (const doc_node *p = doc_seq_first(cs); p != e; p = p->next)
				dup |= num(doc_deref(p), "rejection_index") == idx && idx >= 1;
			if (idx < 1 || dup)
				broken(c, t, "rejection_rca", key, "task %s rejection_rca /contributions/%zu/rejection_index "
				       "violates: %s", t->id, i, idx < 1 ? "must be at least 1" : "must be unique across contributions");
			static const struct { const char *f; size_t max, bytes; bool required; } lists[] = {
				{ "categories", 8, 64, true }, { "evidence", 4, 256, false } };
			for (size_t l = 0; l < 2; l++) {
				const doc_node *v = doc_get(k, lists[l].f);
				size_t m = doc_len(v), j = 0;
				snprintf(key, sizeof key, "c%zu-%s", i, lists[l].f);
				if (lists[l].required && m == 0)
					broken(c, t, "rejection_rca", key, "task %s rejection_rca /contributions/%zu/%s violates: at "
					       "least one entry is required", t->id, i, lists[l].f);
				else if (m > lists[l].max)
					broken(c, t, "rejection_rca", key, "task %s rejection_rca /contributions/%zu/%s violates: at "
					       "most %zu entries are allowed", t->id, i, lists[l].f, lists[l].max);
				else
					for (const doc_node *x = doc_seq_first(v); x; x = x->next, j++)
						if ((why = bounded(doc_str(x), lists[l].bytes, true))) {
							snprintf(key, sizeof key, "c%zu-%s-%zu", i, lists[l].f, j);
							broken(c, t, "rejection_rca", key, "task %s rejection_rca /contributions/%zu/%s/%zu "
							       "violates: %s", t->id, i, lists[l].f, j, strcmp(why, "too long") ? why
							       : lists[l].bytes == 64 ? "must be at most 64 bytes" : "must be at most 256 bytes");
						}
			}
		}
	}
	if (blank(sget(r, "recorded_by")))
		broken(c, t, "rejection_rca", "recorded_by", "task %s rejection_rca requires recorded_by", t->id);
	if (zero_time(doc_get(r, "recorded_at")))
		broken(c, t, "rejection_rca", "recorded_at", "task %s rejection_rca requires recorded_at", t->id);
}

static void rejection_rca(lizago_check_ctx *c, const lg_task *t)
{
	const doc_node *r = doc_get(t->node, "rejection_rca");
	bool present = r && !doc_is_null(r);
	const doc_node *disp = present ? doc_get(r, "disposition") : NULL;
	bool has_disp = disp && !doc_is_null(disp);
	/* validateRejectionRCAGateReason: an open gate on a BLOCKED task */
	if (present && !has_disp && t->st.cat == LGC_BLOCKED) {
		const char *why = t->blocked_reason;
		while (why && isspace((unsigned char)*why))
			why++;
		if (!why || strncmp(why, "rejection_rca_required", 22) != 0)
			broken(c, t, "rejection_rca", "gate-reason", "BLOCKED task with an open rejection_rca gate requires a "
			       "blocked_reason starting with rejection_rca_required: %s", t->id);
	}
	if (!present)
		return;
	long long threshold = num(r, "threshold");
	if (num(r, "schema_version") != 1)
		broken(c, t, "rejection_rca", "schema", "task %s rejection_rca schema_version must be 1", t->id);
	if (threshold < 1)
		broken(c, t, "rejection_rca", "threshold", "task %s rejection_rca threshold must be at least 1", t->id);
	if (num(r, "rejection_count") < threshold)
		broken(c, t, "rejection_rca", "count", "task %s rejection_rca rejection_count must be at least its threshold: "
		       "%lld", t->id, threshold);
	if (zero_time(doc_get(r, "gated_at")))
		broken(c, t, "rejection_rca", "gated_at", "task %s rejection_rca requires gated_at", t->id);
	const char *fp = sget(r, "fingerprint");
	bool recorded = fp && *fp;   /* a fingerprint comes with the caller fields */
	if (recorded)
		recorded_fields(c, t, r);
	if (!has_disp)
		return;
	if (!recorded)
		broken(c, t, "rejection_rca", "disp-recorded", "task %s rejection_rca disposition requires a recorded RCA",
		       t->id);
	if (!recovery_path(sget(disp, "recovery_path")))
		broken(c, t, "rejection_rca", "disp-path", "task %s rejection_rca disposition has an unknown recovery_path",
		       t->id);
	if (blank(sget(disp, "actor")))
		broken(c, t, "rejection_rca", "disp-actor", "task %s rejection_rca disposition requires actor", t->id);
	if (zero_time(doc_get(disp, "decided_at")))
		broken(c, t, "rejection_rca", "disp-at", "task %s rejection_rca disposition requires decided_at", t->id);
}

/* lifecycleIdentifierPattern, at most 128 bytes */
static bool identifier(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	return n > 0 && n <= 128 &&
	       strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-") == n;
}

/* validLifecycleDigest: lowercase hex of the length */
static bool digest(const char *s, size_t len)
{
	return s && strlen(s) == len && strspn(s, "0123456789abcdef") == len;
}

#define RECEIPTS_PER_TASK 16
#define RECEIPTS_PER_OPERATION 4

static void identity(lizago_check_ctx *c, const lg_task *t, const doc_node *r, const char *where)
{
	char key[96];
	const char *v;
#define FAIL(k, what) do { snprintf(key, sizeof key, "%s-%s", where, k); \
	broken(c, t, "lifecycle", key, "task %s lifecycle: %s", t->id, what); } while (0)
	if (blank(sget(r, "operation")))
		FAIL("op", "unknown operation");
	if (!identifier(sget(r, "actor")))
		FAIL("actor", "invalid actor identifier");
	if ((v = sget(r, "request_id")) && *v && !identifier(v))
		FAIL("request", "invalid request_id");
	if (!digest(sget(r, "expected_transition"), 64))
		FAIL("expected", "invalid expected_transition");
	if (!digest(sget(r, "payload_digest"), 64))
		FAIL("payload", "invalid payload_digest");
	if ((v = sget(r, "generation_digest")) && *v && !digest(v, 64))
		FAIL("generation", "invalid generation_digest");
#undef FAIL
}

static bool same(const char *a, const char *b) { return strcmp(a ? a : "", b ? b : "") == 0; }

static void projection(lizago_check_ctx *c, const lg_task *t, const doc_node *p, const char *op, const char *where)
{
	static const char *const commits[] = { "input_commit", "base_commit", "merge_commit", "review_commit" };
	char key[96], what[96];
	for (size_t i = 0; i < 4; i++) {
		const char *v = sget(p, commits[i]);
		if (!v || !*v)
			continue;
		if (i == 3 && op && strcmp(op, "claim-reviewer-task") == 0) {
			if (!identifier(v)) {
				snprintf(key, sizeof key, "%s-claim-commit", where);
				broken(c, t, "lifecycle", key, "task %s lifecycle: invalid reviewer claim projection review_commit "
				       "identifier", t->id);
			}
			continue;
		}
		if (!digest(v, 40) && !digest(v, 64)) {
			snprintf(key, sizeof key, "%s-%s", where, commits[i]);
			snprintf(what, sizeof what, "projection commit must be a full lowercase Git object ID (%s)", commits[i]);
			broken(c, t, "lifecycle", key, "task %s lifecycle: %s", t->id, what);
		}
	}
	const char *v = sget(p, "verdict");
	if (v && *v && strcmp(v, "APPROVED") && strcmp(v, "REJECTED")) {
		snprintf(key, sizeof key, "%s-verdict", where);
		broken(c, t, "lifecycle", key, "task %s lifecycle: invalid projection verdict", t->id);
	}
	if ((v = sget(p, "lease_expires")) && *v && zero_time(doc_get(p, "lease_expires"))) {
		snprintf(key, sizeof key, "%s-lease", where);
		broken(c, t, "lifecycle", key, "task %s lifecycle: invalid projection lease_expires", t->id);
	}
	if (num(p, "attempt") < 0 || num(p, "iteration") < 0) {
		snprintf(key, sizeof key, "%s-counter", where);
		broken(c, t, "lifecycle", key, "task %s lifecycle: negative projection counter (%s)", t->id,
		       num(p, "attempt") < 0 ? "attempt" : "iteration");
	}
}

static void lifecycle(lizago_check_ctx *c, const lg_task *t)
{
	const doc_node *l = doc_get(t->node, "lifecycle");
	if (!l || doc_is_null(l) || !doc_is_map(l))
		return;
	long long rev = num(l, "revision"), done = num(l, "completion_sequence");
	if (done > rev)
		broken(c, t, "lifecycle", "sequence", "task %s lifecycle: completion sequence exceeds revision", t->id);
	const doc_node *rs = doc_get(l, "receipts");
	if (doc_len(rs) > RECEIPTS_PER_TASK)
		broken(c, t, "lifecycle", "count", "task %s lifecycle: too many retained receipts", t->id);
	long long prev = 0;
	for (const doc_node *e = doc_seq_first(rs); e; e = e->next) {
		const doc_node *r = doc_deref(e);
		long long seq = num(r, "sequence");
		char where[40], key[96];
		snprintf(where, sizeof where, "receipt%lld", seq);
		identity(c, t, r, where);
		const char *order = seq == 0 ? "zero" : seq <= prev ? "not increasing" : seq > done ? "beyond completion" : NULL;
		if (order) {
			snprintf(key, sizeof key, "%s-order", where);
			broken(c, t, "lifecycle", key, "task %s lifecycle: receipt sequences must increase within the completion "
			       "sequence (%s)", t->id, order);
		}
		if (done >= RECEIPTS_PER_TASK && seq <= done - RECEIPTS_PER_TASK) {
			snprintf(key, sizeof key, "%s-window", where);
			broken(c, t, "lifecycle", key, "task %s lifecycle: receipt is outside the latest completion window", t->id);
		}
		const char *op = sget(r, "operation");
		size_t same_op = 0;
		bool dup = false;
		for (const doc_node *p = doc_seq_first(rs); p != e->next; p = p->next) {
			const doc_node *q = doc_deref(p);
			same_op += same(sget(q, "operation"), op);
			if (p != e && same(sget(q, "operation"), op) && same(sget(q, "actor"), sget(r, "actor")) &&
			    same(sget(q, "request_id"), sget(r, "request_id")) &&
			    same(sget(q, "expected_transition"), sget(r, "expected_transition")) &&
			    same(sget(q, "generation_digest"), sget(r, "generation_digest")))
				dup = true;
		}
		if (same_op > RECEIPTS_PER_OPERATION) {
			snprintf(key, sizeof key, "%s-per-op", where);
			broken(c, t, "lifecycle", key, "task %s lifecycle: too many receipts for one operation", t->id);
		}
		if (dup) {
			snprintf(key, sizeof key, "%s-dup", where);
			broken(c, t, "lifecycle", key, "task %s lifecycle: duplicate receipt identity", t->id);
		}
		if (!digest(sget(r, "transition_id"), 64)) {
			snprintf(key, sizeof key, "%s-tid", where);
			broken(c, t, "lifecycle", key, "task %s lifecycle: invalid receipt transition_id", t->id);
		}
		projection(c, t, doc_get(r, "projection"), op, where);
		prev = seq;
	}
	const doc_node *prep = doc_get(l, "preparation");
	if (prep && doc_is_map(prep)) {
		identity(c, t, prep, "preparation");
		if (!digest(sget(prep, "boundary"), 64))
			broken(c, t, "lifecycle", "preparation-boundary", "task %s lifecycle: invalid preparation boundary", t->id);
	}
}

void lizago_receipts(lizago_check_ctx *c, const lg_task *t)
{
	rejection_rca(c, t);
	lifecycle(c, t);
}
