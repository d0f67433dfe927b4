/* helper_mutate.h — one random edit of a line of a YAML state, for the
 * tests that hold a patched reload against a full one (test_doc_patch,
 * test_liza_patch): values changed, keys and history items added, lines
 * deleted, dedented or typed into, comments and blank lines added, a key at
 * column 0 — edits inside one task, across tasks, and ones that break it. */
#ifndef TH_MUTATE_H
#define TH_MUTATE_H
#include <stddef.h>
#include "core/util/strbuf.h"

typedef struct tm_vocab {
	const char *const *values;   /* what a value may become */
	size_t nvalues;
	const char *const *lines;    /* whole lines a task may gain ("    key: value\n") */
	size_t nlines;
} tm_vocab;

unsigned tm_rnd(unsigned *seed, unsigned n);
/* out = in with one random edit (never of the first line). */
void tm_mutate(unsigned *seed, const strbuf *in, strbuf *out, const tm_vocab *v);

#endif
