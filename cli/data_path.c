/* data_path.c — finding the folders shipped with the program. The binary's
 * own folder comes first, so `./liza-watch demo` in a build tree uses that
 * tree's examples even when an older version is installed; LW_DATADIR (set
 * at build time from DATADIR) is where `make install` put them. */
#include "core/util/inputs.h"
#include "cli/cli.h"
#include "core/util/fileio.h"
#include "platform/platform.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The running binary's path, symlinks resolved: the platform's answer
 * (platform_self_exe). Where it has none (OpenBSD, PORTABLE): argv[0] as the
 * shell found it — a path when it holds a slash, else the first match on
 * $PATH. */
bool data_path_exe(const char *argv0, char *out, size_t n)
{
	if (platform_self_exe(out, n))
		return true;
	if (!argv0 || !*argv0)
		return false;
	char found[PATH_MAX], *real;
	if (strchr(argv0, '/')) {
		real = realpath(argv0, NULL);
	} else {
		const char *path = lw_getenv("PATH");
		real = NULL;
		for (const char *p = path ? path : ""; !real && *p;) {
			size_t len = strcspn(p, ":");
			if (len && (size_t)snprintf(found, sizeof found, "%.*s/%s", (int)len, p, argv0) < sizeof found &&
			    access(found, X_OK) == 0)
				real = realpath(found, NULL);
			p += len + (p[len] == ':');
		}
	}
	if (!real)
		return false;
	bool ok = strlen(real) < n;
	if (ok)
		strcpy(out, real);
	free(real);
	return ok;
}

static bool is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

bool data_path_find(const char *argv0, const char *name, char *out, size_t n, char *tried, size_t tn)
{
	char exe[LW_PATH_MAX];
	size_t used = 0;
	tried[0] = '\0';
	if (data_path_exe(argv0, exe, sizeof exe)) {
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(out, n, "%s/%s", exe[0] ? exe : "", name);
			if (is_dir(out))
				return true;
			used += (size_t)snprintf(tried, tn, "%s, ", out);
		}
	}
	snprintf(out, n, "%s/%s", LW_DATADIR, name);
	if (used < tn)
		snprintf(tried + used, tn - used, "%s", out);
	return is_dir(out);
}

void data_path_themes(const char *argv0, data_theme_dirs *d)
{
	size_t n = 0;
	const char *env = lw_getenv("LIZA_WATCH_THEMES");
	if (env && *env)
		snprintf(d->store[n++], LW_PATH_MAX, "%s", env);
	/* XDG: a relative XDG_CONFIG_HOME is invalid and is ignored (as the config's). */
	const char *xdg = lw_getenv("XDG_CONFIG_HOME"), *home = lw_getenv("HOME");
	if (xdg && xdg[0] == '/')
		snprintf(d->store[n++], LW_PATH_MAX, "%s/liza-watch/themes", xdg);
	else if (home && *home)
		snprintf(d->store[n++], LW_PATH_MAX, "%s/.config/liza-watch/themes", home);
	char tried[2 * LW_PATH_MAX];
	if (data_path_find(argv0, "themes", d->store[n], LW_PATH_MAX, tried, sizeof tried) &&
	    strcmp(d->store[n], LW_DATADIR "/themes") != 0)
		n++;
	snprintf(d->store[n++], LW_PATH_MAX, "%s", LW_DATADIR "/themes");
	for (size_t i = 0; i < n; i++)
		d->list[i] = d->store[i];
	d->list[n] = NULL;
}
