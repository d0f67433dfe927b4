/* cmd_complete.c — `__tasks`, hidden: the task names of the project, one
 * per line, qualified ("liza:task-3") then bare, for the shell completions
 * of approve, reject and transition. It asks the project as it is now, so a
 * task added a moment ago completes. Silent on any error (a completion must
 * never print into the user's command line). */
#include "cli/cli.h"
#include "core/model/adapter.h"
#include "core/util/escape.h"
#include <stdio.h>
#include <string.h>

/* A name a shell word can hold as it is: anything else is left out rather
 * than completed into something else. */
static bool plain(const char *s)
{
	if (!s || !*s)
		return false;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p <= ' ' || *p == 0x7f || strchr("'\"\\$`;&|<>()*?[]{}!#~", *p))
			return false;
	return true;
}

int cmd_complete_tasks(const lw_opts *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	lw_project p;
	lw_error err;
	lw_error_clear(&err);
	if (lw_project_open(&p, o->dir, &err) < 0)
		return EXIT_UNREADABLE;
	lw_project_load_all(&p);
	for (size_t s = 0; s < p.n; s++) {
		const lw_snapshot *g = p.src[s].good;
		for (size_t i = 0; g && i < g->ntasks; i++)
			if (plain(g->tasks[i].id) && plain(g->tasks[i].system))
				printf("%s:%s\n%s\n", g->tasks[i].system, g->tasks[i].id, g->tasks[i].id);
	}
	lw_project_close(&p);
	return fflush(stdout) == 0 ? EXIT_OK : EXIT_IO;
}
