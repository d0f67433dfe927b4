/* test_lizago_levers.c — today's Liza's system-wide levers, each the edit
 * its ops function makes (lizago_levers.c): resume (mode and sprint),
 * checkpoint, auto-resume; the provider stop signals a resume clears
 * (lizago_signals.c); the state bits the levers' rows test; and the
 * operator's own pause told from another by the user's journal
 * (lizago_ownpause.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "helper_liza.h"
#include "systems/liza/go/lizago_ownpause.h"
#include "core/model/action.h"
#include "core/model/journal.h"
#include "core/util/fileio.h"

#define NOW "2026-11-25T10:00:00Z"

/* A state Liza's validator accepts, with the sprint's status, the mode and
 * more config (YAML flow pairs, "" for none). */
static const char *state_of(const char *sprint, const char *mode, const char *more_config)
{
	static char buf[4096];
	snprintf(buf, sizeof buf,
	         "version: 1\n"
	         "pipeline_version: 1\n"
	         "goal: {id: g-1, description: d, spec_ref: s.md, status: IN_PROGRESS}\n"
	         "tasks:\n"
	         "  - {id: t-1, type: coding, role_pair: coding-pair, status: DRAFT_CODE, spec_ref: s.md, done_when: done,\n"
	         "     created: 2026-11-25T09:45:00Z, history: []}\n"
	         "agents: {}\n"
	         "sprint: {id: s-1, goal_ref: g-1, status: %s, scope: {planned: [t-1]},\n"
	         "         timeline: {started: 2026-11-25T08:00:00Z}}\n"
	         "circuit_breaker: {status: %s}\n"
	         "config: {max_review_cycles: 5, lease_duration: 1800, integration_branch: integration, mode: %s%s}\n",
	         sprint, strcmp(mode, "CIRCUIT_BREAKER_TRIPPED") == 0 ? "TRIGGERED" : "OK", mode, more_config);
	return buf;
}

static char *read_state(th_run *r)
{
	char p[512], *buf;
	size_t len;
	lw_error err;
	snprintf(p, sizeof p, "%s/state.yaml", r->liza);
	assert_int_equal(lw_read_file(p, 1u << 20, &buf, &len, &err), LW_READ_OK);
	return buf;
}

static int lever(th_run *r, const char *ev, tx_result *res)
{
	tx_request rq = { .event = ev, .as = "human", .now = th_time(NOW) };
	return liza_transition(r->liza, &rq, res);
}

static void checkpoint_then_resume(void **state)
{
	(void)state;
	th_run r;
	th_open(&r);
	th_write(&r, "state.yaml", state_of("IN_PROGRESS", "RUNNING", ""));
	th_write(&r, "log.yaml", "- {timestamp: 2026-11-25T09:00:00Z, agent: orchestrator-1, action: sprint_started, detail: go}\n");
	tx_result res;
	assert_int_equal(lever(&r, "checkpoint", &res), TX_DONE);
	char *s = read_state(&r);
	assert_non_null(strstr(s, "status: CHECKPOINT"));
	assert_non_null(strstr(s, "checkpoint_at: \"2026-11-25T10:00:00Z\""));
	free(s);
	assert_int_equal(lever(&r, "checkpoint", &res), TX_DENIED);
	assert_non_null(strstr(res.message, "sprint is already at CHECKPOINT"));
	/* a mid-sprint checkpoint (t-1 is not terminal) resumes the same sprint */
	assert_int_equal(lever(&r, "resume", &res), TX_DONE);
	s = read_state(&r);
	assert_non_null(strstr(s, "status: IN_PROGRESS"));
	assert_null(strstr(s, "mode_changed_by"));   /* the mode was RUNNING: untouched */
	free(s);
	assert_int_equal(lever(&r, "resume", &res), TX_DENIED);
	assert_non_null(strstr(res.message, "system is not PAUSED, circuit breaker not tripped, and sprint is not at "
	                                    "CHECKPOINT or COMPLETED (current mode: RUNNING, sprint status: IN_PROGRESS)"));
	/* the log says what was done */
	char p[512], *log;
	size_t len;
	lw_error err;
	snprintf(p, sizeof p, "%s/log.yaml", r.liza);
	assert_int_equal(lw_read_file(p, 1u << 20, &log, &len, &err), LW_READ_OK);
	assert_non_null(strstr(log, "action: sprint_checkpoint"));
	assert_non_null(strstr(log, "action: resumed"));
	free(log);
	th_close(&r);
}

