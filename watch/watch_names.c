/* watch_names.c — names that writers and editors create beside the real
 * file for a moment and that are never state: one glob per line, so adding
 * a writer's habit is one line. Only whole-directory watches consult it; a
 * file watched by name is matched by that name alone. */
#include "watch/watch.h"
#include <fnmatch.h>
#include <stddef.h>

/* mkstemp's XXXXXX and Python's tempfile draw from these; a bracket, not
 * "?", so that "sed_notes" or "tmp_settings" are still reported. */
#define AN "[[:alnum:]]"
#define PY "[a-z0-9_]"

static const char *const ignored_globs[] = {
	"*.tmp*",                            /* x.tmp, state.yaml.tmp.1234 (sed … > f.tmp.$$ && mv) */
	".*.sw[a-z]",                        /* vim swap files: .x.swp, .x.swo, … and the .swx probe */
	"*~",                                /* editor backups */
	"4913",                              /* vim's probe: may it create files here? */
	"sed" AN AN AN AN AN AN,             /* GNU sed -i (sedXXXXXX) */
	".!*!*",                             /* BSD sed -i (.!PID!name) */
	".#*",                               /* emacs lock links */
	"#*#",                               /* emacs auto-save */
	".*.lw-" AN AN AN AN AN AN,          /* our own store: .<name>.lw-XXXXXX */
	"*.lock",                            /* flock files beside the data (state.yaml.lock) */
	"tmp" PY PY PY PY PY PY PY PY,       /* Python tempfile.mkstemp, then os.replace */
};

bool watch_is_ignored_name(const char *name)
{
	if (!name || !*name)
		return true;
	for (size_t i = 0; i < sizeof ignored_globs / sizeof *ignored_globs; i++)
		if (fnmatch(ignored_globs[i], name, 0) == 0)
			return true;
	return false;
}
