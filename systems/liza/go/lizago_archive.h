/* lizago_archive.h — a terminal task's record read back from Liza's archive
 * (config.terminal_task_archival, ADR-0183): the row in state.yaml keeps
 * id, status, created and terminal_archive {sha256, archived_at}; the record
 * is the object .liza/archive/objects/<2 hex>/<sha256>.json, a JSON envelope
 * {format_version: 2, task_id, field: terminal_task, value_yaml}. */
#ifndef LW_LIZAGO_ARCHIVE_H
#define LW_LIZAGO_ARCHIVE_H
#include "core/doc/doc.h"

/* The most an object may hold: Liza reads any size; a watcher does not
 * read a gigabyte because a file says so. */
#define LIZAGO_ARCHIVE_MAX_BYTES (4u << 20)

/* The restored record of the stub row (a mapping of a doc liza-watch keeps
 * for the life of the process: objects are immutable, so one read object
 * is never read again while its file stays the same), or NULL with *msg
 * set to Liza's error ("task T terminal archive SHA (PATH): REASON",
 * db/terminal_archive.go TerminalArchiveError) in arena a. liza_dir is the
 * project's .liza folder; *path gets the object's path (NULL when the
 * reference names none). */
const doc_node *lizago_archive_restore(arena *a, const char *liza_dir, const doc_node *stub, const char **path,
                                       const char **msg);

/* The envelope's checks alone (for the fuzz target and the tests): the
 * value_yaml of bytes that are a valid envelope for task_id, as a malloc'd
 * string, or NULL with *reason (static or in a) saying why not. */
char *lizago_archive_envelope(arena *a, const char *bytes, size_t len, const char *task_id, const char **reason);

#endif
