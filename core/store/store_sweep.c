/* store_sweep.c — crash leftovers: a temp whose writer was killed between
 * creating and renaming it stays forever (tens of MB on a large state). Its
 * name carries the writer's pid, so the next writer removes it once that
 * process is gone; a live writer's temp is never touched. */
#include "core/store/store.h"
#include <dirent.h>
#include "core/util/fileio.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define JOURNAL_PREFIX ".liza-watch-tx."   /* core/txn/txn_journal.c: recovered, not swept */

long store_temp_pid(const char *b)
{
	if (!store_is_temp_name(b))
		return 0;
	const char *tag = strstr(b, ".lw-");
	const char *last = NULL;
	for (const char *p = tag; p; p = strstr(p + 1, ".lw-"))
		last = p;   /* the tag is the last ".lw-" */
	const char *d = last;
	while (d > b && d[-1] >= '0' && d[-1] <= '9')
		d--;
	if (d == last || d == b || d[-1] != '.')
		return 0;
	return strtol(d, NULL, 10);
}

static bool dead(long pid)
{
	return pid > 0 && pid != (long)getpid() && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

size_t store_sweep_dir(const char *dir)
{
	/* readdir itself: the shared listing hides dot names, and ours are. */
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	size_t n = 0;
	char p[LW_PATH_MAX];
	struct dirent *e;
	while ((e = readdir(d))) {
		const char *b = e->d_name;
		if (strncmp(b, JOURNAL_PREFIX, sizeof JOURNAL_PREFIX - 1) == 0 || !dead(store_temp_pid(b)))
			continue;
		if (store_unlink(lw_path_join(p, sizeof p, dir, b)) == 0)
			n++;
	}
	closedir(d);
	return n;
}
