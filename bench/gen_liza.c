/* gen_liza.c — write a synthetic Liza project for the benchmarks.
 *
 *   gen_liza N DIR [NOW]
 *
 * creates DIR/.liza/state.yaml and DIR/.liza/log.yaml holding N tasks, a
 * team of ~10-50 agents and a log of about five entries per task. NOW (ISO
 * 8601 UTC, default 2026-03-02T12:00:00Z) is the clock the benchmark gives
 * LIZA_WATCH_NOW, so ages and leases relate to it the same way on every run.
 *
 * The point is realistic parsing and checking work, so every task has the
 * shape the v0.1.1 scripts leave (see tests/fixtures/examples/liza/state.yaml): key
 * order as yq appends, comments, quoted and unquoted timestamps, history
 * lists, multi-line rejection reasons. The invariants of docs/systems/liza.md
 * hold (one active task per coder, a CLAIMED task's dependencies MERGED,
 * no cycles: dependencies point backwards, …); threshold alerts fire on a
 * few tasks (blocked, review cycles, iterations, a crashed coder, stale
 * drafts, an immediate discovery) as they would in a real run.
 *
 * Around .liza it leaves what a real project has and liza-validate.sh
 * looks at: the spec files tasks name (specs/<area>.md) and a worktree
 * folder for every task that holds one (.worktrees/task-N), so the only
 * invalid_state alert is the deliberate one (a handoff without next_action)
 * and the checks do the work of a healthy project, not of 1,000 CRITs.
 *
 * Output is a pure function of N and NOW: a fixed-seed PRNG, no clock reads. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "bench/gen_words.h"

enum st {
	DRAFT, UNCLAIMED, CLAIMED, READY_FOR_REVIEW, REJECTED, APPROVED, MERGED,
	BLOCKED, ABANDONED, SUPERSEDED, INTEGRATION_FAILED, NSTATUS
};
static const char *const st_name[NSTATUS] = {
	"DRAFT", "UNCLAIMED", "CLAIMED", "READY_FOR_REVIEW", "REJECTED", "APPROVED", "MERGED",
	"BLOCKED", "ABANDONED", "SUPERSEDED", "INTEGRATION_FAILED",
};
/* Per mille of tasks drawn into each status. Active ones (CLAIMED, READY_FOR_REVIEW,
 * REJECTED) are capped at one per coder, the surplus falls back to UNCLAIMED. */
static const unsigned st_weight[NSTATUS] = { 70, 150, 60, 40, 25, 20, 520, 50, 25, 25, 15 };

/* What the generator decided about one task before writing it. */
typedef struct plan {
	enum st st;
	int coder, reviewer;      /* agent numbers (1-based), 0 = none */
	int rejections;           /* review cycles so far */
	int releases;             /* extra claims beyond the review cycles */
	int dep[2], ndep;
	time_t created, t0;       /* t0: first claim */
	bool reviewing;           /* READY_FOR_REVIEW with a reviewer's claim */
	bool handoff_pending, failed_once;
} plan;

typedef struct gen {
	FILE *st, *log;
	int n;
	time_t now, start;
	plan *p;
	int coders, reviewers, planners;
	int *coder_task;          /* coder -> active task index, -1 */
	int *reviewer_task;       /* reviewer -> task under review, -1 */
	uint64_t rng;
	int crashed_coder;        /* holds a CLAIMED task but stopped heartbeating */
} gen;

/* ---- deterministic randomness ---- */
static uint64_t rnd(gen *g)
{
	uint64_t z = (g->rng += 0x9E3779B97F4A7C15ull);   /* splitmix64 */
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}
static int pick(gen *g, int n) { return n > 0 ? (int)(rnd(g) % (uint64_t)n) : 0; }
static bool chance(gen *g, int per_mille) { return pick(g, 1000) < per_mille; }
static const char *word(gen *g, const char *const *v, size_t n) { return v[pick(g, (int)n)]; }
#define WORD(g, v) word(g, v, sizeof v / sizeof *v)

/* ---- time ---- */
static int parse_now(const char *s, time_t *out)
{
	struct tm tm = { 0 };
	char z;
	if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%c", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min,
	           &tm.tm_sec, &z) != 7 || z != 'Z')
		return -1;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	*out = timegm(&tm);
	return 0;
}

