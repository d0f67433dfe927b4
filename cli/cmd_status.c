/* cmd_status.c — `status`: one line for a status bar or a script. */
#include "cli/cli.h"
#include "core/adapter.h"
#include "core/report.h"
#include "core/timeparse.h"
#include <getopt.h>
#include <stdio.h>

int cmd_status(const lw_opts *o, int argc, char **argv)
{
	status_style style = STATUS_PLAIN;
	bool follow = false;
	const char *fmt = NULL;
	static const struct option longopts[] = {
		{ "tmux", no_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "follow", no_argument, NULL, 'f' },
		{ "format", required_argument, NULL, 'F' },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "tjfF:", longopts, NULL)) != -1) {
		switch (c) {
		case 't': style = STATUS_TMUX; break;
		case 'j': style = STATUS_JSON; break;
		case 'f': follow = true; break;
		case 'F': fmt = optarg; break;
		default:
			fputs("usage: liza-watch status [--tmux|--json] [--follow] [--format FMT]\n", stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		cli_error("status: unexpected argument '%s'", argv[optind]);
		return EXIT_USAGE;
	}
	if (follow) {
		cli_error("status --follow: not built yet");
		return EXIT_USAGE;
	}
	lw_project p;
	if (cli_open_project(o, &p) < 0)
		return EXIT_UNREADABLE;
	lw_alerts al;
	lw_alerts_init(&al);
	lw_check_ctx ctx = { .now = lw_now(), .next_deadline = LW_NO_TIME, .out = &al };
	lw_project_check(&p, &ctx);
	strbuf out;
	strbuf_init(&out);
	report_status(&out, &p, &al, style, fmt);
	strbuf_addc(&out, '\n');
	fwrite(out.buf, 1, out.len, stdout);
	strbuf_free(&out);
	lw_alerts_free(&al);
	lw_project_close(&p);
	return EXIT_OK;
}
