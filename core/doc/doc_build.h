/* doc_build.h — node trees made in an arena instead of parsed from a file.
 *
 * doc_clone copies a parsed tree (positions and spans kept) into another
 * arena, so a loader that reads many small files can free each file's doc
 * (and its bytes) at once and still keep its tree for the detail view. The
 * builders make small synthetic trees
 * (a detail view that gathers values from several places of a file). */
#ifndef LW_DOC_BUILD_H
#define LW_DOC_BUILD_H
#include "core/doc/doc.h"

/* Deep copy; aliases are resolved into copies. NULL for NULL. */
doc_node *doc_clone(arena *a, const doc_node *n);

doc_node *doc_new_map(arena *a);
doc_node *doc_new_seq(arena *a);
doc_node *doc_new_str(arena *a, const char *s);
doc_node *doc_new_strf(arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append key: val. val may be any node, parsed or built: it is linked in
 * through a shallow copy, so the tree it came from is left as it was.
 * A NULL val is skipped. */
void doc_map_put(arena *a, doc_node *map, const char *key, const doc_node *val);
void doc_seq_push(arena *a, doc_node *seq, const doc_node *item);

#endif
