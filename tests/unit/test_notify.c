/* test_notify.c — notifications of new alerts: once per alert while it
 * stands, none for the baseline, the level threshold, the bell and OSC
 * 777/9 bytes (wrapped for tmux, text inert), the program run with an
 * argument vector and LIZA_WATCH_* variables (no shell), the burst limit
 * and the gap between notifications; notify.program refused in a project's
 * file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "core/model/config.h"
#include "notify/notify.h"

typedef struct fixture {
	int pipe[2];              /* the "terminal": notifier writes, the test reads */
	lw_config cfg;
	notifier n;
	lw_alerts al;
	char dir[64];
} fixture;

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof *f);
	assert_int_equal(pipe(f->pipe), 0);   /* pipe2 is not on macOS */
	for (int i = 0; i < 2; i++)
		assert_int_equal(fcntl(f->pipe[i], F_SETFL, fcntl(f->pipe[i], F_GETFL) | O_NONBLOCK), 0);
	lw_config_init(&f->cfg);
	f->cfg.notify_gap = 0;
	lw_alerts_init(&f->al);
	snprintf(f->dir, sizeof f->dir, "/tmp/lw-notify.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	unsetenv("TMUX");
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;
	notify_free(&f->n);
	lw_alerts_free(&f->al);
	lw_config_free(&f->cfg);
	close(f->pipe[0]);
	close(f->pipe[1]);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", f->dir);
	assert_int_equal(system(cmd), 0);
	free(f);
	return 0;
}

static void start(fixture *f) { notify_init(&f->n, &f->cfg, f->pipe[1], "/proj"); }

static void alert(fixture *f, lw_level l, const char *code, const char *subject, const char *msg)
{
	lw_alert *a = lw_alerts_add(&f->al, l, "liza", code, subject, 0, "%s", msg);
	a->key = a->subject;
}

