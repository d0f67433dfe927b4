/* journal.h — what the operator did through liza-watch (a transition, a
 * lever, a verdict; done, denied or failed), kept in the USER's state
 * folder ($XDG_STATE_HOME/liza-watch/journal/<fingerprint of the project's
 * canonical root>.log), never in the project: a file in the project could
 * be planted, and this is our own record. Several systems keep no log of
 * their own (a pause, an ACP approve, an RCS clear, an AoT redirect would
 * leave no trace); `events`, `events --follow` and the HUD's feed show
 * these lines among the files' events, as kind "operator".
 *
 * One line per action, tab-separated, appended with one write(2):
 *   lw1 <unix time> <canonical root> <system> <subject> <event> <who> <result>
 * (tabs, newlines and control bytes in a field become spaces). Bounded: past
 * LW_JOURNAL_MAX_BYTES the file is renamed to "<name>.1" (the one before
 * goes) and a new one begun; a reader reads both. A line that does not
 * read (another version, a torn write, a foreign root) is skipped and
 * counted. */
#ifndef LW_JOURNAL_H
#define LW_JOURNAL_H
#include "core/model/activity.h"
#include "core/model/tx.h"
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#define LW_JOURNAL_MAX_BYTES (256u << 10)

/* The journal file of project (any spelling: it is resolved), or false
 * (out "") when there is no state folder or the project does not resolve. */
bool lw_journal_path(const char *project, char *out, size_t n);
/* The result's word: "done", "denied", "usage", "failed", "asked". */
const char *lw_journal_result(tx_rc rc);
/* Append one action. 0, or -1 (nothing to do about it but say so: the
 * action itself happened or not regardless). */
int lw_journal_append(const char *project, const char *system, const char *subject, const char *event,
                      const char *who, tx_rc rc, time_t now);
/* Add the lines of the journal at path (and path.1, older, first when
 * rotated is true) from byte *offset on as LW_EV_OPERATOR events of
 * project label (NULL: one project). *offset moves past the last whole
 * line read; *bad counts the lines skipped. The root in each line must be
 * root (the file is named from a fingerprint, not trusted to be unique). */
void lw_journal_read(const char *path, const char *root, bool rotated, lw_activity *a, const char *label,
                     long long *offset, size_t *bad);
/* The event of one action, as the journal's reader makes it (the HUD adds
 * its own write's line this way when the write completes). */
lw_event *lw_journal_event(lw_activity *a, const char *label, time_t t, const char *system, const char *subject,
                           const char *event, const char *who, const char *result);

#endif
