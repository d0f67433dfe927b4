/* userdirs.c — see userdirs.h. */
#include "core/util/userdirs.h"
#include "core/util/inputs.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
	bool scanned;
	bool said;           /* taken by a caller: never given again */
	char text[512];
} complaint;

/* Every variable of the spec, looked at once, so the one complaint names
 * each relative one whichever folder is asked for first. */
static void scan(void)
{
	static const char *const names[] = { "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
	                                     "XDG_DATA_HOME", "XDG_RUNTIME_DIR" };
	if (complaint.scanned)
		return;
	complaint.scanned = true;
	size_t n = 0, len = 0;
	char list[400] = "";
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		const char *v = lw_getenv(names[i]);
		if (!v || !*v || v[0] == '/' || len >= sizeof list)
			continue;
		int w = snprintf(list + len, sizeof list - len, "%s%s (\"%.60s\")", n ? ", " : "", names[i], v);
		len += w > 0 ? (size_t)w : 0;
		n++;
	}
	if (n)
		snprintf(complaint.text, sizeof complaint.text,
		         "%s %s relative: ignored, as the XDG Base Directory spec says (set %s to an absolute path)",
		         list, n > 1 ? "are" : "is", n > 1 ? "them" : "it");
}

/* The variable when absolute; NULL when unset or empty, or relative
 * (invalid: ignored, said once by lw_user_dirs_complaint). Recorded
 * (lw_getenv): a kept status line depends on where the user's files are. */
static const char *absolute(const char *name)
{
	const char *v = lw_getenv(name);
	if (!v || !*v)
		return NULL;
	scan();
	return v[0] == '/' ? v : NULL;
}

/* $xdg/liza-watch, else $HOME/home_sub/liza-watch. */
static bool user_dir(const char *xdg, const char *home_sub, char *out, size_t n)
{
	const char *x = absolute(xdg), *home = x ? NULL : absolute("HOME");
	int w = x ? snprintf(out, n, "%s/liza-watch", x)
	          : home ? snprintf(out, n, "%s/%s/liza-watch", home, home_sub) : -1;
	if (w < 0 || (size_t)w >= n) {
		if (n)
			out[0] = '\0';
		return false;
	}
	return true;
}

const char *lw_user_home(void)
{
	return absolute("HOME");
}

bool lw_user_config_dir(char *out, size_t n)
{
	return user_dir("XDG_CONFIG_HOME", ".config", out, n);
}

bool lw_user_state_dir(char *out, size_t n)
{
	return user_dir("XDG_STATE_HOME", ".local/state", out, n);
}

bool lw_user_cache_dir(char *out, size_t n)
{
	const char *rt = absolute("XDG_RUNTIME_DIR");
	if (rt) {
		int w = snprintf(out, n, "%s/liza-watch", rt);
		return w >= 0 && (size_t)w < n;
	}
	return user_dir("XDG_CACHE_HOME", ".cache", out, n);
}

const char *lw_user_dirs_complaint(void)
{
	scan();
	if (!complaint.text[0] || complaint.said)
		return NULL;
	complaint.said = true;
	return complaint.text;
}
