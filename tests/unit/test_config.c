/* test_config.c — the config files: values of every kind, sections, quoting,
 * the user-then-project precedence, bad lines reported as file:line and
 * skipped, and a threshold from a config changing what a check reports. */
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
#include "core/model/config.h"
#include "tests/unit/helper_liza.h"
#include "systems/liza/liza_thresholds.h"
#include "systems/rcs/rcs.h"
#include "systems/acp/acp.h"

/* Each system's block of a config's thresholds, as its checks read it. */
#define LIZA_TH(c) ((const liza_thresholds *)lw_thresholds_of(&(c).th, &lw_adapter_liza))
#define RCS_TH(c) ((const rcs_thresholds *)lw_thresholds_of(&(c).th, &lw_adapter_rcs))
#define ACP_TH(c) ((const acp_thresholds *)lw_thresholds_of(&(c).th, &lw_adapter_acp))

static void parse(lw_config *c, const char *text) { lw_config_parse(c, text, strlen(text), "t.conf"); }

static const char *warnings(const lw_config *c) { return c->warnings.buf ? c->warnings.buf : ""; }

static void assert_warns(const lw_config *c, const char *line)
{
	if (!strstr(warnings(c), line)) {
		print_error("expected warning '%s' in:\n%s\n", line, warnings(c));
		fail();
	}
}

static void defaults_are_the_built_in_thresholds(void **state)
{
	(void)state;
	lw_config c;
	lw_config_init(&c);
	assert_memory_equal(&c.th, lw_thresholds_builtin(), sizeof c.th);
	assert_int_equal(LIZA_TH(c)->lease_grace, 120);
	assert_int_equal(LIZA_TH(c)->checkpoint[2], 8 * 3600);
	assert_null(c.theme);
	assert_null(c.as);
	assert_int_equal(c.nwarnings, 0);
	lw_config_free(&c);
}

static void values_of_every_kind(void **state)
{
	(void)state;
	lw_config c;
	lw_config_init(&c);
	parse(&c,
	      "\xEF\xBB\xBF# a comment\r\n"
	      "theme = solarized-dark\r\n"
	      "as = code-reviewer-2\n"
	      "   # indented comment\n"
	      "\n"
	      "status.format = \"%S #[fg=red]%c \"\n"
	      "status.tmux-format = #[fg=cyan]%R#[default]\n"
	      "[liza]\n"
	      "lease-grace = 90\n"
	      "heartbeat_factor = 4\n"
	      "stale-draft = 1h30m\n"
	      "checkpoint = 10m, 1h,2d\n"
	      "pause = 5m,1h\n"
	      "warn-below = 1\n"
	      "status.format = %T\n"          /* dotted: taken as written */
	      "[RCS]\n"
	      "worker-stale = 2m\n"
	      "[]\n"
	      "acp.stale = 45s\n");
	assert_string_equal(warnings(&c), "");
	assert_string_equal(c.theme, "solarized-dark");
	assert_string_equal(c.as, "code-reviewer-2");
	assert_string_equal(c.status_format, "%T");
	assert_string_equal(c.status_tmux_format, "#[fg=cyan]%R#[default]");
	assert_int_equal(LIZA_TH(c)->lease_grace, 90);
	assert_int_equal(LIZA_TH(c)->heartbeat_factor, 4);
	assert_int_equal(LIZA_TH(c)->stale_draft, 5400);
	assert_int_equal(LIZA_TH(c)->checkpoint[0], 600);
	assert_int_equal(LIZA_TH(c)->checkpoint[1], 3600);
	assert_int_equal(LIZA_TH(c)->checkpoint[2], 2 * 86400);
	assert_int_equal(LIZA_TH(c)->pause[0], 300);
	assert_int_equal(c.th.warn_below, 1);
	assert_int_equal(RCS_TH(c)->worker_stale, 120);
	assert_int_equal(ACP_TH(c)->stale, 45);
	/* untouched values keep their defaults */
	assert_int_equal(LIZA_TH(c)->approved_unmerged, 600);
	/* origins name the line that set each value */
	assert_string_equal(lw_config_origin(&c, "theme"), "t.conf:2");
	assert_string_equal(lw_config_origin(&c, "status.format"), "t.conf:15");
	assert_string_equal(lw_config_origin(&c, "liza.checkpoint"), "t.conf:12");
	assert_null(lw_config_origin(&c, "liza.stalled"));
	lw_config_free(&c);
}

