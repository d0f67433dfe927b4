/* cmd_check.c — `check`: every check once, alert lines, a monitoring exit
 * code; over every project given (-C repeated, or the `projects` setting),
 * each line then naming its project. */
#include "cli/cli.h"
#include "core/model/adapter.h"
#include "core/model/alert_index.h"
#include "core/model/config.h"
#include "core/model/fleet.h"
#include "cli/report.h"
#include "core/util/escape.h"
#include "core/util/timeparse.h"
#include "cli/follow.h"
#include "notify/notify.h"
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Gathers the alerts of a loaded project at the current clock. */
static void run_checks(const lw_member *m, lw_alerts *al)
{
	lw_check_ctx ctx = { .now = lw_now(), .next_deadline = LW_NO_TIME, .out = al, .th = &m->cfg.th };
	lw_project_check(&m->proj, &ctx);
	lw_alerts_sort(al);
	cli_acks_mark(&m->proj, al);
}

/* "[label] " before each line when several projects share the output. */
/* The label, whenever more than one project was named (a missing one
 * counts: the lines must still say whose they are). */
static void project_prefix(strbuf *out, const lw_fleet *f, size_t i, size_t nmiss)
{
	if (f->n + nmiss < 2)
		return;
	strbuf_addc(out, '[');
	esc_term(out, f->v[i].label, strlen(f->v[i].label), true);
	strbuf_adds(out, "] ");
}

/* check --follow: a line when an alert appears and when it clears, each
 * stamped with the time it was seen, for a log file or a second pane. */
typedef struct check_follow {
	lw_alerts *seen;            /* per project: the alerts printed so far, still standing */
	notifier *notify;           /* per project: bell, terminal notification, program */
	bool json;                  /* one JSON object per line */
} check_follow;

/* One event line for each alert of `alerts` that `other` does not hold:
 * event "raised" for the fresh alerts against those seen, "cleared" for
 * those seen against the fresh ones. */
static void print_events(strbuf *out, const check_follow *f, const lw_fleet *fl, size_t m, time_t now,
                         const lw_alerts *alerts, const lw_alerts *other, const char *event)
{
	char tb[32];
	lw_format_time(now, tb, sizeof tb);
	const char *project = fl->n > 1 ? fl->v[m].label : NULL;
	bool raised = strcmp(event, "raised") == 0;
	lw_alert_index ix;
	lw_alert_index_init(&ix, other);
	for (size_t i = 0; i < alerts->n; i++) {
		const lw_alert *a = &alerts->v[i];
		if (lw_alert_index_find(&ix, a->system, a->code, a->key))
			continue;
		if (f->json) {
			report_alert_event_json(out, now, event, project, a);
			continue;
		}
		strbuf_printf(out, "%s ", tb);
		project_prefix(out, fl, m, 0);
		if (raised) {
			report_alert_line(out, a);
		} else {
			strbuf_printf(out, "CLEAR %s %s ", a->system, a->code);
			report_subject(out, a);
		}
	}
	lw_alert_index_free(&ix);
}

static bool print_changes(const lw_fleet *fl, size_t m, const lw_alerts *al, void *ctx)
{
	check_follow *f = ctx;
	lw_alerts *seen = &f->seen[m];
	time_t now = lw_now();
	strbuf out;
	strbuf_init(&out);
	print_events(&out, f, fl, m, now, al, seen, "raised");
	print_events(&out, f, fl, m, now, seen, al, "cleared");
	lw_alerts_copy(seen, al);
	bool ok = fwrite(out.buf ? out.buf : "", 1, out.len, stdout) == out.len && fflush(stdout) == 0;
	strbuf_free(&out);
	notify_update(&f->notify[m], al);
	return ok;
}

static int follow(const lw_opts *o, lw_fleet *fl, bool json)
{
	check_follow f = { .json = json, .seen = calloc(fl->n, sizeof *f.seen),
	                   .notify = calloc(fl->n, sizeof *f.notify) };
	if (!f.seen || !f.notify) {
		free(f.seen);
		free(f.notify);
		cli_error("out of memory");
		return EXIT_IO;
	}
	/* Bell and terminal notifications go to the controlling terminal,
	 * never into the alert stream on stdout (often a file or a pipe). */
	int tty = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC);
	for (size_t i = 0; i < fl->n; i++) {
		lw_alerts_init(&f.seen[i]);
		notify_init(&f.notify[i], o->cfg, tty, fl->v[i].proj.dir);
	}
	int rc = follow_run(o, fl, print_changes, &f);
	for (size_t i = 0; i < fl->n; i++) {
		notify_free(&f.notify[i]);
		lw_alerts_free(&f.seen[i]);
	}
	if (tty >= 0)
		close(tty);
	free(f.seen);
	free(f.notify);
	return rc;
}

