/* reload.c — the in-process cost of one reload, next to libyaml's floor.
 *
 *   reload [-w WARMUP] [-n MAXITERS] [-t SECONDS] LIZA_DIR NOW
 *
 * LIZA_DIR is a `.liza` folder, NOW the fixed clock (ISO 8601 UTC). Each
 * iteration times, with CLOCK_MONOTONIC and in rotating order (so drift and
 * cache warmth fall on all of them alike):
 *
 *   reload      lw_snapshot_new → liza_load (reads state.yaml and log.yaml,
 *               builds the trees, types the state, projects the model) →
 *               liza_check at NOW → free everything. What the watcher does
 *               on every change.
 *   parse_read  the floor, fairly: read both files (lw_read_file, the same
 *               open/fstat/read the loader uses) and run libyaml's event
 *               loop over them (yaml_parser_parse + yaml_event_delete,
 *               nothing else), then free the buffers.
 *   parse_mem   the same event loop over bytes already in memory.
 *   tree        doc_parse of the in-memory bytes: the node tree alone, no
 *               read, no typing, no checks (shows where reload's excess over
 *               the floor goes: tree building versus loading and checking).
 *
 * Iterations stop at MAXITERS, or once SECONDS have passed and at least five
 * (or MAXITERS, when smaller) were made. For a profiler, `-w 0 -n 1` times a
 * single round. It prints one line of key=value pairs with the medians, and
 * reload's 99th percentile (the machine's own jitter on the same work, next
 * to the HUD's write→screen p99):
 *   iters=N reload_ms=… parse_read_ms=… parse_mem_ms=… tree_ms=… tasks=… alerts=… bytes=…
 *   reload_p99_ms=…
 */
#include "systems/liza/shell/liza.h"
#include "systems/liza/shell/liza_check.h"
#include "systems/liza/shell/liza_tx.h"
#include "core/util/fileio.h"
#include "core/util/memtune.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>
#include "bench/bench_time.h"

#define MAX_ITERS 2000
enum { M_RELOAD, M_PARSE_READ, M_PARSE_MEM, M_TREE, M_COUNT };

typedef struct input {
	char path[2][LW_PATH_MAX];
	char *buf[2];
	size_t len[2];
	time_t now;
	size_t tasks, alerts;
} input;

static void die(const char *what, const lw_error *err)
{
	char msg[1200];
	fprintf(stderr, "reload: %s: %s\n", what, err ? lw_error_format(err, msg, sizeof msg) : "failed");
	exit(1);
}

/* libyaml's floor: events in, events freed, nothing kept. The encoding is
 * set as doc.c sets it, so both skip the same detection step. */
static size_t bare_parse(const char *buf, size_t len)
{
	yaml_parser_t p;
	yaml_event_t e;
	size_t events = 0;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
	for (;;) {
		if (!yaml_parser_parse(&p, &e)) {
			fprintf(stderr, "reload: libyaml: %s\n", p.problem ? p.problem : "parse error");
			exit(1);
		}
		int done = e.type == YAML_STREAM_END_EVENT;
		yaml_event_delete(&e);
		events++;
		if (done)
			break;
	}
	yaml_parser_delete(&p);
	return events;
}

static void run_reload(input *in, const char *dir)
{
	lw_error err;
	lw_error_clear(&err);
	lw_snapshot *snap = lw_snapshot_new();
	if (liza_load(dir, NULL, snap, &err) < 0)
		die(dir, &err);
	lw_alerts al;
	lw_alerts_init(&al);
	lw_check_ctx ctx = { .now = in->now, .next_deadline = LW_NO_TIME, .out = &al };
	liza_check(snap->sys, snap, &ctx);
	in->tasks = snap->ntasks;
	in->alerts = al.n;
	lw_alerts_free(&al);
	lw_snapshot_free(snap);
}