static void quotes_keep_spaces_and_escapes(void **state)
{
	(void)state;
	lw_config c;
	lw_config_init(&c);
	parse(&c, "status.format = \"  a \\\"b\\\" \\\\ # c  \"\nas = \"\"\n");
	assert_string_equal(warnings(&c), "");
	assert_string_equal(c.status_format, "  a \"b\" \\ # c  ");
	assert_null(c.as);   /* empty: back to the built-in behaviour */
	lw_config_free(&c);
}

static void durations_parse_and_format_exactly(void **state)
{
	(void)state;
	static const struct { const char *text; long long secs; } ok[] = {
		{ "0", 0 }, { "120", 120 }, { "90s", 90 }, { "30m", 1800 }, { "2h", 7200 },
		{ "1h30m", 5400 }, { "1d2h3m4s", 93784 }, { "2d", 172800 },
	};
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
		long long v = -1;
		assert_int_equal(lw_parse_duration(ok[i].text, &v), 0);
		assert_int_equal(v, ok[i].secs);
		char buf[32];
		long long back = -1;
		assert_int_equal(lw_parse_duration(lw_format_duration(v, buf, sizeof buf), &back), 0);
		assert_int_equal(back, v);
	}
	char buf[32];
	assert_string_equal(lw_format_duration(5400, buf, sizeof buf), "1h30m");
	assert_string_equal(lw_format_duration(120, buf, sizeof buf), "2m");
	assert_string_equal(lw_format_duration(0, buf, sizeof buf), "0s");
	static const char *const bad[] = { "", "m", "1x", "1h30", "-5", "+5", "1.5h", " 1h", "1 h",
	                                   "99999999999999999999", "999999999999999999d" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		long long v = 7;
		if (lw_parse_duration(bad[i], &v) == 0) {
			print_error("'%s' parsed as %lld\n", bad[i], v);
			fail();
		}
		assert_int_equal(v, 7);
	}
}