/* The exit code one project calls for. */
static int project_rc(const lw_project *p, const lw_alerts *al)
{
	int rc = EXIT_OK;
	if (lw_alerts_count(al, LW_WARN))
		rc = EXIT_WARN;
	if (lw_alerts_count(al, LW_CRIT))
		rc = EXIT_CRIT;
	for (size_t i = 0; i < p->n; i++)
		if (p->src[i].failed)
			rc = EXIT_UNREADABLE;
	/* Systems with a file per task load on past one bad file, and report it
	 * as parse_error or unreadable: the file still could not be read. */
	for (size_t i = 0; i < al->n; i++)
		if (strcmp(al->v[i].code, "parse_error") == 0 || strcmp(al->v[i].code, "unreadable") == 0)
			rc = EXIT_UNREADABLE;
	return rc;
}

static int cmd_check(const lw_opts *o, const cli_args *a)
{
	bool json = cli_args_has(a, "json"), follow_mode = cli_args_has(a, "follow");
	if (cli_args_max(a, 0))
		return EXIT_USAGE;
	lw_fleet fl;
	if (follow_mode) {
		if (cli_open_fleet(o, &fl, true) < 0)
			return EXIT_UNREADABLE;
		int rc = follow(o, &fl, json);
		lw_fleet_free(&fl);
		return rc;
	}
	/* A -C that cannot be opened does not hide the others: they are
	 * checked and printed, it is named (stderr, and JSON), and the exit
	 * code says a project could not be read. */
	cli_missing miss;
	if (cli_open_fleet_missing(o, &fl, false, &miss) < 0) {
		if (json)
			puts("{\"alerts\": [], \"sources\": [], \"error\": \"no project\"}");
		return EXIT_UNREADABLE;
	}
	lw_alerts *al = lw_alerts_array(fl.n);
	int rc = miss.n ? EXIT_UNREADABLE : EXIT_OK;
	for (size_t i = 0; i < fl.n; i++) {
		run_checks(&fl.v[i], &al[i]);
		int r = project_rc(&fl.v[i].proj, &al[i]);
		if (r > rc)
			rc = r;
	}
	strbuf out;
	strbuf_init(&out);
	if (json && fl.n == 1 && !miss.n)
		report_check_json(&out, &fl.v[0].proj, &al[0]);
	else if (json)
		report_check_json_fleet(&out, &fl, al, miss.v, miss.n);
	else
		/* The most severe first across projects (each project's list is
		 * sorted already): every CRIT, then every WARN, then INFO. */
		for (int lev = LW_CRIT; lev >= LW_INFO; lev--)
			for (size_t m = 0; m < fl.n; m++)
				for (size_t i = 0; i < al[m].n; i++)
					if ((int)al[m].v[i].level == lev) {
						project_prefix(&out, &fl, m, miss.n);
						report_alert_line(&out, &al[m].v[i]);
					}
	fwrite(out.buf ? out.buf : "", 1, out.len, stdout);
	strbuf_free(&out);
	lw_alerts_array_free(al, fl.n);
	lw_fleet_free(&fl);
	cli_missing_free(&miss);
	return rc;
}

static const cli_option check_opts[] = {
	{ "json", 'j', no_argument, NULL, "one JSON object: the alerts and every source" },
	{ "follow", 'f', no_argument, NULL, "keep watching: a line when an alert appears or clears" },
	{ NULL, 0, 0, NULL, NULL },
};

const cli_command cmd_check_entry = {
	"check", "[--json] [--follow]", "run every check once and print alerts",
	"Exits 0 (no alert at WARN or above), 1 (WARN), 2 (CRIT), 3 (a state file or a\n"
	"project could not be read).\n",
	check_opts, "", cmd_check, true, false,
};