/* "2026-01-20T10:00:00Z", quoted as yq writes string values, or bare as the
 * scripts' heredocs do. Rotating buffers: several may appear in one printf. */
static const char *ts(time_t t, bool quoted)
{
	static char buf[8][32];
	static unsigned k;
	char *b = buf[k++ % 8];
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(b, 32, quoted ? "\"%Y-%m-%dT%H:%M:%SZ\"" : "%Y-%m-%dT%H:%M:%SZ", &tm);
	return b;
}

static const char *sha(gen *g)
{
	static char buf[4][41];
	static unsigned k;
	char *b = buf[k++ % 4];
	snprintf(b, 41, "%016llx%016llx%08x", (unsigned long long)rnd(g), (unsigned long long)rnd(g),
	         (unsigned)rnd(g));
	return b;
}

/* ---- planning ---- */
static int isqrt(int n)
{
	int r = 0;
	while ((r + 1) * (r + 1) <= n)
		r++;
	return r;
}

static enum st draw_status(gen *g)
{
	int x = pick(g, 1000);
	for (int s = 0; s < NSTATUS; s++) {
		x -= (int)st_weight[s];
		if (x < 0)
			return (enum st)s;
	}
	return MERGED;
}

static bool active(enum st s) { return s == CLAIMED || s == READY_FOR_REVIEW || s == REJECTED; }
static bool terminal(enum st s) { return s == MERGED || s == ABANDONED || s == SUPERSEDED; }

static int draw_rejections(gen *g)
{
	int x = pick(g, 1000);
	return x < 600 ? 0 : x < 850 ? 1 : x < 950 ? 2 : x < 990 ? 3 + pick(g, 2) : 5;
}

/* Dependencies point at earlier tasks (so there is no cycle); a CLAIMED
 * task's, and a MERGED one's, must be MERGED themselves. */
static void plan_deps(gen *g, int i)
{
	plan *p = &g->p[i];
	if (i == 0 || !chance(g, 400))
		return;
	int want = 1 + chance(g, 300);
	bool need_merged = p->st == CLAIMED || p->st == MERGED;
	for (int tries = 0; tries < 8 && p->ndep < want; tries++) {
		int j = i - 1 - pick(g, i < 40 ? i : 40);
		if (need_merged && g->p[j].st != MERGED)
			continue;
		if (p->ndep == 1 && p->dep[0] == j)
			continue;
		p->dep[p->ndep++] = j;
	}
}

static void plan_tasks(gen *g)
{
	int free_coders = g->coders;
	long span = (long)g->now - (long)g->start;
	for (int i = 0; i < g->n; i++) {
		plan *p = &g->p[i];
		p->st = draw_status(g);
		if (active(p->st)) {
			if (free_coders == 0) {
				p->st = UNCLAIMED;
			} else {
				/* The next free coder, scanning from a random one. */
				int c = pick(g, g->coders);
				while (g->coder_task[c] >= 0)
					c = (c + 1) % g->coders;
				g->coder_task[c] = i;
				p->coder = c + 1;
				free_coders--;
			}
		} else if (p->st != DRAFT && p->st != UNCLAIMED) {
			p->coder = 1 + pick(g, g->coders);
		}
		p->created = g->start + (time_t)((span * 9 / 10) * i / g->n) + pick(g, 600);
		if (p->st == DRAFT && chance(g, 700))
			p->created = g->now - 60 * (1 + pick(g, 20));   /* most drafts are fresh */
		p->rejections = p->st == DRAFT || p->st == UNCLAIMED ? 0 : draw_rejections(g);
		if (p->st == REJECTED && p->rejections == 0)
			p->rejections = 1;
		if (p->st == UNCLAIMED && chance(g, 100))
			p->releases = 1;                     /* claimed once, then released */
		if (active(p->st) && chance(g, 40))
			p->releases = 6 + pick(g, 3);        /* 8-10 claims: the iteration alerts */
		p->reviewer = 1 + pick(g, g->reviewers);
		/* Active work happened in the last hour; the rest soon after creation. */
		p->t0 = active(p->st) || p->st == APPROVED || p->st == INTEGRATION_FAILED
		            ? g->now - 60 * (20 + 10 * p->rejections + pick(g, 30))
		            : p->created + 60 * (1 + pick(g, 120));
		p->handoff_pending = !terminal(p->st) && chance(g, 8);
		p->failed_once = p->rejections >= 3 && chance(g, 300);
		plan_deps(g, i);
	}
	/* Reviewers take READY_FOR_REVIEW tasks, one each, most of them claimed. */
	for (int i = 0; i < g->n; i++) {
		plan *p = &g->p[i];
		if (p->st != READY_FOR_REVIEW || !chance(g, 700))
			continue;
		for (int r = 0; r < g->reviewers; r++)
			if (g->reviewer_task[r] < 0) {
				g->reviewer_task[r] = i;
				p->reviewer = r + 1;
				p->reviewing = true;
				break;
			}
	}
	for (int c = 0; c < g->coders && g->crashed_coder == 0; c++)
		if (g->coder_task[c] >= 0 && g->p[g->coder_task[c]].st == CLAIMED)
			g->crashed_coder = c + 1;
}