static void bad_lines_are_reported_with_file_and_line_and_skipped(void **state)
{
	(void)state;
	lw_config c;
	lw_config_init(&c);
	parse(&c,
	      "theme = mono\n"                        /* 1 */
	      "just words\n"                          /* 2 */
	      "nosuch = 1\n"                          /* 3 */
	      "[liza]\n"                              /* 4 */
	      "stale-draft = soon\n"                  /* 5 */
	      "checkpoint = 30m,2h\n"                 /* 6 */
	      "pause = 2h,30m\n"                      /* 7 */
	      "heartbeat-factor = 0\n"                /* 8 */
	      "lease-grace = 400d\n"                  /* 9 */
	      "theme = mono\n"                        /* 10: theme is not a liza setting */
	      "[bad section\n"                        /* 11 */
	      "bind J\n"                              /* 12 */
	      "unbind\n"                              /* 13 */
	      "as = \"open\n"                         /* 14: as is liza.as here */
	      "[]\n"                                  /* 15 */
	      "as = \"open\n"                         /* 16 */
	      "as = \"x\" y\n"                        /* 17 */
	      "st@tus = 1\n"                          /* 18 */
	      "= 3\n"                                 /* 19 */
	      "liza.stalled = 45m\n");                /* 20: still applies */
	assert_warns(&c, "t.conf:2: expected 'key = value', '[section]', 'bind KEY ACTION' or 'unbind KEY', got 'just words'\n");
	assert_warns(&c, "t.conf:3: unknown setting 'nosuch'\n");
	assert_warns(&c, "t.conf:5: liza.stale-draft: 'soon' is not a duration (e.g. 90s, 30m, 2h, 1h30m)\n");
	assert_warns(&c, "t.conf:6: liza.checkpoint takes 3 durations, comma-separated, got 2: '30m,2h'\n");
	assert_warns(&c, "t.conf:7: liza.pause: each duration must be longer than the one before ('2h,30m')\n");
	assert_warns(&c, "t.conf:8: liza.heartbeat-factor: 0 is out of range (1 to 1000)\n");
	assert_warns(&c, "t.conf:9: liza.lease-grace: 400d is out of range (0s to 366d)\n");
	assert_warns(&c, "t.conf:10: unknown setting 'liza.theme' (theme is not in a section: put it before the first [section])\n");
	assert_warns(&c, "t.conf:11: expected '[section]', got '[bad section'\n");
	assert_warns(&c, "t.conf:12: expected 'bind KEY ACTION' (e.g. bind J down)\n");
	assert_warns(&c, "t.conf:13: expected 'unbind KEY' (e.g. unbind t)\n");
	assert_warns(&c, "t.conf:14: unknown setting 'liza.as' (as is not in a section");
	assert_warns(&c, "t.conf:16: unterminated quote\n");
	assert_warns(&c, "t.conf:17: text after the closing quote: ' y'\n");
	assert_warns(&c, "t.conf:18: 'st@tus' is not a setting name\n");
	assert_warns(&c, "t.conf:19: '' is not a setting name\n");
	assert_int_equal(c.nwarnings, 16);
	/* what the bad lines named kept its value; the good lines applied */
	assert_string_equal(c.theme, "mono");
	assert_int_equal(LIZA_TH(c)->stale_draft, 1800);
	assert_int_equal(LIZA_TH(c)->checkpoint[1], 7200);
	assert_int_equal(LIZA_TH(c)->pause[0], 1800);
	assert_int_equal(LIZA_TH(c)->heartbeat_factor, 3);
	assert_int_equal(LIZA_TH(c)->lease_grace, 120);
	assert_null(c.as);
	assert_int_equal(LIZA_TH(c)->stalled, 2700);
	assert_int_equal(c.nbinds, 0);
	lw_config_free(&c);
}

static void control_bytes_in_a_warning_are_made_harmless(void **state)
{
	(void)state;
	lw_config c;
	lw_config_init(&c);
	parse(&c, "\x1b]0;pwned\x07 = 1\nx = 1\x1b[2J\n");
	assert_null(strchr(warnings(&c), '\x1b'));
	assert_null(strchr(warnings(&c), '\x07'));
	assert_int_equal(c.nwarnings, 2);
	lw_config_free(&c);
}

static void garbage_is_reported_a_bounded_number_of_times(void **state)
{
	(void)state;
	lw_config c;
	lw_config_init(&c);
	char text[20000];
	size_t u = 0;
	for (int i = 0; i < 1000; i++)
		u += (size_t)snprintf(text + u, sizeof text - u, "garbage %d\n", i);
	parse(&c, text);
	size_t lines = 0;
	for (const char *p = warnings(&c); *p; p++)
		lines += *p == '\n';
	assert_int_equal(lines, 51);
	assert_warns(&c, "t.conf:51: too many bad lines; the rest are skipped unreported\n");
	/* a line too long, a NUL byte */
	lw_config_free(&c);
	lw_config_init(&c);
	char longline[5000];
	memset(longline, 'a', sizeof longline - 1);
	longline[sizeof longline - 1] = '\0';
	parse(&c, longline);
	lw_config_parse(&c, "as = a\0b\nas = ok\n", 16, "n.conf");
	assert_warns(&c, "t.conf:1: line longer than 4096 bytes\n");
	assert_warns(&c, "n.conf:1: NUL byte in the line\n");
	assert_string_equal(c.as, "ok");
	lw_config_free(&c);
}

