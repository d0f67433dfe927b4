/* doc_posmap.h — where the positions stored in a patched doc's nodes lie in
 * its text.
 *
 * A patched doc (doc_patch.c) reuses the old tree's nodes as they are, so a
 * node after the edit keeps the offset and line it had in the old text. The
 * positions stored in nodes are therefore "virtual": each lies in one piece
 * of the map, and a piece says where its run of virtual offsets sits in the
 * real text, the way a piece table describes an edited buffer. A full parse
 * has no map (virtual is real). Each patch splits the piece holding the
 * edit and gives the re-parsed bytes a fresh virtual range, so pieces grow
 * by at most two per patch and a stored position never has to change.
 *
 * Columns are never mapped: an edit is a run of whole lines, so a node
 * outside it keeps its column. Pieces cover the real offsets 0..len
 * inclusive, so an end-of-text position maps too. */
#ifndef LW_DOC_POSMAP_H
#define LW_DOC_POSMAP_H
#include <stdbool.h>
#include <stdint.h>
#include "core/doc/doc.h"

typedef struct doc_piece {
	size_t vstart, rstart, len;   /* virtual [vstart, vstart + len) is real [rstart, rstart + len) */
	unsigned vline, rline;        /* the line numbers at vstart and at rstart */
} doc_piece;

typedef struct doc_posmap {
	doc_piece *piece;         /* in text order */
	uint32_t *by_virt;        /* indexes into piece, by vstart */
	size_t n;
	size_t vnext;             /* the first virtual offset no piece has used */
} doc_posmap;

/* One patch of the text, in real offsets: old [pre, ce_old) became new
 * [pre, ce_new); the line numbers at pre (the same in both) and at each end. */
typedef struct doc_posedit {
	size_t pre, ce_old, ce_new;
	unsigned line_pre, line_ce_old, line_ce_new;
} doc_posedit;

/* The map of the new text: old's (NULL: the identity over old_len bytes)
 * with e applied, allocated in a. */
doc_posmap *doc_posmap_edit(arena *a, const doc_posmap *old, size_t old_len, const doc_posedit *e);
size_t doc_posmap_pieces(const doc_posmap *m);   /* 1 for NULL */

/* A fresh node, parsed at real positions of the text m describes, gets the
 * virtual positions that m maps back to them. */
void doc_posmap_virtualize(const doc_posmap *m, doc_node *n);

#endif
