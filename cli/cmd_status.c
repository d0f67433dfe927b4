/* cmd_status.c — `status`: one line for a status bar or a script. */
#include "cli/cli.h"
#include "core/model/adapter.h"
#include "core/model/config.h"
#include "core/model/fleet.h"
#include "core/model/status_format.h"
#include "cli/report.h"
#include "core/txn/txn_report.h"
#include "core/util/timeparse.h"
#include "cli/follow.h"
#include "cli/status_cache.h"
#include "core/util/escape.h"
#include <string.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

/* The line (or object) for every project, each judged by its own alerts,
 * and the -C folders that could not be opened (miss, or NULL). */
static void render(strbuf *out, const lw_fleet *f, const lw_alerts *al, status_style style, const char *fmt,
                   const cli_missing *miss)
{
	size_t nmiss = miss ? miss->n : 0;
	if (f->n == 1 && !nmiss)
		report_status(out, &f->v[0].proj, &al[0], style, fmt);
	else if (style == STATUS_JSON && f->n == 0 && nmiss == 1) {
		/* One project asked for, and it is not there: an object saying so. */
		strbuf_adds(out, "{\"dir\": ");
		esc_json_str(out, miss->v[0].dir);
		strbuf_adds(out, ", \"ok\": false, \"error\": ");
		esc_json_str(out, miss->v[0].error);
		strbuf_addc(out, '}');
	} else if (style == STATUS_PLAIN && f->n == 0)
		return;   /* stderr said it; a plain line would only repeat it */
	else
		report_status_fleet(out, f, al, style, fmt, miss ? miss->v : NULL, nmiss);
	strbuf_addc(out, '\n');
}

typedef struct status_follow {
	status_style style;
	const char *fmt;
	lw_alerts *al;              /* per project: its alerts at its last check */
	bool *reported;             /* per project: checked at least once */
	strbuf last;
} status_follow;

/* status --follow: a new line only when the line would read differently,
 * for tmux's long-running #() mode. */
static bool print_if_changed(const lw_fleet *fl, size_t i, const lw_alerts *al, void *ctx)
{
	status_follow *f = ctx;
	if (!follow_keep(f->al, f->reported, fl, i, al))
		return true;   /* at start: one line once every project is checked */
	strbuf line;
	strbuf_init(&line);
	render(&line, fl, f->al, f->style, f->fmt, NULL);
	bool ok = true;
	if (!f->last.buf || strcmp(f->last.buf, line.buf) != 0) {
		ok = fwrite(line.buf, 1, line.len, stdout) == line.len && fflush(stdout) == 0;
		strbuf_reset(&f->last);
		strbuf_add(&f->last, line.buf, line.len);
	}
	strbuf_free(&line);
	return ok;
}

static int cmd_status(const lw_opts *o, const cli_args *a)
{
	bool follow = cli_args_has(a, "follow");
	const char *fmt = cli_args_value(a, "format");
	/* Two styles at once: say so rather than silently pick one. */
	if (cli_args_has(a, "json") && cli_args_has(a, "tmux")) {
		cli_error("status: --json and --tmux do not go together (choose one)");
		return EXIT_USAGE;
	}
	status_style style = cli_args_has(a, "json") ? STATUS_JSON : cli_args_has(a, "tmux") ? STATUS_TMUX : STATUS_PLAIN;
	if (style == STATUS_JSON && fmt) {
		cli_error("status: --format does not apply to --json (JSON has no template)");
		return EXIT_USAGE;
	}
	if (cli_args_max(a, 0))
		return EXIT_USAGE;
	char why[600];
	if (lw_status_format_check(fmt, why, sizeof why)) {
		cli_error("status: --format %s: %s", fmt, why);
		return EXIT_USAGE;
	}
	/* --format, else the config's template for this style (tmux falls back
	 * to the plain one); JSON has no template. */
	if (!fmt && style == STATUS_TMUX)
		fmt = o->cfg->status_tmux_format ? o->cfg->status_tmux_format : o->cfg->status_format;
	else if (!fmt && style == STATUS_PLAIN)
		fmt = o->cfg->status_format;
	/* tmux runs this every few seconds and shows no stderr: a commit record
	 * recovery refuses is said by every other command, not here. */
	if (style == STATUS_TMUX)
		txn_report_set(TXN_REPORT_QUIET);
	if (follow)
		status_cache_abandon();   /* a long run keeps no record of its reads */
	lw_fleet fl;
	cli_missing miss = { .n = 0 };
	/* On the tmux bar a folder with no state yet says so, plainly: it is
	 * not a missing project (red) but one whose agents have not started. */
	if (follow ? cli_open_fleet(o, &fl, true) : cli_open_fleet_missing(o, &fl, style == STATUS_TMUX, &miss)) {
		/* Even then the bar shows something: a blank one hides the mistake. */
		if (style == STATUS_TMUX)
			puts("#[fg=white,bg=red,bold]liza-watch: no project#[default]");
		else if (style == STATUS_JSON)
			puts("{\"ok\": false, \"error\": \"no project\"}");
		return EXIT_UNREADABLE;
	}
	lw_alerts *al = lw_alerts_array(fl.n);
	int rc = miss.n ? EXIT_UNREADABLE : EXIT_OK;
	if (follow) {
		status_follow f = { .style = style, .fmt = fmt, .al = al, .reported = calloc(fl.n, sizeof(bool)) };
		strbuf_init(&f.last);
		rc = follow_run(o, &fl, print_if_changed, &f);
		strbuf_free(&f.last);
		free(f.reported);
	} else {
		time_t now = lw_now(), next = LW_NO_TIME;
		for (size_t i = 0; i < fl.n; i++) {
			lw_check_ctx ctx = { .now = now, .next_deadline = LW_NO_TIME, .out = &al[i], .th = &fl.v[i].cfg.th };
			lw_project_check(&fl.v[i].proj, &ctx);
			cli_acks_mark(&fl.v[i].proj, &al[i]);
			if (ctx.next_deadline != LW_NO_TIME && (next == LW_NO_TIME || ctx.next_deadline < next))
				next = ctx.next_deadline;
		}
		strbuf out;
		strbuf_init(&out);
		render(&out, &fl, al, style, fmt, &miss);
		bool written = fwrite(out.buf ? out.buf : "", 1, out.len, stdout) == out.len && fflush(stdout) == 0;
		if (written && out.len)
			status_cache_store(out.buf, out.len, now, next);
		strbuf_free(&out);
	}
	lw_alerts_array_free(al, fl.n);
	lw_fleet_free(&fl);
	cli_missing_free(&miss);
	return rc;
}

static const cli_option status_opts[] = {
	{ "tmux", 't', no_argument, NULL, "tmux styles, every # from a state file doubled" },
	{ "json", 'j', no_argument, NULL, "one JSON object" },
	{ "follow", 'f', no_argument, NULL, "a new line whenever the line changes" },
	{ "format", 'F', required_argument, "FMT",
	  "long (every system and lane) or a template: %S %B %Y %A %R %K %D %T %W %Q %c %w %i %a %P %L %%" },
	{ NULL, 0, 0, NULL, NULL },
};

const cli_command cmd_status_entry = {
	"status", "[--tmux|--json] [--follow] [--format FMT|long]", "one-line summary (tmux status line, scripts)",
	"--tmux alone fits tmux's default status-right-length of 40 columns, counts first\n"
	"(over every project, the CRIT naming its project); --format long names every\n"
	"project, system and lane.\n",
	status_opts, "", cmd_status, true, false,
};