static void bind_lines_are_kept_in_order(void **state)
{
	(void)state;
	lw_config c;
	lw_config_init(&c);
	parse(&c, "bind J down\n[keys]\nunbind t\n  bind\tC-x   quit\n");
	assert_string_equal(warnings(&c), "");
	assert_int_equal(c.nbinds, 3);
	assert_string_equal(c.binds[0].key, "J");
	assert_string_equal(c.binds[0].action, "down");
	assert_int_equal(c.binds[0].line, 1);
	assert_string_equal(c.binds[1].key, "t");
	assert_null(c.binds[1].action);
	assert_string_equal(c.binds[2].key, "C-x");
	assert_string_equal(c.binds[2].file, "t.conf");
	assert_int_equal(c.binds[2].line, 4);
	lw_config_free(&c);
}

/* ---- files ---- */
typedef struct dirs {
	char root[256], xdg[300], proj[300];
} dirs;

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void make_dirs(dirs *d)
{
	snprintf(d->root, sizeof d->root, "/tmp/lw-config-XXXXXX");
	assert_non_null(mkdtemp(d->root));
	snprintf(d->xdg, sizeof d->xdg, "%s/xdg", d->root);
	snprintf(d->proj, sizeof d->proj, "%s/proj", d->root);
	assert_int_equal(mkdir(d->xdg, 0700), 0);
	assert_int_equal(mkdir(d->proj, 0700), 0);
	char p[400];
	snprintf(p, sizeof p, "%s/liza-watch", d->xdg);
	assert_int_equal(mkdir(p, 0700), 0);
}

static void remove_dirs(const dirs *d)
{
	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", d->root);
	assert_int_equal(system(cmd), 0);
}

static void project_wins_over_user(void **state)
{
	(void)state;
	dirs d;
	make_dirs(&d);
	char user[400], proj[400];
	snprintf(user, sizeof user, "%s/liza-watch/config", d.xdg);
	snprintf(proj, sizeof proj, "%s/.liza-watch", d.proj);
	write_file(user, "theme = mono\nas = alice\n[liza]\nstale-draft = 10m\nstalled = 1h\nbind J down\n");
	write_file(proj, "as = code-reviewer-1\n[liza]\nstale-draft = 20m\nbind J up\nbad\n");
	char *old = getenv("XDG_CONFIG_HOME") ? strdup(getenv("XDG_CONFIG_HOME")) : NULL;
	setenv("XDG_CONFIG_HOME", d.xdg, 1);

	lw_config c;
	lw_config_init(&c);
	lw_config_load(&c, d.proj);
	assert_string_equal(c.files[0], user);
	assert_string_equal(c.files[1], proj);
	assert_true(c.found[0] && c.found[1]);
	assert_string_equal(c.theme, "mono");                  /* only the user's says */
	assert_string_equal(c.as, "alice");                    /* a project may not say who acts */
	assert_int_equal(LIZA_TH(c)->stale_draft, 20 * 60);           /* both say: the project's */
	assert_int_equal(LIZA_TH(c)->stalled, 3600);
	char want[600];
	snprintf(want, sizeof want, "%s:3", proj);
	assert_string_equal(lw_config_origin(&c, "liza.stale-draft"), want);
	/* binds: the user's only; a project's file is data its agents can
	 * write, and may not decide what a key does */
	assert_int_equal(c.nbinds, 1);
	assert_string_equal(c.binds[0].action, "down");
	assert_string_equal(c.binds[0].file, user);
	snprintf(want, sizeof want, "%s:4: bind may be set only in your own config file, not in a project's", proj);
	assert_warns(&c, want);
	snprintf(want, sizeof want, "%s:5: expected 'key = value'", proj);
	assert_warns(&c, want);
	snprintf(want, sizeof want, "%s:1: as may be set only in your own config file, not in a project's", proj);
	assert_warns(&c, want);
	lw_config_free(&c);

	/* no project file; a relative XDG_CONFIG_HOME is ignored (HOME's is used) */
	unlink(proj);
	setenv("XDG_CONFIG_HOME", "relative/dir", 1);
	char *home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
	setenv("HOME", d.root, 1);
	lw_config_init(&c);
	lw_config_load(&c, d.proj);
	snprintf(want, sizeof want, "%s/.config/liza-watch/config", d.root);
	assert_string_equal(c.files[0], want);
	assert_false(c.found[0]);
	assert_false(c.found[1]);
	assert_memory_equal(&c.th, lw_thresholds_builtin(), sizeof c.th);
	assert_string_equal(warnings(&c), "");
	lw_config_free(&c);

	/* a project "file" that is a directory: one warning, nothing else */
	assert_int_equal(mkdir(proj, 0700), 0);
	lw_config_init(&c);
	lw_config_load(&c, d.proj);
	snprintf(want, sizeof want, "%s: not a regular file (a directory)\n", proj);
	assert_string_equal(warnings(&c), want);
	lw_config_free(&c);

	if (home) setenv("HOME", home, 1); else unsetenv("HOME");
	if (old) setenv("XDG_CONFIG_HOME", old, 1); else unsetenv("XDG_CONFIG_HOME");
	free(home);
	free(old);
	remove_dirs(&d);
}

