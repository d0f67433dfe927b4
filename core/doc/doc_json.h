/* doc_json.h — rewriting JSON surrogate escapes for libyaml (doc_json.c). */
#ifndef LW_DOC_JSON_H
#define LW_DOC_JSON_H
#include <stdbool.h>
#include <stddef.h>

typedef struct doc_json_fix {
	char *text;       /* the text libyaml reads (malloc'd); NULL when no rewrite */
	size_t len;
	size_t *at;       /* offsets in text from which the original is 2 bytes further */
	size_t n;
} doc_json_fix;

/* 1 and fx filled when s (a JSON document) needed a rewrite; 0 when it did
 * not (fx empty); -1 out of memory. */
int doc_json_fix_surrogates(const char *s, size_t n, doc_json_fix *fx);
/* An offset in fx->text, as an offset in the original. */
size_t doc_json_fix_map(const doc_json_fix *fx, size_t off);
void doc_json_fix_free(doc_json_fix *fx);

#endif
