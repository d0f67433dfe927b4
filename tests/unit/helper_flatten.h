/* helper_flatten.h — a document tree as text, for comparing two trees
 * independently of the editor's own verification (unit tests and the
 * editor's fuzz target). */
#ifndef LW_HELPER_FLATTEN_H
#define LW_HELPER_FLATTEN_H
#include "core/doc/doc.h"
#include "core/util/strbuf.h"

/* Every node of a tree as one line "path<TAB>kind/style<TAB>text", sorted,
 * so two trees can be compared as sets of lines. Control bytes in keys and
 * values are written as \xNN, so a line holds one node, and so is a "/" in
 * a key, so a path names one node. */
void te_flatten(const doc_node *root, strbuf *out);

#endif