static void run_parse_read(input *in)
{
	for (int f = 0; f < 2; f++) {
		char *buf;
		size_t len;
		lw_error err;
		if (lw_read_file(in->path[f], doc_default_limits.max_bytes, &buf, &len, &err) != LW_READ_OK)
			die(in->path[f], &err);
		bare_parse(buf, len);
		free(buf);
	}
}

static void run_tree(input *in)
{
	for (int f = 0; f < 2; f++) {
		doc d;
		lw_error err;
		if (doc_parse(&d, in->buf[f], in->len[f], in->path[f], NULL, &err) < 0)
			die(in->path[f], &err);
		doc_free(&d);
	}
}

static double measure(input *in, const char *dir, int which)
{
	double t0 = bench_now_ms();
	switch (which) {
	case M_RELOAD: run_reload(in, dir); break;
	case M_PARSE_READ: run_parse_read(in); break;
	case M_PARSE_MEM: bare_parse(in->buf[0], in->len[0]); bare_parse(in->buf[1], in->len[1]); break;
	default: run_tree(in); break;
	}
	return bench_now_ms() - t0;
}

static double median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, bench_cmp_ms);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
	lw_memory_tune();   /* as liza-watch does: measure what users run */
	double budget_s = 5;
	long maxiters = 200, warmup = 2;
	int c;
	while ((c = getopt(argc, argv, "w:t:n:")) != -1) {
		switch (c) {
		case 'w': warmup = atol(optarg); break;
		case 't': budget_s = atof(optarg); break;
		case 'n': maxiters = atol(optarg); break;
		default: goto usage;
		}
	}
	if (argc - optind != 2 || maxiters < 1 || maxiters > MAX_ITERS)
		goto usage;
	const char *dir = argv[optind];
	input in = { 0 };
	if (lw_parse_time(argv[optind + 1], &in.now) < 0)
		goto usage;
	static const char *const names[2] = { "state.yaml", "log.yaml" };
	for (int f = 0; f < 2; f++) {
		lw_error err;
		lw_path_join(in.path[f], sizeof in.path[f], dir, names[f]);
		if (lw_read_file(in.path[f], doc_default_limits.max_bytes, &in.buf[f], &in.len[f], &err) != LW_READ_OK)
			die(in.path[f], &err);
	}

	/* Warm-up: fault the allocator's arenas in, load the page cache. */
	for (long w = 0; w < warmup; w++)
		for (int m = 0; m < M_COUNT; m++)
			measure(&in, dir, m);

	static double t[M_COUNT][MAX_ITERS];
	long n = 0;
	double start = bench_now_ms();
	long minimum = maxiters < 5 ? maxiters : 5;
	while (n < maxiters && (n < minimum || bench_now_ms() - start < budget_s * 1e3)) {
		for (int k = 0; k < M_COUNT; k++) {
			int m = (int)((k + n) % M_COUNT);
			t[m][n] = measure(&in, dir, m);
		}
		n++;
	}
	printf("iters=%ld reload_ms=%.4f parse_read_ms=%.4f parse_mem_ms=%.4f tree_ms=%.4f tasks=%zu alerts=%zu "
	       "bytes=%zu",
	       n, median(t[M_RELOAD], (size_t)n), median(t[M_PARSE_READ], (size_t)n),
	       median(t[M_PARSE_MEM], (size_t)n), median(t[M_TREE], (size_t)n), in.tasks, in.alerts,
	       in.len[0] + in.len[1]);
	/* median() sorted the times: nearest rank, as bench/latency.c takes it */
	printf(" reload_p99_ms=%.4f\n", t[M_RELOAD][(n * 99 + 99) / 100 - 1]);
	free(in.buf[0]);
	free(in.buf[1]);
	return 0;
usage:
	fputs("usage: reload [-w WARMUP] [-n MAXITERS] [-t SECONDS] LIZA_DIR NOW   (NOW as 2026-03-02T12:00:00Z)\n",
	      stderr);
	return 2;
}
