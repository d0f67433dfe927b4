/* fileio.h — reading state files safely: regular files only (a FIFO never
 * blocks us), a size cap, and clear errors. */
#ifndef LW_FILEIO_H
#define LW_FILEIO_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include "core/util/error.h"

#define LW_PATH_MAX 4096

enum { LW_READ_OK = 0, LW_READ_MISSING = 1, LW_READ_ERROR = -1 };
/* Reads path into a malloc'd, NUL-terminated buffer. LW_READ_MISSING only
 * when nothing is there: a link to nothing is LW_READ_ERROR with err->code
 * "dangling_link"; a file that exists but cannot be opened or is not a
 * regular file (permissions, a FIFO — never waited on —, a folder) is
 * LW_READ_ERROR with err->code "unreadable". */
int lw_read_file(const char *path, size_t max_bytes, char **buf, size_t *len, lw_error *err);
/* lw_read_file whose last component is never followed: a symbolic link
 * is LW_READ_ERROR ("a symbolic link: not followed", code "unreadable").
 * For the user's own files (acks), where a link would make our write land
 * on whatever it names. No settle: only our own writers replace them. */
int lw_read_file_nofollow(const char *path, size_t max_bytes, char **buf, size_t *len, lw_error *err);
/* A read that waits for a writer that has the file open, or false to let
 * lw_read_file read at once (core/txn's txn_read_settled). Installed by the
 * commands that write, so a transition's first read waits for an in-place
 * writer exactly as its commit does, and around every command's first
 * load of its projects (cli's open_fleet); NULL (the default) reads at
 * once. Returns the one installed before. */
typedef bool (*lw_read_settle_fn)(const char *path, size_t max_bytes, char **buf, size_t *len);
lw_read_settle_fn lw_read_settle_with(lw_read_settle_fn fn);
/* The last cap bytes of path (all of it when shorter; *partial when not
 * from its start): -1 when it cannot be opened or is not a regular file. */
int lw_read_tail(const char *path, size_t cap, char **buf, size_t *len, bool *partial);
/* stat() (lstat() with LW_STAT_NOFOLLOW) that the input record sees; how
 * says how much of the result the caller uses (LW_STAT_* of inputs.h). */
int lw_stat(const char *path, struct stat *st, int how);
/* realpath() that the input record sees (what a name resolves to is an
 * input: a symlinked project can be pointed elsewhere between two runs).
 * out (n >= LW_PATH_MAX) holds the canonical path; -1 with errno when the
 * path cannot be resolved. */
int lw_realpath(const char *path, char *out, size_t n);
/* Make the folders above file (not file itself), 0700 as the user's own
 * state folders are; those already there are kept. 0, or -1 with errno. */
int lw_mkdirs_for(const char *file);
/* Is path a symbolic link to nothing? to gets where it points. */
bool lw_dangling_link(const char *path, char *to, size_t n);
/* stat() that says whether the path exists; st filled when it does. */
bool lw_exists(const char *path, struct stat *st);
/* dir + "/" + name into out, without doubling "./" noise; returns out. */
char *lw_path_join(char *out, size_t n, const char *dir, const char *name);

#endif
