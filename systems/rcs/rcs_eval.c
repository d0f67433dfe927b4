/* rcs_eval.c — the seed's transition contract as one pure function.
 *
 * Approved active sets: one workflow alone; team + forge; team + ultrawork
 * (either order, neither member primary); and the review-driven planning
 * loopback autopilot -> blueprint, which keeps autopilot active beside its
 * planning stage. autopilot, autoresearch (and ultraqa, deep-interview) are
 * standalone. Anything else is denied without mutation, and the denial says
 * how to clear the incompatible state through both surfaces. */
#include "systems/rcs/rcs.h"
#include "core/util/strbuf.h"
#include <stdio.h>
#include <string.h>

bool rcs_set_has(const rcs_set *s, const char *canon)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], canon) == 0)
			return true;
	return false;
}

void rcs_set_add(rcs_set *s, const char *canon)
{
	if (!rcs_set_has(s, canon) && s->n < RCS_MAX_SET)
		s->v[s->n++] = canon;
}

const char *rcs_set_join(const rcs_set *s, const char *sep, char *buf, size_t n)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < s->n && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? sep : "", s->v[i]);
	return buf;
}

/* Is {a, b} one of the approved pairs, in either order? */
static bool pair_ok(const char *a, const char *b)
{
	static const char *const pairs[][2] = {
		{ "team", "forge" },
		{ "team", "ultrawork" },
		{ "autopilot", "blueprint" },   /* the planning loopback's result */
	};
	for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
		if ((strcmp(a, pairs[i][0]) == 0 && strcmp(b, pairs[i][1]) == 0) ||
		    (strcmp(a, pairs[i][1]) == 0 && strcmp(b, pairs[i][0]) == 0))
			return true;
	return false;
}

/* The tracked members only: other skills (a note, a review helper) are
 * listed in the same file but the contract does not govern them. */
static void tracked_only(const rcs_set *s, const char *surface, rcs_set *out)
{
	out->n = 0;
	for (size_t i = 0; i < s->n; i++)
		if (rcs_known(rcs_canon(s->v[i]), surface))
			rcs_set_add(out, rcs_canon(s->v[i]));
}

bool rcs_set_approved(const rcs_set *s, const char *surface)
{
	if (rcs_is_omx(surface))
		return true;   /* the package allows every overlap */
	rcs_set t;
	tracked_only(s, surface, &t);
	return t.n <= 1 || (t.n == 2 && pair_ok(t.v[0], t.v[1]));
}

/* Members that cannot stand beside the request: all of them when either
 * side is standalone, else those that do not pair with it (a three-way set
 * has at least one). */
static size_t blockers(const rcs_set *cur, const char *req, const char **out)
{
	size_t n = 0;
	for (size_t i = 0; i < cur->n; i++)
		if (rcs_standalone(req) || rcs_standalone(cur->v[i]) || !pair_ok(cur->v[i], req))
			out[n++] = cur->v[i];
	if (!n && cur->n)
		out[n++] = cur->v[cur->n - 1];
	return n;
}

static void deny(const rcs_set *cur, const char *req, const char *surface, rcs_verdict *v)
{
	const char *s = surface && *surface ? surface : "rcs";
	const char *block[RCS_MAX_SET];
	size_t nb = blockers(cur, req, block);
	strbuf b;
	strbuf_init(&b);
	strbuf_printf(&b, "Cannot activate %s while ", rcs_disk_name(req, s));
	for (size_t i = 0; i < cur->n; i++)
		strbuf_printf(&b, "%s%s", i ? " + " : "", rcs_disk_name(cur->v[i], s));
	strbuf_printf(&b, " %s still active. Unsupported workflow overlap: ", cur->n > 1 ? "are" : "is");
	for (size_t i = 0; i < cur->n; i++)
		strbuf_printf(&b, "%s + ", rcs_disk_name(cur->v[i], s));
	strbuf_printf(&b, "%s. Current state is unchanged. Clear the incompatible state first (", rcs_disk_name(req, s));
	for (size_t i = 0; i < nb; i++)
		strbuf_printf(&b, "%s%s", i ? (i + 1 == nb ? " and " : ", ") : "", rcs_disk_name(block[i], s));
	const char *first = rcs_disk_name(block[0], s);
	strbuf_printf(&b, ") via '%s state clear --input '{\"mode\":\"%s\"}' --json', the %s_state.* MCP tools "
	              "(%s_state.state_clear({ mode: \"%s\" })) or 'liza-watch transition rcs:%s clear', then retry.",
	              s, first, s, s, first, block[0]);
	snprintf(v->message, sizeof v->message, "%s", b.buf);
	strbuf_free(&b);
	v->decision = RCS_DENY;
	v->result = *cur;
}

