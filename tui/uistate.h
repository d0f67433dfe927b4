/* uistate.h — the HUD remembers how it was left (issue 39): the view, the
 * sorts, the filter, the project narrowed to, the focused pane and the zoom,
 * per list of projects, in the user's state folder
 * ($XDG_STATE_HOME/liza-watch/ui-HASH, HASH of the sorted canonical roots),
 * never in a project. The file is versioned `key value` lines; a key not
 * known is skipped, so a later version's additions do not break an older
 * reader of the same version. Read at start, written atomically on quit; a
 * file that is not a regular file of the user's own, too big, corrupt or from
 * a newer version is ignored with one message (and left as it is). The same
 * careful reading and writing serves the : line's history (cmdline.c). */
#ifndef LW_UISTATE_H
#define LW_UISTATE_H
#include <stdbool.h>
#include <stddef.h>
#include "tui/hud.h"

enum { UISTATE_VERSION = 1, UISTATE_MAX_BYTES = 16384 };

typedef struct uistate {
	bool table;               /* the table view (else the lanes) */
	int sort_col[2];          /* tui/sort.h: [SORT_TABLE], [SORT_ALERTS]; 0 none */
	bool sort_desc[2];
	char filter[128];
	char project[LW_LABEL_MAX];   /* "" every project */
	char focus[32];           /* a pane's name ("board") */
	char zoom[32];            /* the pane zoom, as tui/ names it; "" none */
	int hide;                 /* how many panes _ hid (tui/zoom.h), 0 to ZOOM_HIDE_MAX */
} uistate;

/* Parse a file's text: 0, or -1 with why ("corrupt at line 3: ...", "from a
 * newer version (2)"). Unknown keys are skipped; bad values are errors. */
int  uistate_parse(const char *text, uistate *out, char *why, size_t n);
/* The file's text; false when a value cannot be written as one line. */
bool uistate_render(const uistate *s, strbuf *out);

/* A user state file read with care: 0 with *buf (malloc'd), 1 when missing,
 * -1 with why (a link, not a regular file, not the user's, bigger than max). */
int  uistate_read_file(const char *path, size_t max, char **buf, char *why, size_t n);
/* Written atomically (temp and rename) beside what is there; a link or a
 * file not the user's is left alone: -1 with why. */
int  uistate_write_file(const char *path, const char *buf, size_t len, char *why, size_t n);
/* $XDG_STATE_HOME/liza-watch/NAME: false when there is no state folder. */
bool uistate_user_file(const char *name, char *out, size_t n);
/* The state file of this list of projects. */
bool uistate_path(const lw_fleet *f, char *out, size_t n);

/* From the HUD and back. Load puts a reason for ignoring the file in warn
 * (one line, appended) and applies what it read: a filter that hides tasks
 * is never restored without a word (said). */
void uistate_from_hud(const hud *h, uistate *s);
void uistate_to_hud(hud *h, const uistate *s);
/* said gets what was restored that changes what is shown ("restored:
 * table sorted by id v, filter 'x' (--reset-ui starts fresh)"), or "". */
void uistate_load(hud *h, char *warn, size_t n, char *said, size_t said_n);
void uistate_save(const hud *h);

#endif