/* The checkpoint's sprint summary (lizago_summary.c): written whole once
 * the state is, from the state as it was; a refused checkpoint writes none;
 * a second name of the report (a hard link, which may lie outside the
 * project) is replaced, never written through. */
static void checkpoint_writes_its_summary_and_never_through_a_link(void **state)
{
	(void)state;
	th_run r;
	tx_result res;
	th_open(&r);
	th_write(&r, "state.yaml", state_of("COMPLETED", "RUNNING", ""));
	th_write(&r, "log.yaml", "[]\n");
	char rp[512], outside[512];
	snprintf(rp, sizeof rp, "%s/sprint_summary.md", r.liza);
	assert_int_equal(lever(&r, "checkpoint", &res), TX_DENIED);
	assert_int_equal(access(rp, F_OK), -1);   /* refused: no report */
	th_write(&r, "state.yaml", state_of("IN_PROGRESS", "RUNNING", ""));
	snprintf(outside, sizeof outside, "%s/victim", r.dir);
	FILE *f = fopen(outside, "w");
	assert_non_null(f);
	fputs("export PS1=safe\n", f);
	fclose(f);
	assert_int_equal(link(outside, rp), 0);
	assert_int_equal(lever(&r, "checkpoint", &res), TX_DONE);
	assert_non_null(strstr(res.note, "report: .liza/sprint_summary.md"));
	char *rep, *vic;
	size_t len;
	lw_error err;
	assert_int_equal(lw_read_file(rp, 1u << 20, &rep, &len, &err), LW_READ_OK);
	assert_non_null(strstr(rep, "# Sprint Summary\n\n**Generated:** 2026-11-25T10:00:00Z\n"));
	assert_non_null(strstr(rep, "- **Status:** IN_PROGRESS \u2192 CHECKPOINT\n"));
	assert_non_null(strstr(rep, "- **Elapsed:** 2h 0m\n"));
	assert_non_null(strstr(rep, "*No active agents*"));
	assert_non_null(strstr(rep, "- [ ] Resume sprint with `liza resume`\n\n"));
	assert_null(strstr(rep, "## Anomalies"));   /* none: no section */
	assert_int_equal(lw_read_file(outside, 1u << 20, &vic, &len, &err), LW_READ_OK);
	assert_string_equal(vic, "export PS1=safe\n");
	free(rep);
	free(vic);
	th_close(&r);
}

static void resume_refuses_what_it_does_not_transcribe(void **state)
{
	(void)state;
	th_run r;
	tx_result res;
	th_open(&r);
	th_write(&r, "state.yaml", state_of("IN_PROGRESS", "STOPPED", ""));
	assert_int_equal(lever(&r, "resume", &res), TX_DENIED);
	assert_non_null(strstr(res.message, "cannot resume from STOPPED state (system must be restarted)"));
	th_write(&r, "state.yaml", state_of("COMPLETED", "RUNNING", ""));
	assert_int_equal(lever(&r, "resume", &res), TX_DENIED);
	assert_non_null(strstr(res.message, "liza resume"));
	assert_int_equal(lever(&r, "checkpoint", &res), TX_DENIED);
	assert_non_null(strstr(res.message, "cannot checkpoint: sprint is COMPLETED"));
	th_close(&r);
}

