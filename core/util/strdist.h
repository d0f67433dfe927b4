/* strdist.h — how far apart two short words are, for the did-you-mean of a
 * mistyped command (the CLI's command names, the HUD's `:` commands). */
#ifndef LW_STRDIST_H
#define LW_STRDIST_H
#include <stddef.h>

/* Words longer than this are never near anything. */
#define LW_EDIT_DISTANCE_MAX_LEN 63

/* The edit distance of a and b: insertions, deletions, substitutions and
 * transpositions of two neighbouring letters (the optimal string alignment
 * distance: "sotr" is one from "sort", the typo people make most), or
 * SIZE_MAX when either is longer than LW_EDIT_DISTANCE_MAX_LEN bytes. */
size_t lw_edit_distance(const char *a, const char *b);

#endif