/* ---- state.yaml ---- */
static void write_head(gen *g)
{
	FILE *f = g->st;
	fprintf(f, "# Generated by bench/gen_liza (%d tasks): the shape the v0.1.1 scripts leave,\n"
	           "# at a realistic scale. Deterministic: same N, same bytes.\n"
	           "version: 1\n\ngoal:\n  id: goal-%lld\n  description: Ship the %d-task platform rewrite\n"
	           "  spec_ref: specs/vision.md\n  created: %s\n  status: IN_PROGRESS\n  alignment_history:\n"
	           "    - timestamp: %s\n      event: initialization\n"
	           "      summary: \"Initial goal. No tasks defined yet.\"\n",
	        g->n, (long long)g->start, g->n, ts(g->start, false), ts(g->start, false));
	for (int k = 1; k <= 3; k++)
		fprintf(f, "    - timestamp: %s\n      event: planning\n      summary: \"Added batch %d of tasks\"\n",
		        ts(g->start + k * 300, true), k);
	fputs("\ntasks:\n", f);
}

static void write_reason(gen *g, FILE *f, const char *indent)
{
	fprintf(f, "|-\n%sBlockers: 1\n%s- [blocker] %s:%d — %s\n%s  Why it matters: %s\n"
	           "%s  Suggestion: %s\n\n%sConcerns: 0\n\n%sOverall: Needs another pass.\n",
	        indent, indent, WORD(g, gw_files), 1 + pick(g, 400), WORD(g, gw_problems), indent,
	        WORD(g, gw_why), indent, WORD(g, gw_fixes), indent, indent);
}

static void event(FILE *f, time_t t, const char *ev, const char *agent)
{
	fprintf(f, "      - time: %s\n        event: %s\n        agent: %s\n", ts(t, true), ev, agent);
}

/* The history list; returns the time of its last entry. */
static time_t write_history(gen *g, int i, const char *coder, const char *reviewer)
{
	FILE *f = g->st;
	const plan *p = &g->p[i];
	time_t t = p->t0;
	fputs("    history:\n", f);
	for (int r = 0; r < p->releases; r++, t += 300) {
		event(f, t, "claimed", coder);
		fprintf(f, "      - time: %s\n        event: released\n        agent: %s\n"
		           "        reason: lease handed back\n", ts(t + 120, true), coder);
	}
	if (p->st == UNCLAIMED)
		return t;
	event(f, t, "claimed", coder);
	bool submits = p->st != CLAIMED && p->st != BLOCKED && p->st != ABANDONED;
	for (int r = 0; r < p->rejections; r++) {
		event(f, t += 420, "submitted_for_review", coder);
		fprintf(f, "      - time: %s\n        event: rejected\n        agent: %s\n        reason: ",
		        ts(t += 300, true), reviewer);
		write_reason(g, f, "          ");
		if (p->st == REJECTED && r == p->rejections - 1)
			return t;
		event(f, t += 240, "reclaimed_after_rejection", coder);
	}
	if (p->st == BLOCKED || p->st == ABANDONED || p->st == SUPERSEDED) {
		fprintf(f, "      - time: %s\n        event: blocked\n        agent: %s\n        reason: %s\n",
		        ts(t += 600, true), coder, WORD(g, gw_block_reasons));
		if (p->st != BLOCKED)
			event(f, t += 3600, p->st == ABANDONED ? "abandoned" : "superseded", "planner-1");
		return t;
	}
	if (!submits)
		return t;
	event(f, t += 420, "submitted_for_review", coder);
	if (p->st == READY_FOR_REVIEW)
		return t;
	event(f, t += 300, "approved", reviewer);
	if (p->st == INTEGRATION_FAILED)
		event(f, t += 60, "integration_failed", reviewer);
	return t;
}

