/* liza_log.h — appending to .liza/log.yaml the way the Liza scripts do
 * (`cat >>` of one `- timestamp: …` entry), shared by the operator's
 * transitions and the demo's simulated team. */
#ifndef LW_LIZA_LOG_H
#define LW_LIZA_LOG_H
#include "core/edit/edit.h"

/* Append one entry (pairs in order) to <dir>/log.yaml through the editor
 * and an atomic write. Call with the state lock held. Returns STORE_OK (also
 * when the log is not a block sequence: not the scripts' shape, left
 * alone), STORE_ENOENT (no log.yaml: nothing created), or STORE_ERR. */
int liza_log_append(const char *dir, const edit_pair *entry, size_t n, lw_error *err);

#endif
