/* progpath.c — see progpath.h. */
#include "core/util/progpath.h"
#include "core/util/inputs.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool lw_progpath_find(const char *word, const char *root, char *out, size_t n, char *why, size_t wn)
{
	char real_root[4096] = "", real[4096];
	if (root && !realpath(root, real_root))
		snprintf(real_root, sizeof real_root, "%s", root);
	size_t rl = strlen(real_root);
	const char *path = lw_getenv("PATH");
	if (!path || !*path)
		path = "/usr/bin:/bin";
	bool inside = false;
	for (const char *p = strchr(word, '/') ? NULL : path; ; p = strchr(p, ':') + 1) {
		size_t dl = p ? strcspn(p, ":") : 0;
		if (p && (dl == 0 || p[0] != '/')) {
			if (!p[dl])
				break;
			continue;   /* "", ".", "bin": relative to the folder it runs in */
		}
		int w = p ? snprintf(out, n, "%.*s/%s", (int)dl, p, word) : snprintf(out, n, "%s", word);
		struct stat st;
		if (w > 0 && (size_t)w < n && out[0] == '/' && stat(out, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(out, X_OK) == 0 && realpath(out, real)) {
			if (rl && strncmp(real, real_root, rl) == 0 && (real[rl] == '/' || real[rl] == '\0'))
				inside = true;   /* the project's own: never run; a later folder may hold the real one */
			else
				return true;
		}
		if (!p || !p[dl])
			break;
	}
	if (inside)
		snprintf(why, wn, "%s: found only inside the project: not run", word);
	else if (strchr(word, '/') && word[0] != '/')
		snprintf(why, wn, "%s: a relative path: not run (give an absolute one)", word);
	else
		snprintf(why, wn, "%s: not found in PATH's absolute folders", word);
	return false;
}

