/* doc_dupkey.h — finding a duplicated key in a mapping (doc_dupkey.c). */
#ifndef LW_DOC_DUPKEY_H
#define LW_DOC_DUPKEY_H
#include "core/doc/doc.h"

/* The key node to name in a "duplicate key" error, or NULL when every
 * scalar key of map differs. Non-scalar keys are never compared. */
const doc_node *doc_duplicate_key(const doc_node *map);

#endif
