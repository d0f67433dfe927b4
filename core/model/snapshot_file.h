/* snapshot_file.h — one file of a multi-file source (a Foreman task, an ACP
 * agent's state.json), read the same way by every system: a file that
 * cannot be read or parsed never drops its item silently. It raises a
 * problem naming the file, with a stable rule (core/model/check_emit.h turns
 * rules into alert codes):
 *   unreadable     exists but cannot be read (permissions, not a regular file)
 *   dangling_link  a symbolic link to nothing
 *   parse_error    read, but not YAML/JSON, or not the shape asked for
 * and the item's last good version (lw_snapshot_kept) stands in, stale. */
#ifndef LW_SNAPSHOT_FILE_H
#define LW_SNAPSHOT_FILE_H
#include "core/model/model.h"

/* The root of path's document, or NULL: missing (no problem) or a problem
 * noted with no last good version to show. map_needed: the root must be a
 * mapping, else a parse_error saying so. *stale: the root is the last good
 * version's, the file itself did not read. subject names the problem. */
const doc_node *lw_snapshot_file(lw_snapshot *s, const char *path, const char *subject, const char *map_needed,
                                 bool *stale);
/* A file that did not read (err->code: unreadable, dangling_link) or did
 * not parse (parse_error): one problem about it, naming it as err does,
 * for a loader that goes on with the files that do read. */
void lw_snapshot_unread(lw_snapshot *s, const char *subject, const lw_error *err);
/* A file that a reader of its own (lw_read_tail) could not open: if
 * something is there, the problem that says what (dangling_link, or
 * unreadable); nothing when it is simply missing. */
void lw_snapshot_unopened(lw_snapshot *s, const char *path, const char *subject);
/* A folder entry that is a link to nothing: true, with a dangling_link
 * problem naming it and where it points. */
bool lw_snapshot_dangling(lw_snapshot *s, const char *path, const char *subject);

#endif
