/* helper_liza.c — see helper_liza.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tests/unit/helper_liza.h"
#include "systems/liza/shell/liza_sim.h"

time_t th_time(const char *iso)
{
	time_t t = 0;
	if (lw_parse_time(iso, &t) != 0) {
		print_error("bad time literal %s\n", iso);
		fail();
	}
	return t;
}

void th_open(th_run *r)
{
	memset(r, 0, sizeof *r);
	lw_alerts_init(&r->al);
	const char *tmp = getenv("TMPDIR");
	snprintf(r->dir, sizeof r->dir, "%s/lw-liza-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	assert_non_null(mkdtemp(r->dir));
	snprintf(r->liza, sizeof r->liza, "%s/.liza", r->dir);
	assert_int_equal(mkdir(r->liza, 0700), 0);
}

static void liza_path(const th_run *r, const char *name, char *out, size_t n)
{
	snprintf(out, n, "%s/%s", r->liza, name);
}

void th_write(th_run *r, const char *name, const char *text)
{
	char p[512];
	liza_path(r, name, p, sizeof p);
	FILE *f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

void th_remove(th_run *r, const char *name)
{
	char p[512];
	liza_path(r, name, p, sizeof p);
	unlink(p);
}

void th_set_mtime(th_run *r, const char *name, time_t t)
{
	char p[512];
	liza_path(r, name, p, sizeof p);
	struct timespec ts[2] = { { .tv_sec = t }, { .tv_sec = t } };
	assert_int_equal(utimensat(AT_FDCWD, p, ts, 0), 0);
}

void th_recheck(th_run *r, const char *now)
{
	lw_alerts_clear(&r->al);
	r->ctx = (lw_check_ctx){ .now = th_time(now), .next_deadline = LW_NO_TIME, .out = &r->al, .th = r->th };
	if (r->snap)
		lw_adapter_liza.check(NULL, r->snap, &r->ctx);   /* by the generation the load recorded */
}

int th_load(th_run *r, const char *now)
{
	lw_snapshot_free(r->snap);
	r->snap = lw_snapshot_new();
	lw_error_clear(&r->err);
	/* What Liza's scripts keep beside .liza (worktree folders, spec files):
	 * tests of those rules set bare. */
	if (!r->bare)
		liza_sim_materialize(r->liza);
	r->load_rc = liza_load(r->liza, NULL, r->snap, &r->err);
	if (r->load_rc < 0) {
		lw_snapshot_free(r->snap);
		r->snap = NULL;
	}
	th_recheck(r, now);
	return r->load_rc;
}

int th_state(th_run *r, const char *state_yaml, const char *now)
{
	th_open(r);
	th_write(r, "state.yaml", state_yaml);
	return th_load(r, now);
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb; (void)flag; (void)ftw;
	return remove(path);
}