static void write_task(gen *g, int i)
{
	FILE *f = g->st;
	plan *p = &g->p[i];
	char coder[32], reviewer[32];
	snprintf(coder, sizeof coder, "coder-%d", p->coder);
	snprintf(reviewer, sizeof reviewer, "code-reviewer-%d", p->reviewer);

	if (i % 25 == 0)
		fprintf(f, "\n  # ---- batch %d: added by liza-add-task.sh (planner-%d) ----\n", i / 25 + 1,
		        1 + (i / 25) % g->planners);
	else if (p->st == SUPERSEDED || p->st == INTEGRATION_FAILED)
		fprintf(f, "\n  # %s: see log.yaml for the planner's decision\n", st_name[p->st]);
	fprintf(f, "  - id: task-%d\n    description: %s %s\n    status: %s\n    priority: %d\n"
	           "    created: %s\n",
	        i + 1, WORD(g, gw_verbs), WORD(g, gw_objects), st_name[p->st], 1 + pick(g, 5),
	        ts(p->created, true));
	bool drafty = p->st == DRAFT;
	if (!drafty || chance(g, 500))
		fprintf(f, "    spec_ref: specs/%s.md\n", WORD(g, gw_areas));
	if (!drafty && chance(g, 300))
		fprintf(f, "    done_when: |-\n      %s\n      %s\n", WORD(g, gw_done), WORD(g, gw_done));
	else if (!drafty)
		fprintf(f, "    done_when: %s\n", WORD(g, gw_done));
	fprintf(f, "    scope: 'IN: %s. OUT: %s.'\n", WORD(g, gw_areas), WORD(g, gw_areas));
	if (p->ndep == 0)
		fputs("    depends_on: []\n", f);
	else {
		fputs("    depends_on:\n", f);
		for (int d = 0; d < p->ndep; d++)
			fprintf(f, "      - task-%d\n", p->dep[d] + 1);
	}
	if (p->handoff_pending)
		fputs("    handoff_pending: true\n", f);
	if (drafty || (p->st == UNCLAIMED && p->releases == 0))
		return;

	bool gone = p->st == UNCLAIMED;   /* released: the scripts null the claim fields */
	if (gone)
		fputs("    assigned_to: null\n    worktree: null\n    base_commit: null\n    lease_expires: null\n", f);
	else if (p->st == MERGED)
		fprintf(f, "    assigned_to: %s            # never cleared by wt-merge.sh\n"
		           "    worktree: null                  # wt-merge.sh sets null on MERGED\n", coder);
	else
		fprintf(f, "    assigned_to: %s\n    worktree: .worktrees/task-%d\n", coder, i + 1);
	if (!gone)
		fprintf(f, "    base_commit: %s\n    lease_expires: %s   # set at claim, never extended\n",
		        sha(g), ts(p->t0 + 1800, true));
	fprintf(f, "    iteration: %d\n", 1 + p->rejections + p->releases);
	if (p->rejections)
		fprintf(f, "    review_cycles_current: %d\n    review_cycles_total: %d\n",
		        terminal(p->st) ? 0 : p->rejections, p->rejections);
	if (p->failed_once || p->st == SUPERSEDED)
		fprintf(f, "    failed_by:\n      - %s\n", coder);
	if (p->st == SUPERSEDED)
		fprintf(f, "      - coder-%d\n", 1 + (p->coder % g->coders));
	time_t last = write_history(g, i, coder, reviewer);
	if (gone)
		return;

	switch (p->st) {
	case READY_FOR_REVIEW:
		fprintf(f, "    review_commit: %s\n", sha(g));
		if (p->reviewing)
			fprintf(f, "    reviewing_by: %s          # liza-agent.sh claim_reviewer_task\n"
			           "    review_lease_expires: %s\n",
			        reviewer, ts(last + 60 + 1800, true));
		break;
	case REJECTED:
		fprintf(f, "    review_commit: %s\n    reviewing_by: null\n    review_lease_expires: null\n"
		           "    rejection_reason: ", sha(g));
		write_reason(g, f, "      ");
		break;
	case APPROVED: case MERGED: case INTEGRATION_FAILED:
		fprintf(f, "    review_commit: %s\n    reviewing_by: null\n    review_lease_expires: null\n"
		           "    rejection_reason: null\n    approved_by: %s\n", sha(g), reviewer);
		if (p->st == MERGED)
			fprintf(f, "    merge_commit: %s   # wt-merge.sh: git rev-parse HEAD\n", sha(g));
		break;
	case BLOCKED: case ABANDONED: case SUPERSEDED:
		fprintf(f, "    blocked_reason: %s\n    blocked_questions:\n      - %s\n", WORD(g, gw_block_reasons),
		        WORD(g, gw_questions));
		if (p->st == SUPERSEDED)
			fprintf(f, "    superseded_by:\n      - task-%d\n    rescope_reason: \"%s\"\n",
			        1 + pick(g, g->n), "two coders failed: split into smaller tasks");
		break;
	default:
		break;
	}
}

