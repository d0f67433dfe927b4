/* lizago_ownpause.c — tells the operator's own pause from one that came
 * from elsewhere (Liza's TUI, `liza pause`, another user), so the screen
 * can say "paused by you 2m ago — p resumes" instead of raising it as a
 * new alarm. The proof is the user's journal (core/model/journal.h, in
 * $XDG_STATE_HOME, never in the project): a project's files could claim
 * anything. Anything that does not match exactly is not ours. */
#include "systems/liza/go/lizago_ownpause.h"
#include "core/model/journal.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The last Liza lever line of root in buf: its time, event, who and result. */
typedef struct lever_line {
	long long t;
	char event[32], who[128], result[16];
	bool found;
} lever_line;

static bool is_lever(const char *ev)
{
	return !strcmp(ev, "pause") || !strcmp(ev, "resume") || !strcmp(ev, "abort") || !strcmp(ev, "checkpoint");
}

static void scan(char *buf, const char *root, lever_line *last)
{
	for (char *line = buf, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (!next)
			break;   /* a torn last line is not read */
		*next++ = '\0';
		char *f[8];
		size_t k = 0;
		for (char *s = line; k < 8; s++) {
			f[k++] = s;
			s = strchr(s, '\t');
			if (!s)
				break;
			*s = '\0';
		}
		if (k != 8 || strcmp(f[0], "lw1") != 0 || strcmp(f[2], root) != 0 || strcmp(f[3], "liza") != 0 ||
		    strcmp(f[4], "-") != 0 || !is_lever(f[5]) || strcmp(f[7], "done") != 0)
			continue;
		last->t = strtoll(f[1], NULL, 10);
		snprintf(last->event, sizeof last->event, "%s", f[5]);
		snprintf(last->who, sizeof last->who, "%s", f[6]);
		snprintf(last->result, sizeof last->result, "%s", f[7]);
		last->found = true;
	}
}

/* The journal file at path, read whole (it is bounded: LW_JOURNAL_MAX_BYTES). */
static char *slurp(const char *path)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	struct stat sb;
	char *buf = NULL;
	if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size <= 2 * (off_t)LW_JOURNAL_MAX_BYTES &&
	    (buf = malloc((size_t)sb.st_size + 1))) {
		ssize_t got = read(fd, buf, (size_t)sb.st_size);
		if (got < 0) {
			free(buf);
			buf = NULL;
		} else {
			buf[got] = '\0';
		}
	}
	close(fd);
	return buf;
}

bool lizago_own_pause(const char *liza_dir, const doc_node *config, time_t *at)
{
	const char *mode = doc_str(doc_get(config, "mode"));
	const char *by = doc_str(doc_get(config, "mode_changed_by"));
	time_t changed;
	if (!mode || strcmp(mode, "PAUSED") != 0 || !by || doc_time(doc_get(config, "mode_changed_at"), &changed) != DOC_OK)
		return false;
	char project[LW_PATH_MAX], root[LW_PATH_MAX], path[LW_PATH_MAX], older[LW_PATH_MAX + 2];
	snprintf(project, sizeof project, "%s", liza_dir);
	char *slash = strrchr(project, '/');
	if (slash && slash != project)
		*slash = '\0';
	else
		snprintf(project, sizeof project, "%s", slash ? "/" : ".");
	if (!lw_journal_path(project, path, sizeof path) || lw_realpath(project, root, sizeof root) < 0)
		return false;
	lever_line last = { 0 };
	snprintf(older, sizeof older, "%s.1", path);
	const char *files[2] = { older, path };   /* the rotated one is older */
	for (int i = 0; i < 2; i++) {
		char *buf = slurp(files[i]);
		if (buf)
			scan(buf, root, &last);
		free(buf);
	}
	if (!last.found || strcmp(last.event, "pause") != 0 || last.t != (long long)changed || strcmp(last.who, by) != 0)
		return false;
	*at = changed;
	return true;
}
