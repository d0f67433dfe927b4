/* store_internal.h — what the store_*.c files share; not for other modules. */
#ifndef LW_STORE_INTERNAL_H
#define LW_STORE_INTERNAL_H
#include "core/util/error.h"
#include "core/store/store.h"
#include <stdbool.h>
#include <stddef.h>

/* The active syscall table (the real one unless a test swapped it). Every
 * member is non-NULL. */
const struct store_ops *store_sys(void);

/* The registered temp proof (store_sweep.c), or NULL. */
const store_temp_proof *store_temp_proof_get(void);

/* Split path into its directory ("." if none) and base name. False if either
 * does not fit or the base is empty. */
bool store_split_path(const char *path, char *dir, size_t dirn, char *base, size_t basen);

/* The file a write to path must replace: path itself, or the end of its symlink
 * chain (which may not exist yet: a dangling link is written through too). */
bool store_resolve_target(const char *path, char *out, size_t n, lw_error *err);

/* fsync the directory holding path so a rename/create/unlink in it survives a
 * crash. Returns 0 or an errno; filesystems that cannot fsync a directory
 * (EINVAL, ENOTSUP) count as success. */
int  store_fsync_dir_of(const char *path);

/* fd, opened as base in the folder dfd for a write in place (an append,
 * a cut back, a lock), is a regular file with one name, and the one the
 * name leads to now (same device and inode): a second name of a file
 * (a hard link, here or outside the project) is never written through.
 * 0, or -1 with err naming path and why, "nothing written". what: "append
 * to", "cut back", "lock". (store_single.c) */
int  store_single_name(int dfd, const char *base, int fd, const char *path, const char *what, lw_error *err);

#endif
