/* progpath.h — the program a command word names, found as a shell would
 * but with the project out of reach: the operator's editor, shell and
 * notify.program (a project is untrusted input: its files never run). */
#ifndef LW_PROGPATH_H
#define LW_PROGPATH_H
#include <stdbool.h>
#include <stddef.h>

/* word with a '/' must be absolute (a relative one means whatever folder
 * the program starts in: a worktree, the project); a bare name is looked up
 * in PATH's absolute folders only ("." and "" would be that folder), at the
 * call, so before any change of folder; a program that resolves inside root
 * (NULL: none) is passed over (a project's ./vi, a PATH folder in the
 * project), a later folder may hold the real one. out: its absolute path;
 * false with why ("vi: not found in PATH's absolute folders"). */
bool lw_progpath_find(const char *word, const char *root, char *out, size_t n, char *why, size_t wn);

#endif
