/* metrics.c — see metrics.h. Families are written one after another, each
 * with its HELP and TYPE lines and then every project's samples, because the
 * text format requires a family's samples to stand together. */
#include "cli/metrics.h"
#include "core/util/escape.h"
#include "core/util/timeparse.h"
#include <string.h>

static void family(strbuf *out, const char *name, const char *help)
{
	strbuf_printf(out, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
}

/* name{project="…",system="…"[,k="v"]} */
static void sample_start(strbuf *out, const char *name, const metrics_input *in, const lw_source *s)
{
	strbuf_printf(out, "%s{project=", name);
	esc_prom_label(out, in->name);
	strbuf_adds(out, ",system=");
	esc_prom_label(out, s->adapter->name);
}

static void label(strbuf *out, const char *k, const char *v)
{
	strbuf_printf(out, ",%s=", k);
	esc_prom_label(out, v);
}

static void value_ll(strbuf *out, long long v) { strbuf_printf(out, "} %lld\n", v); }

/* The tasks a metric counts: those of the last good snapshot (a stale one
 * still says what the board shows). */
static const lw_snapshot *shown(const lw_source *s) { return s->good; }

typedef struct per_system {
	long long awaiting, near_iter, near_review, at_iter, at_review;
	long long oldest_wait;      /* seconds; -1 when nothing waits */
} per_system;

static per_system summarize(const lw_snapshot *snap, time_t now, long long warn_below)
{
	per_system r = { .oldest_wait = -1 };
	for (size_t t = 0; snap && t < snap->ntasks; t++) {
		const lw_task *k = &snap->tasks[t];
		if (k->lane == LANE_DONE)
			continue;
		if (k->awaiting_operator) {
			r.awaiting++;
			time_t since = k->waiting_since;
			if (since != LW_NO_TIME && since > 0 && now >= since && now - since > r.oldest_wait)
				r.oldest_wait = now - since;
			else if (r.oldest_wait < 0)
				r.oldest_wait = 0;
		}
		/* "Near" is where the checks start to warn: warn_below under the cliff. */
		if (k->iteration_max > 0 && k->iteration >= 0) {
			if (k->iteration >= k->iteration_max) r.at_iter++;
			else if (k->iteration >= k->iteration_max - warn_below) r.near_iter++;
		}
		if (k->review_max > 0 && k->review_cycles >= 0) {
			if (k->review_cycles >= k->review_max) r.at_review++;
			else if (k->review_cycles >= k->review_max - warn_below) r.near_review++;
		}
	}
	return r;
}

/* Alerts of one system at one level, or with one code. */
static long long count_alerts(const lw_alerts *al, const char *system, int level, const char *code)
{
	long long n = 0;
	for (size_t i = 0; al && i < al->n; i++)
		if (strcmp(al->v[i].system, system) == 0 && (level < 0 || (int)al->v[i].level == level) &&
		    (!code || strcmp(al->v[i].code, code) == 0))
			n++;
	return n;
}

#define EACH_SOURCE(in, n, i, s, j) \
	for (size_t i = 0; i < (n); i++) \
		for (size_t j = 0; j < (in)[i].project->n; j++) \
			for (const lw_source *s = &(in)[i].project->src[j]; s; s = NULL)

void metrics_write(strbuf *out, const metrics_input *in, size_t n, time_t now, const lw_thresholds *th)
{
	if (!th)
		th = lw_thresholds_builtin();
	family(out, "liza_watch_source_up", "Whether the system's state loaded at the last reload (1) or failed (0).");
	EACH_SOURCE(in, n, i, s, j) {
		sample_start(out, "liza_watch_source_up", &in[i], s);
		value_ll(out, !s->failed);
	}
	/* A project whose folder does not open has no system to name: one
	 * sample with an empty system, 0, so the alert rule on source_up fires. */
	for (size_t i = 0; i < n; i++)
		if (in[i].project->unreadable) {
			strbuf_adds(out, "liza_watch_source_up{project=");
			esc_prom_label(out, in[i].name);
			strbuf_adds(out, ",system=\"\"");
			value_ll(out, 0);
		}
	family(out, "liza_watch_source_stale", "1 when the last load failed and the last good state is shown instead.");
	EACH_SOURCE(in, n, i, s, j) {
		sample_start(out, "liza_watch_source_stale", &in[i], s);
		value_ll(out, s->failed && s->good);
	}
	family(out, "liza_watch_source_loaded_timestamp_seconds", "When the state last loaded, as Unix time (0: never).");
	EACH_SOURCE(in, n, i, s, j) {
		sample_start(out, "liza_watch_source_loaded_timestamp_seconds", &in[i], s);
		value_ll(out, s->good ? (long long)s->loaded_at : 0);
	}
	family(out, "liza_watch_tasks", "Tasks by board lane.");
	EACH_SOURCE(in, n, i, s, j) {
		long long lanes[LANE_COUNT] = { 0 };
		for (size_t t = 0; shown(s) && t < shown(s)->ntasks; t++)
			lanes[shown(s)->tasks[t].lane]++;
		for (int l = 0; l < LANE_COUNT; l++) {
			sample_start(out, "liza_watch_tasks", &in[i], s);
			label(out, "lane", lw_lane_name((lw_lane)l));
			value_ll(out, lanes[l]);
		}
	}
	family(out, "liza_watch_alerts", "Alerts by level.");
	EACH_SOURCE(in, n, i, s, j) {
		for (int l = LW_CRIT; l >= LW_INFO; l--) {
			sample_start(out, "liza_watch_alerts", &in[i], s);
			label(out, "level", lw_level_name((lw_level)l));
			value_ll(out, count_alerts(in[i].alerts, s->adapter->name, l, NULL));
		}
	}
	family(out, "liza_watch_alerts_by_code", "Alerts by code and level (codes present now only).");
	EACH_SOURCE(in, n, i, s, j) {
		const lw_alerts *al = in[i].alerts;
		for (size_t a = 0; al && a < al->n; a++) {
			const lw_alert *x = &al->v[a];
			if (strcmp(x->system, s->adapter->name) != 0)
				continue;
			/* First alert of its (code, level) in this system: count them all once. */
			bool first = true;
			for (size_t b = 0; b < a && first; b++)
				first = !(strcmp(al->v[b].system, x->system) == 0 && strcmp(al->v[b].code, x->code) == 0 &&
				          al->v[b].level == x->level);
			if (!first)
				continue;
			long long c = 0;
			for (size_t b = a; b < al->n; b++)
				c += strcmp(al->v[b].system, x->system) == 0 && strcmp(al->v[b].code, x->code) == 0 &&
				     al->v[b].level == x->level;
			sample_start(out, "liza_watch_alerts_by_code", &in[i], s);
			label(out, "code", x->code);
			label(out, "level", lw_level_name(x->level));
			value_ll(out, c);
		}
	}
	static const struct { const char *name, *help; } per[] = {
		{ "liza_watch_tasks_awaiting_review", "Tasks waiting for an operator's approve or reject." },
		{ "liza_watch_review_oldest_wait_seconds", "How long the longest-waiting task has waited for review (0: none, or unknown)." },
		{ "liza_watch_tasks_near_iteration_limit", "Open tasks within the warning distance of their iteration cliff." },
		{ "liza_watch_tasks_at_iteration_limit", "Open tasks at or past their iteration cliff." },
		{ "liza_watch_tasks_near_review_limit", "Open tasks within the warning distance of their review-cycle cliff." },
		{ "liza_watch_tasks_at_review_limit", "Open tasks at or past their review-cycle cliff." },
	};
	for (size_t f = 0; f < sizeof per / sizeof *per; f++) {
		family(out, per[f].name, per[f].help);
		EACH_SOURCE(in, n, i, s, j) {
			per_system r = summarize(shown(s), now, th->warn_below);
			long long v[] = { r.awaiting, r.oldest_wait < 0 ? 0 : r.oldest_wait, r.near_iter, r.at_iter,
			                  r.near_review, r.at_review };
			sample_start(out, per[f].name, &in[i], s);
			value_ll(out, v[f]);
		}
	}
}