static void write_agent(gen *g, const char *id, const char *role, const char *status, int task,
                        time_t heartbeat)
{
	FILE *f = g->st;
	fprintf(f, "  %s:\n    role: %s\n    status: %s\n    lease_expires: %s\n    heartbeat: %s\n"
	           "    terminal: /dev/pts/%d\n    iterations_total: %d\n    context_percent: %d\n",
	        id, role, status, ts(heartbeat + 1800, true), ts(heartbeat, true), 1 + pick(g, 60),
	        pick(g, 40), pick(g, 90));
	if (task >= 0)
		fprintf(f, "    current_task: task-%d\n", task + 1);
}

static void write_agents(gen *g)
{
	FILE *f = g->st;
	fputs("\nagents:\n  # liza-agent.sh register_agent; the supervisor renews heartbeat and lease\n", f);
	char id[32];
	for (int k = 1; k <= g->planners; k++) {
		snprintf(id, sizeof id, "planner-%d", k);
		write_agent(g, id, "planner", "IDLE", -1, g->now - 30 - pick(g, 30));
	}
	for (int c = 0; c < g->coders; c++) {
		int t = g->coder_task[c];
		const char *status = "IDLE";
		time_t hb = g->now - 5 - pick(g, 50);
		if (t >= 0) {
			enum st s = g->p[t].st;
			status = s == READY_FOR_REVIEW ? "WAITING" : "WORKING";
			/* One REJECTED task in four is orphaned: its coder went idle. */
			if (s == REJECTED && chance(g, 250))
				status = "IDLE", t = -1;
		}
		if (c + 1 == g->crashed_coder)
			hb = g->now - 900;   /* stopped heartbeating 15 min ago: stale, lease gone */
		snprintf(id, sizeof id, "coder-%d", c + 1);
		write_agent(g, id, "coder", status, t, hb);
	}
	for (int r = 0; r < g->reviewers; r++) {
		int t = g->reviewer_task[r];
		snprintf(id, sizeof id, "code-reviewer-%d", r + 1);
		write_agent(g, id, "code-reviewer", t >= 0 ? "REVIEWING" : "IDLE", t, g->now - 5 - pick(g, 50));
	}
}