static void theme_paths_are_relative_to_their_file(void **state)
{
	(void)state;
	lw_config c;
	lw_config_init(&c);
	lw_config_parse(&c, "theme = themes/mine.theme\n", 25, "/p/q/.liza-watch");
	assert_string_equal(c.theme, "/p/q/themes/mine.theme");
	lw_config_parse(&c, "theme = /abs/x.theme\n", 20, "/p/q/.liza-watch");
	assert_string_equal(c.theme, "/abs/x.theme");
	lw_config_parse(&c, "theme = mono\n", 13, "/p/q/.liza-watch");
	assert_string_equal(c.theme, "mono");
	char *home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
	setenv("HOME", "/home/op", 1);
	lw_config_parse(&c, "theme = ~/t/x.theme\n", 19, "/p/q/.liza-watch");
	assert_string_equal(c.theme, "/home/op/t/x.theme");
	if (home) setenv("HOME", home, 1); else unsetenv("HOME");
	free(home);
	lw_config_free(&c);
}

static void written_config_reads_back_the_same(void **state)
{
	(void)state;
	lw_config a, b;
	lw_config_init(&a);
	parse(&a, "as = \" spaced \"\nstatus.format = %S #[bold]\n[liza]\nstale-draft = 1h30m\npause = 1m,2m\n"
	          "bind J down\nunbind t\n");
	strbuf out;
	strbuf_init(&out);
	lw_config_write(&a, &out);
	lw_config_init(&b);
	lw_config_parse(&b, out.buf, out.len, "written");
	assert_string_equal(warnings(&b), "");
	assert_memory_equal(&a.th, &b.th, sizeof a.th);
	assert_string_equal(b.as, " spaced ");
	assert_string_equal(b.status_format, "%S #[bold]");
	assert_null(b.theme);
	assert_int_equal(b.nbinds, 2);
	assert_non_null(strstr(out.buf, "liza.stale-draft = 1h30m\n"));
	assert_non_null(strstr(out.buf, "# t.conf:4\n"));
	assert_non_null(strstr(out.buf, "liza.lease-grace = 2m\n"));
	/* every setting of the table appears */
	size_t nall;
	const lw_setting *all = lw_settings_all(&nall);
	for (size_t i = 0; i < nall; i++)
		assert_non_null(strstr(out.buf, all[i].name));
	strbuf_free(&out);
	lw_config_free(&a);
	lw_config_free(&b);
}

/* ---- a threshold changes what a check reports ---- */
#define NOW "2026-01-20T10:20:00Z"

