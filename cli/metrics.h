/* metrics.h — the Prometheus text exposition (format 0.0.4, which
 * node_exporter's textfile collector and `promtool check metrics` read) of
 * one or more loaded projects: gauges per project and system, never per
 * task, so the number of series is bounded by projects × systems × lanes,
 * levels and alert codes (codes are the adapters' own fixed words).
 * A pure function of its inputs, so tests compare bytes. */
#ifndef LW_METRICS_H
#define LW_METRICS_H
#include "core/model/adapter.h"
#include "core/util/strbuf.h"

typedef struct metrics_input {
	const char *name;           /* the project label: its directory as given */
	const lw_project *project;
	const lw_alerts *alerts;    /* the project's alerts at now */
} metrics_input;

/* Every metric family once, each holding the samples of every project. */
void metrics_write(strbuf *out, const metrics_input *in, size_t n, time_t now, const lw_thresholds *th);

#endif