/* Everything written to the terminal since the last call. */
static const char *drain(fixture *f)
{
	static char buf[4096];
	ssize_t n = read(f->pipe[0], buf, sizeof buf - 1);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

static void baseline_is_quiet_and_each_new_crit_rings_once(void **state)
{
	fixture *f = *state;
	start(f);
	alert(f, LW_CRIT, "review_loop", "task-1", "old");
	assert_int_equal(notify_update(&f->n, &f->al), 0);     /* present at start */
	assert_string_equal(drain(f), "");
	alert(f, LW_CRIT, "lease_lost", "task-2", "new");
	assert_int_equal(notify_update(&f->n, &f->al), 1);
	assert_string_equal(drain(f), "\a");
	assert_int_equal(notify_update(&f->n, &f->al), 0);     /* still standing: not again */
	assert_string_equal(drain(f), "");
	lw_alerts_clear(&f->al);
	assert_int_equal(notify_update(&f->n, &f->al), 0);     /* cleared */
	alert(f, LW_CRIT, "lease_lost", "task-2", "back");
	assert_int_equal(notify_update(&f->n, &f->al), 1);     /* a new occurrence */
}

static void level_decides_what_notifies(void **state)
{
	fixture *f = *state;
	start(f);
	notify_update(&f->n, &f->al);
	alert(f, LW_WARN, "stalled", "log.yaml", "w");
	assert_int_equal(notify_update(&f->n, &f->al), 0);     /* crit by default */
	notify_free(&f->n);
	lw_alerts_clear(&f->al);
	f->cfg.notify_level = "warn";
	start(f);
	notify_update(&f->n, &f->al);
	alert(f, LW_WARN, "stalled", "log.yaml", "w");
	alert(f, LW_INFO, "note", "x", "i");
	assert_int_equal(notify_update(&f->n, &f->al), 1);
	notify_free(&f->n);
	lw_alerts_clear(&f->al);
	f->cfg.notify_level = "off";
	start(f);
	notify_update(&f->n, &f->al);
	alert(f, LW_CRIT, "x", "y", "z");
	assert_int_equal(notify_update(&f->n, &f->al), 0);
}

static void osc_text_is_inert_and_wrapped_for_tmux(void **state)
{
	fixture *f = *state;
	f->cfg.notify_terminal = "osc777";
	f->cfg.notify_bell = 0;
	start(f);
	notify_update(&f->n, &f->al);
	alert(f, LW_CRIT, "lease_lost", "t\033]0;pwn\a", "a;b\033[2J");
	notify_update(&f->n, &f->al);
	assert_string_equal(drain(f), "\033]777;notify;liza-watch CRIT;CRIT liza lease_lost t^[]0;pwn^G: a;b^[[2J\a");
	notify_free(&f->n);
	lw_alerts_clear(&f->al);
	setenv("TMUX", "/tmp/tmux-0/default,1,0", 1);
	f->cfg.notify_terminal = "osc9";
	start(f);
	notify_update(&f->n, &f->al);
	alert(f, LW_CRIT, "c", "s", "m");
	notify_update(&f->n, &f->al);
	assert_string_equal(drain(f), "\033Ptmux;\033\033]9;liza-watch: CRIT liza c s: m\a\033\\");
	unsetenv("TMUX");
}

/* Wait (deadline 10 s) until path exists and is complete (ends in "END\n"). */
static char *wait_record(const char *path)
{
	static char buf[8192];
	for (int i = 0; i < 1000; i++) {
		FILE *fp = fopen(path, "r");
		if (fp) {
			size_t n = fread(buf, 1, sizeof buf - 1, fp);
			fclose(fp);
			buf[n] = '\0';
			if (n >= 4 && strcmp(buf + n - 4, "END\n") == 0)
				return buf;
		}
		struct timespec ts = { 0, 10 * 1000000L };
		nanosleep(&ts, NULL);
	}
	fail_msg("no complete record at %s", path);
	return NULL;
}

static void program_gets_words_and_environment_never_a_shell(void **state)
{
	fixture *f = *state;
	char script[128], prog[512], rec[128], canary[128];
	snprintf(script, sizeof script, "%s/record", f->dir);
	snprintf(rec, sizeof rec, "%s/rec", f->dir);
	snprintf(canary, sizeof canary, "%s/canary", f->dir);
	FILE *fp = fopen(script, "w");
	assert_non_null(fp);
	fprintf(fp, "#!/bin/sh\n{ for a in \"$@\"; do echo \"arg=$a\"; done; env | grep '^LIZA_WATCH_' | sort; "
	            "echo END; } > %s.tmp && mv %s.tmp %s\n", rec, rec, rec);
	fclose(fp);
	chmod(script, 0755);
	snprintf(prog, sizeof prog, "%s one $(touch %s) ;touch", script, canary);
	f->cfg.notify_program = prog;
	f->cfg.notify_bell = 0;
	start(f);
	notify_update(&f->n, &f->al);
	alert(f, LW_CRIT, "review_loop", "task-3", "5 review cycles\033[2J");
	assert_int_equal(notify_update(&f->n, &f->al), 1);
	const char *r = wait_record(rec);
	char want[512];
	snprintf(want, sizeof want, "arg=one\narg=$(touch\narg=%s)\narg=;touch\n", canary);
	assert_non_null(strstr(r, want));
	assert_non_null(strstr(r, "LIZA_WATCH_CODE=review_loop\n"));
	assert_non_null(strstr(r, "LIZA_WATCH_LEVEL=CRIT\n"));
	assert_non_null(strstr(r, "LIZA_WATCH_MESSAGE=5 review cycles^[[2J\n"));
	assert_non_null(strstr(r, "LIZA_WATCH_PROJECT=/proj\n"));
	assert_non_null(strstr(r, "LIZA_WATCH_SUBJECT=task-3\n"));
	assert_non_null(strstr(r, "LIZA_WATCH_SYSTEM=liza\n"));
	assert_int_equal(access(canary, F_OK), -1);   /* no shell ran the words */
}

static void a_burst_is_three_notifications_and_a_gap_holds(void **state)
{
	fixture *f = *state;
	f->cfg.notify_terminal = "osc9";
	f->cfg.notify_bell = 0;
	start(f);
	notify_update(&f->n, &f->al);
	for (int i = 0; i < 5; i++) {
		char s[16];
		snprintf(s, sizeof s, "t%d", i);
		alert(f, LW_CRIT, "c", s, "m");
	}
	assert_int_equal(notify_update(&f->n, &f->al), 3);
	const char *out = drain(f);
	assert_non_null(strstr(out, "c t2: m (and 2 more)"));
	assert_null(strstr(out, "t3"));
	notify_free(&f->n);
	lw_alerts_clear(&f->al);
	f->cfg.notify_gap = 3600;
	start(f);
	notify_update(&f->n, &f->al);
	alert(f, LW_CRIT, "c", "a", "m");
	assert_int_equal(notify_update(&f->n, &f->al), 1);
	alert(f, LW_CRIT, "c", "b", "m");
	assert_int_equal(notify_update(&f->n, &f->al), 0);     /* inside the gap: held */
	assert_int_equal(f->n.held, 1);
}

static void program_only_from_the_users_file(void **state)
{
	fixture *f = *state;
	f->cfg.reading_project = true;
	const char *t = "notify.program = /bin/evil\nnotify.level = warn\n";
	lw_config_parse(&f->cfg, t, strlen(t), "/proj/.liza-watch");
	assert_null(f->cfg.notify_program);
	assert_non_null(strstr(f->cfg.warnings.buf, "/proj/.liza-watch:1: notify.program may be set only in your own"));
	assert_string_equal(f->cfg.notify_level, "warn");
	f->cfg.reading_project = false;
	t = "notify.program = /usr/bin/true\nnotify.terminal = osc8\n";
	lw_config_parse(&f->cfg, t, strlen(t), "/home/u/.config/liza-watch/config");
	assert_string_equal(f->cfg.notify_program, "/usr/bin/true");
	assert_non_null(strstr(f->cfg.warnings.buf, "notify.terminal: 'osc8' is not one of off, osc777, osc9"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(baseline_is_quiet_and_each_new_crit_rings_once, setup, teardown),
		cmocka_unit_test_setup_teardown(level_decides_what_notifies, setup, teardown),
		cmocka_unit_test_setup_teardown(osc_text_is_inert_and_wrapped_for_tmux, setup, teardown),
		cmocka_unit_test_setup_teardown(program_gets_words_and_environment_never_a_shell, setup, teardown),
		cmocka_unit_test_setup_teardown(a_burst_is_three_notifications_and_a_gap_holds, setup, teardown),
		cmocka_unit_test_setup_teardown(program_only_from_the_users_file, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