/* The package's AUTO_COMPLETE_TRANSITIONS (source -> destination), in
 * canonical names: activating the destination completes the source. */
static bool auto_completes(const char *from, const char *to)
{
	static const char *const rows[][2] = {
		{ "deep-interview", "autopilot" }, { "deep-interview", "autoresearch" }, { "deep-interview", "forge" },
		{ "deep-interview", "team" },      { "deep-interview", "ultragoal" },    { "deep-interview", "ultrawork" },
		{ "deep-interview", "blueprint" }, { "blueprint", "team" },              { "blueprint", "ultragoal" },
		{ "blueprint", "forge" },          { "blueprint", "autopilot" },         { "blueprint", "autoresearch" },
		{ "ultragoal", "ultraqa" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
		if (strcmp(from, rows[i][0]) == 0 && strcmp(to, rows[i][1]) == 0)
			return true;
	return false;
}

/* evaluateWorkflowTransition of the current package: allow, with the
 * allowlisted sources auto-completed, or as an overlap. */
static rcs_decision omx_evaluate(const rcs_set *cur, const char *req, rcs_verdict *v)
{
	if (rcs_set_has(cur, req))
		return v->decision = RCS_ALLOW;
	v->result.n = 0;
	for (size_t i = 0; i < cur->n; i++) {
		if (auto_completes(cur->v[i], req))
			rcs_set_add(&v->completed, cur->v[i]);
		else
			rcs_set_add(&v->result, cur->v[i]);
	}
	rcs_set_add(&v->result, req);
	if (v->completed.n)
		snprintf(v->message, sizeof v->message, "mode transiting: %s -> %s", rcs_disk_name(v->completed.v[0], "omx"),
		         rcs_disk_name(req, "omx"));
	return v->decision = RCS_ALLOW;
}

rcs_decision rcs_evaluate(const rcs_set *current, const char *requested, const char *surface, rcs_verdict *v)
{
	memset(v, 0, sizeof *v);
	const char *req = rcs_canon(requested);
	rcs_set cur;
	tracked_only(current, surface, &cur);
	v->result = cur;
	if (!req || !rcs_known(req, surface)) {
		snprintf(v->message, sizeof v->message, "'%s' is not a workflow the transition contract tracks (%s)",
		         requested ? requested : "",
		         rcs_is_omx(surface) ? "autopilot, autoresearch, team, ultragoal, ralph, ultrawork, ultraqa, "
		                               "ralplan, deep-interview"
		                             : "team, forge, ultrawork, autopilot, autoresearch, blueprint, ultraqa, "
		                               "deep-interview");
		return v->decision = RCS_UNKNOWN_MODE;
	}
	if (rcs_is_omx(surface))
		return omx_evaluate(&cur, req, v);
	if (rcs_set_has(&cur, req) || cur.n == 0) {
		rcs_set_add(&v->result, req);
		return v->decision = RCS_ALLOW;
	}
	/* The one exception to standalone autopilot: its review-driven loop
	 * back into planning. */
	if (cur.n == 1 && strcmp(cur.v[0], "autopilot") == 0 && strcmp(req, "blueprint") == 0) {
		rcs_set_add(&v->result, req);
		return v->decision = RCS_ALLOW;
	}
	/* Two members at most; standalone workflows never share. */
	if (cur.n == 1 && !rcs_standalone(req) && !rcs_standalone(cur.v[0]) && pair_ok(cur.v[0], req)) {
		rcs_set_add(&v->result, req);
		return v->decision = RCS_ALLOW;
	}
	deny(&cur, req, surface, v);
	return RCS_DENY;
}
