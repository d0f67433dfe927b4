/* doc_span.h — libyaml's marks as byte offsets (doc_span.c).
 *
 * libyaml counts characters, not bytes: a mark's index is the number of
 * characters before it (a CR LF counts two, as in bytes). The editor needs
 * bytes. Pure-ASCII text, the common case, maps one to one. Otherwise the
 * text is cut into runs of characters of one encoded width (ASCII runs
 * between the non-ASCII ones), and a mark's offset is its run's start plus
 * its distance into the run times the width. Marks arrive in nearly
 * increasing order, so a cursor over the runs finds each in O(1); most
 * fall in the cursor's run, and cost one compare. */
#ifndef LW_DOC_SPAN_H
#define LW_DOC_SPAN_H
#include <stddef.h>
#include "core/doc/doc_json.h"

typedef struct span_run {
	size_t ci, bi;      /* the run's first character index and its byte offset */
	size_t w;           /* bytes per character in the run */
} span_run;

typedef struct doc_span_conv {
	size_t len;         /* bytes of the text libyaml reads */
	size_t base;        /* bytes before the text in the source: a skipped BOM, a slice's start */
	const doc_json_fix *fix; /* the text was rewritten (doc_json.c): map offsets back */
	span_run *run;      /* NULL for pure ASCII */
	size_t nruns, cur;
	/* The cursor's run, unpacked: characters [lo, lo + n) start at byte
	 * bi, w bytes each. Pure ASCII is one endless run. */
	size_t lo, n, bi, w;
} doc_span_conv;

/* 0, or -1 out of memory (c is then safe to doc_span_free). */
int  doc_span_init(doc_span_conv *c, const char *text, size_t len, size_t base, const doc_json_fix *fix);
void doc_span_free(doc_span_conv *c);
/* Move the cursor to the run holding character ci. */
void doc_span_seek(doc_span_conv *c, size_t ci);

/* The source offset of the character with libyaml index ci. */
static inline size_t doc_span_byte(doc_span_conv *c, size_t ci)
{
	if (ci - c->lo >= c->n)   /* unsigned: also when ci < lo */
		doc_span_seek(c, ci);
	size_t b = c->bi + (ci - c->lo) * c->w;
	if (b > c->len)
		b = c->len;
	return c->base + (c->fix ? doc_json_fix_map(c->fix, b) : b);
}

#endif
