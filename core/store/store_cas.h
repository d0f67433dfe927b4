/* store_cas.h — store_update for files whose other writers do not take our
 * lock (the AoT loop's Python and sed, oh-my-codex's writeFile): after the
 * edit, the file is read once more just before our rename, and when it
 * changed meanwhile the whole read-edit is redone on the new bytes. The
 * lock orders us against every cooperating writer; this narrows the window
 * left with the others to the rename itself.
 *
 * Edit callbacks of the transitions share these return codes beside
 * store.h's: nothing is written for any of them. */
#ifndef LW_STORE_CAS_H
#define LW_STORE_CAS_H
#include "core/store/store.h"

enum {
	EDIT_DENIED = 16,         /* the transition was refused (the caller's result says why) */
	EDIT_NOCHANGE = 17,       /* nothing to do in this file */
	EDIT_RETRY = 18,          /* internal: the file changed under the edit */
};

#define STORE_CAS_TRIES 5

int store_update_cas(const char *path, store_edit_fn edit, void *ctx, lw_error *err);

#endif
