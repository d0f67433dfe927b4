/* helper_mutate.c — see helper_mutate.h. */
#include <stdlib.h>
#include <string.h>
#include "tests/unit/helper_mutate.h"

unsigned tm_rnd(unsigned *seed, unsigned n) { return (unsigned)rand_r(seed) % n; }

/* Line starts of s, for picking lines to edit. */
static size_t lines_of(const char *s, size_t len, size_t *starts, size_t max)
{
	size_t n = 0;
	starts[n++] = 0;
	for (size_t i = 0; i < len && n < max; i++)
		if (s[i] == '\n' && i + 1 < len)
			starts[n++] = i + 1;
	return n;
}

void tm_mutate(unsigned *seed, const strbuf *in, strbuf *out, const tm_vocab *v)
{
	static size_t starts[16384];
	size_t n = lines_of(in->buf, in->len, starts, sizeof starts / sizeof *starts);
	size_t li = 1 + tm_rnd(seed, (unsigned)n - 1);
	size_t ls = starts[li], le = li + 1 < n ? starts[li + 1] : in->len;
	const char *line = in->buf + ls;
	size_t ll = le - ls;
	strbuf_reset(out);
	strbuf_add(out, in->buf, ls);
	switch (tm_rnd(seed, 12)) {
	case 0: case 1: case 2: case 3: {   /* a new value after the first ": " */
		const char *colon = memchr(line, ':', ll);
		if (colon && (size_t)(colon - line) + 1 < ll && colon[1] == ' ') {
			strbuf_add(out, line, (size_t)(colon - line) + 2);
			strbuf_adds(out, v->values[tm_rnd(seed, (unsigned)v->nvalues)]);
			strbuf_addc(out, '\n');
		} else {
			strbuf_add(out, line, ll);
		}
		break;
	}
	case 4: case 5:   /* a key at the task's indentation */
		strbuf_add(out, line, ll);
		strbuf_adds(out, v->lines[tm_rnd(seed, (unsigned)v->nlines)]);
		break;
	case 6:   /* a history item */
		strbuf_add(out, line, ll);
		strbuf_printf(out, "      - time: \"2026-01-20T10:0%u:00Z\"\n        event: %s\n", tm_rnd(seed, 10),
		              tm_rnd(seed, 2) ? "rejected" : "approved");
		break;
	case 7:   /* delete the line (an id, a status, a history line…) */
		break;
	case 8:   /* a comment, indented or at column 0 */
		strbuf_add(out, line, ll);
		strbuf_adds(out, tm_rnd(seed, 2) ? "    # a note\n" : "# column zero\n");
		break;
	case 9:   /* dedent the line by two */
		strbuf_add(out, ll > 2 && line[0] == ' ' && line[1] == ' ' ? line + 2 : line,
		           ll > 2 && line[0] == ' ' ? ll - 2 : ll);
		break;
	case 10:  /* a character typed in the middle of the line */
		strbuf_add(out, line, ll / 2);
		strbuf_addc(out, "a:# -'\"[{7"[tm_rnd(seed, 10)]);
		strbuf_add(out, line + ll / 2, ll - ll / 2);
		break;
	default:  /* lines added: a key at column 0, or blank and comment lines */
		strbuf_add(out, line, ll);
		strbuf_adds(out, tm_rnd(seed, 2) ? "extra: 1\n" : "    # one\n\n    # two\n");
		break;
	}
	strbuf_add(out, in->buf + le, in->len - le);
}