static void write_tail(gen *g)
{
	FILE *f = g->st;
	int nd = 2 + g->n / 200;
	fputs("\ndiscovered:\n", f);
	for (int k = 0; k < nd; k++) {
		bool urgent = k == nd - 1;   /* the last one still waits for the planner */
		fprintf(f, "  - id: disc-%d\n    by: coder-%d\n    during: task-%d\n    description: %s\n"
		           "    severity: %s\n    urgency: %s\n    recommendation: new task\n"
		           "    created: %s\n    converted_to_task: %s\n",
		        k + 1, 1 + pick(g, g->coders), 1 + pick(g, g->n), WORD(g, gw_problems),
		        urgent ? "high" : "medium", urgent ? "immediate" : "deferred",
		        ts(g->now - 3600 * (nd - k), true), urgent ? "null" : "task-1");
	}
	fputs("\nhandoff:\n", f);
	bool any = false;
	for (int i = 0; i < g->n; i++) {
		if (!g->p[i].handoff_pending)
			continue;
		fprintf(f, "  task-%d:\n    agent: coder-%d\n    context_used: %d\n    timestamp: %s\n"
		           "    summary: \"Context at limit; tests pass locally.\"\n",
		        i + 1, g->p[i].coder ? g->p[i].coder : 1, 80 + pick(g, 20), ts(g->now - 600, true));
		if (any)   /* the first one forgot next_action: the handoff_pending check */
			fputs("    next_action: \"Finish the error paths, then submit.\"\n", f);
		fputs("    files_modified:\n      - src/main.c\n", f);
		any = true;
	}
	if (!any)
		fputs("  {}\n", f);
	fprintf(f, "\nhuman_notes:\n  - timestamp: %s\n    message: \"Prefer small PRs this week\"\n"
	           "    for: planner-1\n\nanomalies: []\n\nspec_changes: []\n\nsprint:\n  id: sprint-1\n"
	           "  goal_ref: goal-%lld\n  scope:\n    planned:\n",
	        ts(g->now - 86400, true), (long long)g->start);
	int planned = 0;
	for (int i = g->n - 1; i >= 0 && planned < 30; i--)
		if (!terminal(g->p[i].st))
			fprintf(f, "      - task-%d\n", i + 1), planned++;
	fprintf(f, "    stretch: []\n  timeline:\n    started: %s\n    deadline: %s  # Human sets deadline\n"
	           "    checkpoint_at: null\n    ended: null\n  status: IN_PROGRESS\n  metrics:\n"
	           "    # recomputed by update-sprint-metrics.sh\n    tasks_done: %d\n  retrospective: null\n",
	        ts(g->start, false), ts(g->now + 3 * 86400, true), g->n / 2);
	fputs("\ncircuit_breaker:\n  last_check: null\n  status: OK\n  current_trigger: null\n  history: []\n"
	      "\nconfig:\n  max_coder_iterations: 10\n  max_review_cycles: 5\n  heartbeat_interval: 60\n"
	      "  lease_duration: 1800\n  coder_poll_interval: 30\n  coder_max_wait: 1800\n"
	      "  planner_poll_interval: 60\n  planner_max_wait: 1800\n  reviewer_poll_interval: 30\n"
	      "  reviewer_max_wait: 1800\n  integration_branch: integration\n"
	      "  escalation_webhook: null  # v1.1: not yet implemented\n", f);
}

/* ---- log.yaml: what the scripts append, about five entries per task ---- */
static void log_entry(gen *g, time_t t, bool quoted, const char *agent, const char *action, int task,
                      const char *detail)
{
	fprintf(g->log, "- timestamp: %s\n  agent: %s\n  action: %s\n", ts(t, quoted), agent, action);
	if (task >= 0)
		fprintf(g->log, "  task: task-%d\n", task + 1);
	fprintf(g->log, "  detail: %s\n", detail);
}

static void write_log(gen *g)
{
	FILE *f = g->log;
	fputs("# liza-init.sh (heredoc), then liza-add-task.sh / liza-claim-task.sh / wt-merge.sh appends\n", f);
	log_entry(g, g->start, false, "system", "initialized", -1, "Ship the platform rewrite");
	for (int i = 0; i < g->n; i++) {
		const plan *p = &g->p[i];
		char agent[32];
		snprintf(agent, sizeof agent, "planner-%d", 1 + i % g->planners);
		log_entry(g, p->created, true, agent, "task_added", i, "\"Added by the planner\"");
		if (p->st == DRAFT || (p->st == UNCLAIMED && !p->releases))
			continue;
		snprintf(agent, sizeof agent, "coder-%d", p->coder ? p->coder : 1);
		time_t t = p->t0;
		log_entry(g, t, true, agent, "claimed", i, "\"Claimed; worktree created\"");
		for (int r = 0; r < p->rejections; r++)
			log_entry(g, t += 720, true, agent, "review_rejected", i, "\"Reviewer found blockers\"");
		if (p->st == MERGED || p->st == APPROVED || p->st == INTEGRATION_FAILED) {
			log_entry(g, t += 420, true, agent, "submitted_for_review", i, "\"Ready for review\"");
			snprintf(agent, sizeof agent, "code-reviewer-%d", p->reviewer);
			if (p->st == MERGED) {
				/* wt-merge.sh writes with cat >> heredoc: unquoted, extra keys */
				fprintf(f, "# wt-merge.sh success\n");
				log_entry(g, t + 360, false, agent, "merged", i, "\"fast-forward merge to integration\"");
				fputs("  drift_commits: 0\n", f);
			} else if (p->st == INTEGRATION_FAILED) {
				log_entry(g, t + 360, false, agent, "integration_failed", i, "\"Merge conflict\"");
			}
		}
	}
	/* The team is busy: the newest entry is a minute old. */
	log_entry(g, g->now - 60, true, "coder-1", "heartbeat", -1, "\"alive\"");
}

