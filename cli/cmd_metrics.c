/* cmd_metrics.c — `metrics [--output FILE] [--follow]`: the Prometheus text
 * exposition of the project (cli/metrics.h), for node_exporter's
 * textfile collector. With --output the file is replaced atomically (a temp
 * file in the same folder, renamed over it), as the collector's
 * documentation asks, so a scrape never reads it half-written; --follow
 * keeps it current, rewriting it only when a value changed. */
#include "cli/cli.h"
#include "cli/follow.h"
#include "core/model/adapter.h"
#include "core/model/config.h"
#include "core/model/fleet.h"
#include "cli/metrics.h"
#include "core/store/store.h"
#include "core/util/timeparse.h"
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct metrics_out {
	const lw_opts *o;
	const char *path;           /* NULL: stdout */
	lw_alerts *al;              /* per project: its alerts at the last check */
	bool *reported;             /* per project: checked at least once */
	strbuf last;                /* what was written last (--follow) */
	int rc;
} metrics_out;

/* Write the exposition of every project, unless it reads as last time. */
static bool write_all(const lw_fleet *f, metrics_out *m)
{
	metrics_input *in = calloc(f->n, sizeof *in);
	if (!in)
		return false;
	for (size_t i = 0; i < f->n; i++)
		in[i] = (metrics_input){ .name = f->v[i].label, .project = &f->v[i].proj, .alerts = &m->al[i] };
	strbuf text;
	strbuf_init(&text);
	metrics_write(&text, in, f->n, lw_now(), &f->v[0].cfg.th);
	free(in);
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

/* --follow: project i changed; its alerts replace the ones kept for it. */
static bool on_change(const lw_fleet *f, size_t i, const lw_alerts *al, void *ctx)
{
	metrics_out *m = ctx;
	if (!follow_keep(m->al, m->reported, f, i, al))
		return true;   /* at start: one exposition once every project is checked */
	return write_all(f, m);
}

static int cmd_metrics(const lw_opts *o, const cli_args *a)
{
	metrics_out m = { .o = o, .rc = EXIT_OK, .path = cli_args_value(a, "output") };
	bool follow = cli_args_has(a, "follow");
	if (cli_args_max(a, 0))
		return EXIT_USAGE;
	if (follow && !m.path) {
		cli_error("metrics: --follow needs --output FILE (the textfile collector reads a file)");
		return EXIT_USAGE;
	}
	lw_fleet f;
	if (cli_open_fleet(o, &f, follow) < 0)
		return EXIT_UNREADABLE;
	strbuf_init(&m.last);
	m.al = lw_alerts_array(f.n);
	m.reported = calloc(f.n, sizeof *m.reported);
	int rc;
	if (follow) {
		rc = follow_run(o, &f, on_change, &m);
	} else {
		for (size_t i = 0; i < f.n; i++) {
			lw_check_ctx ctx = { .now = lw_now(), .next_deadline = LW_NO_TIME, .out = &m.al[i],
			                     .th = &f.v[i].cfg.th };
			lw_project_check(&f.v[i].proj, &ctx);
			lw_alerts_sort(&m.al[i]);
		}
		rc = write_all(&f, &m) ? EXIT_OK : EXIT_IO;
		/* The exposition says source_up 0 for a folder that did not
		 * open; the exit code says it too, as check's does. */
		for (size_t i = 0; rc == EXIT_OK && i < f.n; i++)
			if (f.v[i].proj.unreadable)
				rc = EXIT_UNREADABLE;
	}
	if (m.rc != EXIT_OK)
		rc = m.rc;
	lw_alerts_array_free(m.al, f.n);
	free(m.reported);
	strbuf_free(&m.last);
	lw_fleet_free(&f);
	return rc;
}

static const cli_option metrics_opts[] = {
	{ "output", 'o', required_argument, "FILE", "replace FILE atomically instead of printing" },
	{ "follow", 'f', no_argument, NULL, "keep FILE current (with --output)" },
	{ NULL, 0, 0, NULL, NULL },
};

const cli_command cmd_metrics_entry = {
	"metrics", "[--output FILE] [--follow]", "Prometheus text format (node_exporter's textfile collector)",
	NULL, metrics_opts, "", cmd_metrics, true, false,
};
