/* doc_shared.h — node memory shared between a doc and the docs patched
 * from it (doc_patch.c).
 *
 * A patched doc reuses every node of the old tree that the edit did not
 * touch, so those nodes must outlive the old doc: the memory holding them
 * becomes a refcounted share. A share is either the arena of a full parse
 * (moved out of its doc the first time a patch reuses it) or one block
 * holding the nodes and text of a re-parsed item; each share holds a
 * reference to the older share its nodes link into, and a doc holds one
 * reference to the newest share it uses. Shares are never written once
 * made, so any number of docs (the HUD's snapshots) can read them. */
#ifndef LW_DOC_SHARED_H
#define LW_DOC_SHARED_H
#include <stddef.h>
#include "core/doc/arena.h"

typedef struct doc_shared {
	unsigned refs;
	arena mem;                /* a full parse's nodes, or empty */
	void *block;              /* a re-parsed item's nodes and text, or NULL */
	size_t base_bytes;        /* bytes of the full parse at the bottom of the chain */
	size_t patch_bytes;       /* block bytes of this share and every older one: what
	                             patching has added since that full parse */
	struct doc_shared *older;
} doc_shared;

/* Take over a parsed doc's arena (a is left empty): the first share of a chain. */
doc_shared *doc_shared_from_arena(arena *a);
/* A share of a malloc'd block of bytes, on top of older (referenced). */
doc_shared *doc_shared_from_block(void *block, size_t bytes, doc_shared *older);
doc_shared *doc_shared_ref(doc_shared *s);
/* Drop one reference; the last one frees the memory and drops its older. NULL is a no-op. */
void doc_shared_release(doc_shared *s);

#endif
