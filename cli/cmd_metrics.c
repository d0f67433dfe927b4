/* cmd_metrics.c — `metrics [--output FILE] [--follow]`: the Prometheus text
 * exposition of the project (core/model/metrics.h), for node_exporter's
 * textfile collector. With --output the file is replaced atomically (a temp
 * file in the same folder, renamed over it), as the collector's
 * documentation asks, so a scrape never reads it half-written; --follow
 * keeps it current, rewriting it only when a value changed. */
#include "cli/cli.h"
#include "cli/follow.h"
#include "core/model/adapter.h"
#include "core/model/config.h"
#include "core/model/metrics.h"
#include "core/store/store.h"
#include "core/util/timeparse.h"
#include <getopt.h>
#include <stdio.h>
#include <string.h>

typedef struct metrics_out {
	const lw_opts *o;
	const char *path;           /* NULL: stdout */
	strbuf last;                /* what was written last (--follow) */
	int rc;
} metrics_out;

static bool emit(const lw_project *p, const lw_alerts *al, void *ctx)
{
	metrics_out *m = ctx;
	metrics_input in = { .name = m->o->dir, .project = p, .alerts = al };
	strbuf text;
	strbuf_init(&text);
	metrics_write(&text, &in, 1, lw_now(), &m->o->cfg->th);
	bool ok = true;
	if (m->last.buf && m->last.len == text.len && memcmp(m->last.buf, text.buf, text.len) == 0) {
		strbuf_free(&text);
		return true;
	}
	if (m->path) {
		lw_error err;
		lw_error_clear(&err);
		if (store_write_atomic(m->path, text.buf, text.len, &err) != STORE_OK) {
			char msg[1200];
			cli_error("metrics: %s", lw_error_format(&err, msg, sizeof msg));
			m->rc = EXIT_IO;
			ok = false;
		}
	} else {
		ok = fwrite(text.buf, 1, text.len, stdout) == text.len && fflush(stdout) == 0;
	}
	strbuf_reset(&m->last);
	strbuf_add(&m->last, text.buf, text.len);
	strbuf_free(&text);
	return ok;
}

int cmd_metrics(const lw_opts *o, int argc, char **argv)
{
	static const char usage[] = "usage: liza-watch metrics [--output FILE] [--follow]\n";
	metrics_out m = { .o = o, .rc = EXIT_OK };
	bool follow = false;
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "follow", no_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "o:f", longopts, NULL)) != -1) {
		if (c == 'o') m.path = optarg;
		else if (c == 'f') follow = true;
		else { fputs(usage, stderr); return EXIT_USAGE; }
	}
	if (optind < argc) {
		cli_error("metrics: unexpected argument '%s'", argv[optind]);
		return EXIT_USAGE;
	}
	if (follow && !m.path) {
		cli_error("metrics: --follow needs --output FILE (the textfile collector reads a file)");
		return EXIT_USAGE;
	}
	lw_project p;
	if (cli_open_project(o, &p) < 0)
		return EXIT_UNREADABLE;
	strbuf_init(&m.last);
	int rc;
	if (follow) {
		rc = follow_run(o, &p, emit, &m);
	} else {
		lw_alerts al;
		lw_alerts_init(&al);
		lw_check_ctx ctx = { .now = lw_now(), .next_deadline = LW_NO_TIME, .out = &al, .th = &o->cfg->th };
		lw_project_check(&p, &ctx);
		lw_alerts_sort(&al);
		rc = emit(&p, &al, &m) ? EXIT_OK : EXIT_IO;
		lw_alerts_free(&al);
	}
	if (m.rc != EXIT_OK)
		rc = m.rc;
	strbuf_free(&m.last);
	lw_project_close(&p);
	return rc;
}
