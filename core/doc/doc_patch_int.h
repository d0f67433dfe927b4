/* doc_patch_int.h — between doc_patch.c (the patch) and doc_patch_region.c
 * (where the edit lies, and whether its item's lines parse alone). */
#ifndef LW_DOC_PATCH_INT_H
#define LW_DOC_PATCH_INT_H
#include "core/doc/doc.h"

typedef struct patch_region {
	const doc_node *item;     /* old's item holding the edit */
	size_t index;             /* its place in the sequence */
	doc_pos at;               /* where it lies in old's text */
	size_t ls;                /* the start of its dash's line (the same in both texts) */
	size_t end_old, end_new;  /* the end of its lines, in old's text and in the new */
	size_t pre, ce_old, ce_new; /* what differs: old [pre, ce_old), new [pre, ce_new) */
} patch_region;

/* Fill r for the edit between old's text and buf[0, len): 0 when it lies
 * inside the lines of one item of seq, in a way those lines alone parse as
 * they do in the whole text; -1 otherwise. */
int doc_patch_find_region(const doc *old, const doc_node *seq, const char *buf, size_t len, patch_region *r);

/* Where libyaml's next token starts at or after i: past spaces, line
 * breaks and comments. Block collections (and block scalars) end there. */
size_t doc_patch_next_token(const char *s, size_t len, size_t i);
/* 1-based column of offset i: characters from its line's start. */
unsigned doc_patch_column_of(const char *s, size_t i);
/* LFs in s[from, to). */
unsigned doc_patch_count_lines(const char *s, size_t from, size_t to);

#endif