static void resume_from_a_tripped_breaker_clears_it(void **state)
{
	(void)state;
	th_run r;
	tx_result res;
	th_open(&r);
	th_write(&r, "state.yaml", state_of("IN_PROGRESS", "CIRCUIT_BREAKER_TRIPPED", ""));
	assert_int_equal(lever(&r, "resume", &res), TX_DONE);
	char *s = read_state(&r);
	assert_non_null(strstr(s, "circuit_breaker: {status: OK}"));
	assert_non_null(strstr(s, "mode: RUNNING"));
	assert_non_null(strstr(s, "mode_changed_by: human"));
	free(s);
	th_close(&r);
}

static void auto_resume_toggles(void **state)
{
	(void)state;
	th_run r;
	tx_result res;
	th_open(&r);
	th_write(&r, "state.yaml", state_of("IN_PROGRESS", "RUNNING", ""));
	assert_int_equal(lever(&r, "auto-resume-off", &res), TX_DENIED);
	assert_int_equal(lever(&r, "auto-resume-on", &res), TX_DONE);
	char *s = read_state(&r);
	assert_non_null(strstr(s, "auto_resume: true"));
	free(s);
	assert_int_equal(lever(&r, "auto-resume-on", &res), TX_DENIED);
	assert_int_equal(lever(&r, "auto-resume-off", &res), TX_DONE);
	s = read_state(&r);
	assert_non_null(strstr(s, "auto_resume: false"));
	free(s);
	th_close(&r);
}

static void put(th_run *r, const char *name, const char *text)
{
	th_write(r, name, text);
}

static bool exists(th_run *r, const char *name)
{
	char p[512];
	struct stat sb;
	snprintf(p, sizeof p, "%s/%s", r->liza, name);
	return lstat(p, &sb) == 0;
}

/* commands/resume.go: the expired quota signals and every provider-
 * unavailable one go; a quota signal still blocking stays, and so does
 * one that cannot be read; a link is removed, its target left alone. */
static void resume_clears_provider_signals(void **state)
{
	(void)state;
	th_run r;
	tx_result res;
	th_open(&r);
	th_write(&r, "state.yaml", state_of("IN_PROGRESS", "PAUSED", ""));
	put(&r, "provider-quota-exhausted-codex", "provider: codex\ndetected: 2026-11-25T08:00:00Z\nexpires: 2026-11-25T09:00:00Z\n");
	put(&r, "provider-quota-exhausted-claude", "provider: claude\nexpires: 2026-11-25T11:00:00Z\n");
	put(&r, "provider-quota-exhausted-cursor", "provider: cursor\ndetected: 2026-11-25T09:10:00Z\n");  /* + 30m: gone */
	put(&r, "provider-unavailable-gemini", "provider: gemini\n");
	char outside[512], link[512];
	snprintf(outside, sizeof outside, "%s/kept.txt", r.dir);
	FILE *f = fopen(outside, "w");
	assert_non_null(f);
	fputs("expires: 2000-01-01T00:00:00Z\n", f);
	fclose(f);
	snprintf(link, sizeof link, "%s/provider-unavailable-linked", r.liza);
	assert_int_equal(symlink(outside, link), 0);
	/* a quota signal that is a link reads as unreadable: it blocks, stays */
	snprintf(link, sizeof link, "%s/provider-quota-exhausted-linked", r.liza);
	assert_int_equal(symlink(outside, link), 0);
	assert_int_equal(lever(&r, "resume", &res), TX_DONE);
	assert_false(exists(&r, "provider-quota-exhausted-codex"));
	assert_true(exists(&r, "provider-quota-exhausted-claude"));
	assert_false(exists(&r, "provider-quota-exhausted-cursor"));
	assert_false(exists(&r, "provider-unavailable-gemini"));
	assert_false(exists(&r, "provider-unavailable-linked"));
	assert_true(exists(&r, "provider-quota-exhausted-linked"));
	struct stat sb;
	assert_int_equal(stat(outside, &sb), 0);
	assert_non_null(strstr(res.note, "kept the quota signal of claude until 2026-11-25T11:00:00Z"));
	assert_non_null(strstr(res.note, "cleared the provider-unavailable signal of gemini"));
	/* a refused resume clears nothing */
	put(&r, "provider-unavailable-gemini", "provider: gemini\n");
	assert_int_equal(lever(&r, "resume", &res), TX_DENIED);
	assert_true(exists(&r, "provider-unavailable-gemini"));
	th_close(&r);
}

