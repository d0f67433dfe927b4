/* cmd_check.c — `check`: every check once, alert lines, a monitoring exit code. */
#include "cli/cli.h"
#include "core/model/adapter.h"
#include "core/model/config.h"
#include "core/model/report.h"
#include "core/util/timeparse.h"
#include "cli/follow.h"
#include <getopt.h>
#include <stdio.h>
#include <string.h>

/* Gathers the alerts of a loaded project at the current clock. */
static void run_checks(const lw_opts *o, lw_project *p, lw_alerts *al)
{
	lw_check_ctx ctx = { .now = lw_now(), .next_deadline = LW_NO_TIME, .out = al, .th = &o->cfg->th };
	lw_project_check(p, &ctx);
	lw_alerts_sort(al);
}

/* check --follow: a line when an alert appears and when it clears, each
 * stamped with the time it was seen, for a log file or a second pane. */
static bool print_changes(const lw_project *p, const lw_alerts *al, void *ctx)
{
	(void)p;
	lw_alerts *seen = ctx;
	char tb[32];
	lw_format_time(lw_now(), tb, sizeof tb);
	strbuf out;
	strbuf_init(&out);
	for (size_t i = 0; i < al->n; i++) {
		const lw_alert *a = &al->v[i];
		if (lw_alerts_find(seen, a->system, a->code, a->key))
			continue;
		strbuf_printf(&out, "%s ", tb);
		report_alert_line(&out, a);
	}
	for (size_t i = 0; i < seen->n; i++) {
		const lw_alert *a = &seen->v[i];
		if (lw_alerts_find(al, a->system, a->code, a->key))
			continue;
		strbuf_printf(&out, "%s CLEAR %s %s ", tb, a->system, a->code);
		report_subject(&out, a);
	}
	/* Remember the current set as the new baseline. */
	lw_alerts_clear(seen);
	for (size_t i = 0; i < al->n; i++) {
		lw_alert *c = lw_alerts_add(seen, al->v[i].level, al->v[i].system, al->v[i].code,
		                            al->v[i].subject, al->v[i].since, "%s", al->v[i].message);
		c->key = arena_strdup(&seen->mem, al->v[i].key);
	}
	bool ok = fwrite(out.buf ? out.buf : "", 1, out.len, stdout) == out.len && fflush(stdout) == 0;
	strbuf_free(&out);
	return ok;
}

int cmd_check(const lw_opts *o, int argc, char **argv)
{
	bool json = false, follow = false;
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "follow", no_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "jf", longopts, NULL)) != -1) {
		if (c == 'j') json = true;
		else if (c == 'f') follow = true;
		else { fputs("usage: liza-watch check [--json] [--follow]\n", stderr); return EXIT_USAGE; }
	}
	if (optind < argc) {
		cli_error("check: unexpected argument '%s'", argv[optind]);
		return EXIT_USAGE;
	}
	lw_project p;
	if (cli_open_project(o, &p) < 0)
		return EXIT_UNREADABLE;
	if (follow) {
		lw_alerts seen;
		lw_alerts_init(&seen);
		int rc = follow_run(o, &p, print_changes, &seen);
		lw_alerts_free(&seen);
		lw_project_close(&p);
		return rc;
	}
	lw_alerts al;
	lw_alerts_init(&al);
	run_checks(o, &p, &al);
	strbuf out;
	strbuf_init(&out);
	if (json)
		report_check_json(&out, &p, &al);
	else
		for (size_t i = 0; i < al.n; i++)
			report_alert_line(&out, &al.v[i]);
	fwrite(out.buf ? out.buf : "", 1, out.len, stdout);
	strbuf_free(&out);

	int rc = EXIT_OK;
	if (lw_alerts_count(&al, LW_WARN))
		rc = EXIT_WARN;
	if (lw_alerts_count(&al, LW_CRIT))
		rc = EXIT_CRIT;
	for (size_t i = 0; i < p.n; i++)
		if (p.src[i].failed)
			rc = EXIT_UNREADABLE;
	/* Systems with a file per task load on past one bad file, and report it
	 * as parse_error or unreadable: the file still could not be read. */
	for (size_t i = 0; i < al.n; i++)
		if (strcmp(al.v[i].code, "parse_error") == 0 || strcmp(al.v[i].code, "unreadable") == 0)
			rc = EXIT_UNREADABLE;
	lw_alerts_free(&al);
	lw_project_close(&p);
	return rc;
}
