/* resolve.c — TASK arguments: bare ids, system-qualified ids, system names. */
#include "core/model/adapter.h"
#include <stdio.h>
#include <string.h>

static const lw_task *find_in(const lw_source *s, const char *id)
{
	if (!s->good)
		return NULL;
	for (size_t i = 0; i < s->good->ntasks; i++)
		if (strcmp(s->good->tasks[i].id, id) == 0)
			return &s->good->tasks[i];
	return NULL;
}

int lw_project_resolve(const lw_project *p, const char *spec, const lw_source **src, const lw_task **task,
                       char *msg, size_t n)
{
	*src = NULL;
	*task = NULL;
	const char *colon = strchr(spec, ':');
	for (size_t i = 0; i < p->n; i++) {
		const char *name = p->src[i].adapter->name;
		size_t nl = strlen(name);
		bool whole = strcmp(spec, name) == 0;
		bool prefixed = colon && (size_t)(colon - spec) == nl && strncmp(spec, name, nl) == 0;
		if (!whole && !prefixed)
			continue;
		*src = &p->src[i];
		if (whole || !colon[1])
			return 0;   /* the system itself */
		*task = find_in(&p->src[i], colon + 1);
		if (!*task && p->src[i].adapter->open_subjects)
			return 0;   /* a name the adapter checks itself (an RCS mode) */
		if (!*task) {
			snprintf(msg, n, "%s has no task '%s'", name, colon + 1);
			return -1;
		}
		return 0;
	}
	if (colon) {
		snprintf(msg, n, "no system '%.*s' here (systems: ", (int)(colon - spec), spec);
		for (size_t i = 0; i < p->n; i++)
			snprintf(msg + strlen(msg), n - strlen(msg), "%s%s", i ? ", " : "", p->src[i].adapter->name);
		snprintf(msg + strlen(msg), n - strlen(msg), ")");
		return -1;
	}
	int found = 0;
	for (size_t i = 0; i < p->n; i++) {
		const lw_task *t = find_in(&p->src[i], spec);
		if (!t)
			continue;
		if (found++) {
			snprintf(msg, n, "'%s' names a task in %s and in %s: write %s:%s or %s:%s", spec,
			         (*src)->adapter->name, p->src[i].adapter->name, (*src)->adapter->name, spec,
			         p->src[i].adapter->name, spec);
			*src = NULL;
			*task = NULL;
			return -1;
		}
		*src = &p->src[i];
		*task = t;
	}
	if (!found) {
		snprintf(msg, n, "no task '%s' in any system here", spec);
		return -1;
	}
	return 0;
}