/* The folders liza-validate.sh stats: the spec files and the worktrees. */
static void make_tree(gen *g, const char *dir)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/specs", dir);
	mkdir(path, 0777);
	for (size_t a = 0; a < sizeof gw_areas / sizeof *gw_areas; a++) {
		snprintf(path, sizeof path, "%s/specs/%s.md", dir, gw_areas[a]);
		FILE *f = fopen(path, "w");
		if (!f) {
			perror(path);
			exit(1);
		}
		fprintf(f, "# %s\n\nWhat the %s area must do.\n", gw_areas[a], gw_areas[a]);
		fclose(f);
	}
	snprintf(path, sizeof path, "%s/.worktrees", dir);
	mkdir(path, 0777);
	for (int i = 0; i < g->n; i++) {
		enum st s = g->p[i].st;
		/* write_task gives a worktree path to every claimed task but MERGED and released ones */
		if (s == DRAFT || s == UNCLAIMED || s == MERGED)
			continue;
		snprintf(path, sizeof path, "%s/.worktrees/task-%d", dir, i + 1);
		if (mkdir(path, 0777) < 0 && errno != EEXIST) {
			perror(path);
			exit(1);
		}
	}
}

static FILE *open_out(const char *dir, const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/.liza/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	return f;
}

int main(int argc, char **argv)
{
	gen g = { 0 };
	if (argc < 3 || (g.n = atoi(argv[1])) < 1 || g.n > 10000000 ||
	    parse_now(argc > 3 ? argv[3] : "2026-03-02T12:00:00Z", &g.now) < 0) {
		fputs("usage: gen_liza N DIR [NOW as 2026-03-02T12:00:00Z]\n", stderr);
		return 2;
	}
	g.rng = 0x5EED11A2u;
	/* A ~10-50 agent team that grows with the project. */
	g.coders = isqrt(g.n) / 3 + 4;
	if (g.coders > 33)
		g.coders = 33;
	g.reviewers = g.coders / 3 + 1;
	g.planners = 1 + (g.n >= 1000) + (g.n >= 10000);
	/* Six minutes per task, at least two days: the project's age. */
	g.start = g.now - (time_t)(g.n * 360L > 2 * 86400L ? g.n * 360L : 2 * 86400L);
	g.p = calloc((size_t)g.n, sizeof *g.p);
	g.coder_task = malloc((size_t)g.coders * sizeof *g.coder_task);
	g.reviewer_task = malloc((size_t)g.reviewers * sizeof *g.reviewer_task);
	if (!g.p || !g.coder_task || !g.reviewer_task)
		return 1;
	memset(g.coder_task, 0xff, (size_t)g.coders * sizeof *g.coder_task);
	memset(g.reviewer_task, 0xff, (size_t)g.reviewers * sizeof *g.reviewer_task);
	plan_tasks(&g);

	char path[4096];
	snprintf(path, sizeof path, "%s", argv[2]);
	mkdir(path, 0777);
	snprintf(path, sizeof path, "%s/.liza", argv[2]);
	mkdir(path, 0777);
	make_tree(&g, argv[2]);
	g.st = open_out(argv[2], "state.yaml");
	g.log = open_out(argv[2], "log.yaml");
	write_head(&g);
	for (int i = 0; i < g.n; i++)
		write_task(&g, i);
	write_agents(&g);
	write_tail(&g);
	write_log(&g);
	if (fclose(g.st) != 0 || fclose(g.log) != 0) {
		perror("gen_liza: write");
		return 1;
	}
	free(g.p);
	free(g.coder_task);
	free(g.reviewer_task);
	return 0;
}
