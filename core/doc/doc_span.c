/* doc_span.c — the run table of doc_span.h. */
#include "core/doc/doc_span.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The first byte >= 0x80 in b[p, len), or len. A word at a time: this
 * scans every state file, and should cost nothing next to libyaml. */
static size_t next_high(const unsigned char *b, size_t p, size_t len)
{
	for (; p + 32 <= len; p += 32) {
		uint64_t w[4];
		memcpy(w, b + p, 32);
		if ((w[0] | w[1] | w[2] | w[3]) & 0x8080808080808080ULL)
			break;
	}
	for (; p + 8 <= len; p += 8) {
		uint64_t w;
		memcpy(&w, b + p, 8);
		if (w & 0x8080808080808080ULL)
			break;
	}
	while (p < len && !(b[p] & 0x80))
		p++;
	return p;
}

/* Bytes in the character led by x, as libyaml's reader takes them (the
 * reader refuses malformed text, so a stray byte's width never matters). */
static size_t utf8_width(unsigned char x) { return x < 0x80 ? 1 : x < 0xE0 ? 2 : x < 0xF0 ? 3 : 4; }

static int add_run(doc_span_conv *c, size_t *cap, size_t ci, size_t bi, size_t w)
{
	if (c->nruns == *cap) {
		*cap *= 2;
		span_run *r = realloc(c->run, *cap * sizeof *r);
		if (!r)
			return -1;
		c->run = r;
	}
	c->run[c->nruns++] = (span_run){ .ci = ci, .bi = bi, .w = w };
	return 0;
}

/* Unpack run k into the cursor. The last run has no end: it takes every
 * index from lo up, and none below (ci - lo wraps past SIZE_MAX - lo). */
static void take_run(doc_span_conv *c, size_t k)
{
	c->lo = c->run[k].ci;
	c->n = k + 1 < c->nruns ? c->run[k + 1].ci - c->lo : SIZE_MAX - c->lo;
	c->bi = c->run[k].bi;
	c->w = c->run[k].w;
	c->cur = k;
}

void doc_span_seek(doc_span_conv *c, size_t ci)
{
	size_t k = c->cur;
	while (k + 1 < c->nruns && c->run[k + 1].ci <= ci)
		k++;
	while (k > 0 && c->run[k].ci > ci)
		k--;
	take_run(c, k);
}

int doc_span_init(doc_span_conv *c, const char *text, size_t len, size_t base, const doc_json_fix *fix)
{
	memset(c, 0, sizeof *c);
	c->len = len;
	c->base = base;
	c->fix = fix;
	c->n = SIZE_MAX;   /* one run of width 1 from 0: byte = index */
	c->w = 1;
	const unsigned char *b = (const unsigned char *)text;
	size_t p = next_high(b, 0, len);
	if (p == len)
		return 0;
	size_t cap = 64;
	c->run = malloc(cap * sizeof *c->run);
	if (!c->run)
		return -1;
	c->run[c->nruns++] = (span_run){ .ci = 0, .bi = 0, .w = 1 };
	size_t ci = p;   /* all ASCII before p: one character per byte */
	while (p < len) {
		/* b[p] leads a non-ASCII character: a run of that width starts. */
		size_t w = utf8_width(b[p]);
		if (add_run(c, &cap, ci, p, w) < 0)
			return -1;
		do {
			p += w;
			ci++;
		} while (p < len && (b[p] & 0x80) && utf8_width(b[p]) == w);
		if (p < len && !(b[p] & 0x80)) {
			if (add_run(c, &cap, ci, p, 1) < 0)
				return -1;
			size_t q = next_high(b, p, len);
			ci += q - p;
			p = q;
		}
	}
	take_run(c, 0);
	return 0;
}

void doc_span_free(doc_span_conv *c)
{
	free(c->run);
	c->run = NULL;
	c->nruns = 0;
}