void th_close(th_run *r)
{
	lw_snapshot_free(r->snap);
	r->snap = NULL;
	lw_alerts_free(&r->al);
	if (r->dir[0])
		nftw(r->dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	r->dir[0] = '\0';
}

const lw_alert *th_find(const th_run *r, const char *code, const char *subject)
{
	for (size_t i = 0; i < r->al.n; i++)
		if (strcmp(r->al.v[i].code, code) == 0 && (!subject || strcmp(r->al.v[i].subject, subject) == 0))
			return &r->al.v[i];
	return NULL;
}

size_t th_count(const th_run *r, const char *code)
{
	size_t n = 0;
	for (size_t i = 0; i < r->al.n; i++)
		n += !code || strcmp(r->al.v[i].code, code) == 0;
	return n;
}

void th_dump(const th_run *r)
{
	if (r->load_rc < 0) {
		char m[1200];
		fprintf(stderr, "  load failed: %s\n", lw_error_format(&r->err, m, sizeof m));
	}
	for (size_t i = 0; i < r->al.n; i++) {
		const lw_alert *a = &r->al.v[i];
		fprintf(stderr, "  %s %s %s %s: %s  [key %s]\n", lw_level_name(a->level), a->system, a->code,
		        a->subject, a->message, a->key);
	}
}

void th_expect_at(const th_run *r, lw_level level, const char *code, const char *subject,
                  const char *fragment, const char *file, int line)
{
	/* Any alert of this code and subject will do (a subject may break
	 * several invariants): the level and the fragment must match it. */
	const char *why = "missing";
	for (size_t i = 0; i < r->al.n; i++) {
		const lw_alert *a = &r->al.v[i];
		if (strcmp(a->code, code) != 0 || (subject && strcmp(a->subject, subject) != 0))
			continue;
		if (a->level != level)
			why = "wrong level";
		else if (fragment && !strstr(a->message, fragment))
			why = "message lacks the fragment";
		else
			return;
	}
	fprintf(stderr, "%s:%d: expected %s %s %s (\"%s\"): %s; alerts:\n", file, line, lw_level_name(level), code,
	        subject ? subject : "*", fragment ? fragment : "", why);
	th_dump(r);
	_fail(file, line);
}

void th_expect_none_at(const th_run *r, const char *code, const char *subject, const char *file, int line)
{
	if (!th_find(r, code, subject))
		return;
	fprintf(stderr, "%s:%d: expected no %s %s; alerts:\n", file, line, code, subject ? subject : "*");
	th_dump(r);
	_fail(file, line);
}

void th_copy_fixture(th_run *r, const char *rel, const char *name)
{
	const char *fx = getenv("LW_FIXTURES");
	char src[512];
	snprintf(src, sizeof src, "%s/%s", fx && *fx ? fx : "tests/fixtures", rel);
	FILE *f = fopen(src, "rb");
	if (!f) {
		print_error("cannot open %s (set LW_FIXTURES)\n", src);
		fail();
	}
	char dst[512];
	liza_path(r, name, dst, sizeof dst);
	FILE *o = fopen(dst, "wb");
	assert_non_null(o);
	char buf[8192];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		assert_int_equal(fwrite(buf, 1, n, o), n);
	fclose(f);
	assert_int_equal(fclose(o), 0);
}

char *th_yaml(const char *tasks, const char *agents, const char *config, const char *extra)
{
	static char buf[1 << 16];
	snprintf(buf, sizeof buf,
	         "version: 1\n"
	         "goal:\n  id: g-1\n  description: test goal\n  status: IN_PROGRESS\n"
	         "tasks:%s%s"
	         "agents:%s%s"
	         "sprint:\n  id: s-1\n  goal_ref: g-1\n  status: IN_PROGRESS\n"
	         "  timeline:\n    started: 2026-01-20T09:00:00Z\n"
	         "config:%s%s"
	         "%s",
	         tasks ? "\n" : " []\n", tasks ? tasks : "",
	         agents ? "\n" : " {}\n", agents ? agents : "",
	         config ? "\n" : " {}\n", config ? config : "",
	         extra ? extra : "");
	return buf;
}

const char th_go_pipeline[] =
	"pipeline:\n"
	"  roles: {coder: {type: doer}, code-reviewer: {type: reviewer}}\n"
	"  role-pairs:\n"
	"    coding-pair: {doer: coder, reviewer: code-reviewer, states: {initial: DRAFT_CODE,\n"
	"      executing: IMPLEMENTING_CODE, submitted: CODE_TO_REVIEW, reviewing: REVIEWING_CODE,\n"
	"      approved: CODE_APPROVED, rejected: CODE_REJECTED}}\n";

const char *th_go_state(const char *task_lines)
{
	static char buf[1 << 14];
	snprintf(buf, sizeof buf,
	         "version: 1\n"
	         "pipeline_version: 1\n"
	         "goal: {id: g-1, description: d, spec_ref: s.md, status: IN_PROGRESS, created: 2026-11-25T09:00:00Z}\n"
	         "tasks:\n"
	         "  - id: t-1\n"
	         "    type: coding\n"
	         "    role_pair: coding-pair\n"
	         "    status: DRAFT_CODE\n"
	         "    description: d\n"
	         "    spec_ref: s.md\n"
	         "    done_when: done\n"
	         "    created: 2026-11-25T09:55:00Z\n"
	         "    history: []\n"
	         "%s"
	         "agents: {}\n"
	         "sprint: {id: s-1, goal_ref: g-1, status: IN_PROGRESS, scope: {planned: [t-1]},\n"
	         "         timeline: {started: 2026-11-25T09:00:00Z}}\n"
	         "circuit_breaker: {status: OK}\n"
	         "config: {heartbeat_interval: 60, lease_duration: 1800, integration_branch: integration, mode: PAUSED}\n",
	         task_lines);
	return buf;
}