static void a_config_threshold_changes_a_check(void **state)
{
	(void)state;
	th_run r;
	/* a DRAFT created 20 minutes ago: quiet at the built-in 30m */
	assert_int_equal(th_state(&r, th_yaml("  - {id: d1, status: DRAFT, created: 2026-01-20T10:00:00Z}\n",
	                                      NULL, NULL, NULL), NOW), 0);
	TH_NONE(&r, "stale_draft", "d1");
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T10:30:00Z"));

	lw_config c;
	lw_config_init(&c);
	parse(&c, "[liza]\nstale-draft = 15m\n");
	r.th = &c.th;
	th_recheck(&r, NOW);
	TH_EXPECT(&r, LW_WARN, "stale_draft", "d1", "DRAFT created 20m ago");
	assert_int_equal(th_find(&r, "stale_draft", "d1")->since, th_time("2026-01-20T10:15:00Z"));

	/* and back: a longer threshold moves the deadline out */
	parse(&c, "liza.stale-draft = 1h\n");
	th_recheck(&r, NOW);
	TH_NONE(&r, "stale_draft", "d1");
	assert_int_equal(r.ctx.next_deadline, th_time("2026-01-20T11:00:00Z"));
	th_close(&r);
	lw_config_free(&c);
}

static void warn_below_moves_the_warning_not_the_cliff(void **state)
{
	(void)state;
	th_run r;
	/* the state's cliff is 10: the warning at 8 by default */
	assert_int_equal(th_state(&r, th_yaml("  - {id: t1, status: UNCLAIMED, iteration: 7, spec_ref: s.md,"
	                                      " done_when: d}\n", NULL, "  max_coder_iterations: 10\n", NULL), NOW), 0);
	TH_NONE(&r, "iterations_warning", "t1");
	lw_config c;
	lw_config_init(&c);
	parse(&c, "[liza]\nwarn-below = 3\n");
	r.th = &c.th;
	th_recheck(&r, NOW);
	TH_EXPECT(&r, LW_WARN, "iterations_warning", "t1", "iteration 7 of 10");
	TH_NONE(&r, "iterations_cliff", "t1");
	th_close(&r);
	lw_config_free(&c);
}

static void lease_grace_from_the_config_shows_in_the_message(void **state)
{
	(void)state;
	th_run r;
	lw_config c;
	lw_config_init(&c);
	parse(&c, "liza.lease-grace = 10m\n");
	th_open(&r);
	r.th = &c.th;
	th_write(&r, "state.yaml", th_yaml(
		"  - {id: t1, status: CLAIMED, assigned_to: coder-1, worktree: w, base_commit: b,"
		" lease_expires: '2026-01-20T10:12:00Z', spec_ref: s.md, done_when: d}\n",
		"  coder-1: {role: coder, status: WORKING, current_task: t1, heartbeat: '2026-01-20T10:19:00Z'}\n",
		"  heartbeat_interval: 60\n", NULL));
	assert_int_equal(th_load(&r, NOW), 0);
	TH_NONE(&r, "lease_expired", "t1");   /* 10:12 + 10m is 10:22 */
	th_recheck(&r, "2026-01-20T10:22:00Z");
	TH_EXPECT(&r, LW_WARN, "lease_expired", "t1", "(grace 600s)");
	th_close(&r);
	lw_config_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults_are_the_built_in_thresholds),
		cmocka_unit_test(values_of_every_kind),
		cmocka_unit_test(quotes_keep_spaces_and_escapes),
		cmocka_unit_test(durations_parse_and_format_exactly),
		cmocka_unit_test(bad_lines_are_reported_with_file_and_line_and_skipped),
		cmocka_unit_test(control_bytes_in_a_warning_are_made_harmless),
		cmocka_unit_test(garbage_is_reported_a_bounded_number_of_times),
		cmocka_unit_test(bind_lines_are_kept_in_order),
		cmocka_unit_test(project_wins_over_user),
		cmocka_unit_test(theme_paths_are_relative_to_their_file),
		cmocka_unit_test(written_config_reads_back_the_same),
		cmocka_unit_test(a_config_threshold_changes_a_check),
		cmocka_unit_test(warn_below_moves_the_warning_not_the_cliff),
		cmocka_unit_test(lease_grace_from_the_config_shows_in_the_message),
	};
	return cmocka_run_group_tests_name("config", tests, NULL, NULL);
}
