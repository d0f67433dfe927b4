/* userdirs.h — the user's own folders (config, state, cache), named from
 * HOME and the XDG Base Directory variables in one place, so that no caller
 * reads those variables itself.
 *
 * The spec: "All paths set in these environment variables must be absolute.
 * If an implementation encounters a relative path in any of these variables
 * it should consider the path invalid and ignore it." A relative HOME is not
 * used either: with HOME=. (or HOME=rel) every ~-path would land in the
 * working folder — a project, when run as `cd proj && liza-watch` — and a
 * project's files are untrusted input, never the user's config nor a place
 * for the user's own records. A relative value is ignored, as if unset, and
 * said once (lw_user_dirs_complaint).
 *
 * Each folder is the one for liza-watch ("…/liza-watch"), not yet created. */
#ifndef LW_USERDIRS_H
#define LW_USERDIRS_H
#include <stdbool.h>
#include <stddef.h>

/* $HOME when absolute, else NULL (unset, empty or relative). For "~"
 * in what the user typed and for showing paths as "~/…". */
const char *lw_user_home(void);

/* The user's config folder: $XDG_CONFIG_HOME/liza-watch, else
 * $HOME/.config/liza-watch. false (out "") when neither is absolute. */
bool lw_user_config_dir(char *out, size_t n);

/* The user's STATE folder: $XDG_STATE_HOME/liza-watch, else
 * $HOME/.local/state/liza-watch. What liza-watch keeps for this user across
 * runs and must never keep in a project: the acknowledgements (acks), and
 * secrets such as a key file (make those 0600 in a 0700 folder). false
 * (out "") when neither is absolute: then there is no such folder and
 * nothing may be written in its place. */
bool lw_user_state_dir(char *out, size_t n);

/* The status cache's folder: $XDG_RUNTIME_DIR/liza-watch, else
 * $XDG_CACHE_HOME/liza-watch, else $HOME/.cache/liza-watch. false when
 * none is absolute. */
bool lw_user_cache_dir(char *out, size_t n);

/* Once per process: the text of the first relative variable met while
 * naming a folder ("HOME is relative (\".\"): ignored …"), else NULL. The
 * caller that makes it seen (a config warning, an error) takes it. */
const char *lw_user_dirs_complaint(void);

#endif