/* The bits the levers' rows test (core/model/action.h), set by the loader. */
static void the_loader_sets_the_lever_bits(void **state)
{
	(void)state;
	th_run r;
	assert_int_equal(th_state(&r, state_of("CHECKPOINT", "RUNNING", ", auto_resume: true"), NOW), 0);
	unsigned st = r.snap->workflows[0].state;
	assert_true(st & LW_WF_RUN_MODE);
	assert_true(st & LW_WF_CHECKPOINT);
	assert_true(st & LW_WF_AUTO_RESUME);
	assert_false(st & LW_WF_PAUSED);
	th_close(&r);
	assert_int_equal(th_state(&r, state_of("IN_PROGRESS", "PAUSED", ""), NOW), 0);
	st = r.snap->workflows[0].state;
	assert_true(st & LW_WF_PAUSED);
	assert_false(st & (LW_WF_CHECKPOINT | LW_WF_AUTO_RESUME));
	th_close(&r);
}

/* "paused by you": only the user's own journal, matching the state's
 * mode_changed_at and _by to the second, and no lever after it. */
static void own_pause_is_proven_by_the_journal(void **state)
{
	(void)state;
	th_run r;
	char home[300];
	th_open(&r);
	snprintf(home, sizeof home, "%s.state", r.dir);
	setenv("XDG_STATE_HOME", home, 1);
	const char *cfg_text = "config: {mode: PAUSED, mode_changed_at: 2026-11-25T09:58:00Z, mode_changed_by: human}\n";
	doc d;
	lw_error err;
	assert_int_equal(doc_parse(&d, cfg_text, strlen(cfg_text), "state.yaml", NULL, &err), 0);
	const doc_node *cfg = doc_get(doc_deref(d.root), "config");
	time_t at;
	assert_false(lizago_own_pause(r.liza, cfg, &at));          /* no journal */
	time_t t = th_time("2026-11-25T09:58:00Z");
	assert_int_equal(lw_journal_append(r.dir, "liza", NULL, "pause", "someone-else", TX_DONE, t), 0);
	assert_false(lizago_own_pause(r.liza, cfg, &at));          /* not the state's writer */
	assert_int_equal(lw_journal_append(r.dir, "liza", NULL, "pause", "human", TX_DONE, t - 1), 0);
	assert_false(lizago_own_pause(r.liza, cfg, &at));          /* not that second */
	assert_int_equal(lw_journal_append(r.dir, "liza", NULL, "pause", "human", TX_DENIED, t), 0);
	assert_false(lizago_own_pause(r.liza, cfg, &at));          /* not done */
	assert_int_equal(lw_journal_append(r.dir, "liza", NULL, "pause", "human", TX_DONE, t), 0);
	assert_true(lizago_own_pause(r.liza, cfg, &at));
	assert_true(at == t);
	/* a resume since: the last lever in the journal is not a pause */
	assert_int_equal(lw_journal_append(r.dir, "liza", NULL, "resume", "human", TX_DONE, t + 5), 0);
	assert_false(lizago_own_pause(r.liza, cfg, &at));
	unsetenv("XDG_STATE_HOME");
	doc_free(&d);
	char cmd[700];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
	assert_int_equal(system(cmd), 0);
	th_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(checkpoint_then_resume),
		cmocka_unit_test(checkpoint_writes_its_summary_and_never_through_a_link),
		cmocka_unit_test(resume_refuses_what_it_does_not_transcribe),
		cmocka_unit_test(resume_from_a_tripped_breaker_clears_it),
		cmocka_unit_test(auto_resume_toggles),
		cmocka_unit_test(resume_clears_provider_signals),
		cmocka_unit_test(the_loader_sets_the_lever_bits),
		cmocka_unit_test(own_pause_is_proven_by_the_journal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
