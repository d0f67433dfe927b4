/* cmd_check.c — `check`: every check once, alert lines, a monitoring exit code. */
#include "cli/cli.h"
#include "core/adapter.h"
#include "core/report.h"
#include "core/timeparse.h"
#include <getopt.h>
#include <stdio.h>

/* Gathers the alerts of a loaded project at the current clock. */
static void run_checks(lw_project *p, lw_alerts *al)
{
	lw_check_ctx ctx = { .now = lw_now(), .next_deadline = LW_NO_TIME, .out = al };
	lw_project_check(p, &ctx);
	lw_alerts_sort(al);
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
	if (follow) {
		cli_error("check --follow: not built yet");
		return EXIT_USAGE;
	}
	lw_project p;
	if (cli_open_project(o, &p) < 0)
		return EXIT_UNREADABLE;
	lw_alerts al;
	lw_alerts_init(&al);
	run_checks(&p, &al);
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
	lw_alerts_free(&al);
	lw_project_close(&p);
	return rc;
}
