/* kept.c — see kept.h. */
#include "core/model/kept.h"
#include "core/util/hash.h"
#include "core/util/inputs.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { END_LINE = 37 };   /* "end " + 32 hex digits + "\n" */

void kept_format(strbuf *f, const char *key, size_t key_len, const kept_clock *c, const char *out, size_t len)
{
	size_t start = f->len;
	strbuf_add(f, key, key_len);
	if (c->fixed)
		strbuf_adds(f, "clock fixed\n");
	else if (c->until == LW_NO_TIME)
		strbuf_printf(f, "clock live %lld -\n", (long long)c->at);
	else
		strbuf_printf(f, "clock live %lld %lld\n", (long long)c->at, (long long)c->until);
	lw_inputs_write(f);
	strbuf_printf(f, "out %zu\n", len);
	strbuf_add(f, out, len);
	strbuf_addc(f, '\n');
	char hex[33];
	lw_hash_hex(lw_hash_bytes(f->buf + start, f->len - start), hex);
	strbuf_printf(f, "end %s\n", hex);
}

const char *kept_verdict_name(kept_verdict v)
{
	switch (v) {
	case KEPT_HOLDS: return "holds";
	case KEPT_DAMAGED: return "damaged file";
	case KEPT_OTHER_KEY: return "another binary or command line";
	case KEPT_CLOCK: return "an alert's time has come";
	case KEPT_CHANGED: return "an input changed";
	}
	return "?";
}

/* A decimal time_t, whole: the rest of the line after it in *end. */
static bool parse_time(const char *s, const char *stop, time_t *t, const char **end)
{
	const char *p = s;
	if (p < stop && *p == '-')
		p++;
	if (p == stop || *p < '0' || *p > '9')
		return false;
	long long v = 0;
	for (; p < stop && *p >= '0' && *p <= '9'; p++) {
		if (v > (999999999999LL - (*p - '0')) / 10)
			return false;   /* no clock of ours is that far out */
		v = v * 10 + (*p - '0');
	}
	*t = (time_t)(s[0] == '-' ? -v : v);
	*end = p;
	return true;
}

static kept_verdict judge_clock(const char *line, const char *nl, bool fixed_now, time_t now)
{
	if ((size_t)(nl - line) == 11 && memcmp(line, "clock fixed", 11) == 0)
		return fixed_now ? KEPT_HOLDS : KEPT_CLOCK;
	if ((size_t)(nl - line) < 11 || memcmp(line, "clock live ", 11) != 0)
		return KEPT_DAMAGED;
	time_t at, until = LW_NO_TIME;
	const char *p;
	if (!parse_time(line + 11, nl, &at, &p) || p == nl || *p++ != ' ')
		return KEPT_DAMAGED;
	if (!(nl - p == 1 && *p == '-') && (!parse_time(p, nl, &until, &p) || p != nl))
		return KEPT_DAMAGED;
	if (fixed_now || now < at || (until != LW_NO_TIME && now >= until))
		return KEPT_CLOCK;
	return KEPT_HOLDS;
}

kept_verdict kept_judge(char *buf, size_t len, const char *key, size_t key_len, bool fixed_now, time_t now,
                        const char **out, size_t *out_len, const char **changed, size_t *changed_len)
{
	*out = NULL;
	*out_len = 0;
	/* end HASH: the file is whole and as it was written. */
	if (len < key_len + END_LINE)
		return KEPT_DAMAGED;
	char *end = buf + len - END_LINE, hex[33];
	if (memcmp(end, "end ", 4) != 0 || end[END_LINE - 1] != '\n' || end[-1] != '\n' ||
	    memcmp(end + 4, lw_hash_hex(lw_hash_bytes(buf, (size_t)(end - buf)), hex), 32) != 0)
		return KEPT_DAMAGED;
	if (memcmp(buf, key, key_len) != 0)
		return KEPT_OTHER_KEY;
	char *line = buf + key_len;
	char *nl = memchr(line, '\n', (size_t)(end - line));
	if (!nl)
		return KEPT_DAMAGED;
	kept_verdict v = judge_clock(line, nl, fixed_now, now);
	if (v != KEPT_HOLDS)
		return v;
	/* The inputs, in the order they were read: if every one reads the
	 * same, the run would take the same path and read nothing else. */
	for (line = nl + 1; (size_t)(end - line) > 3 && memcmp(line, "in ", 3) == 0; line = nl + 1) {
		nl = memchr(line, '\n', (size_t)(end - line));
		if (!nl)
			return KEPT_DAMAGED;
		*nl = '\0';
		bool holds = memchr(line, '\0', (size_t)(nl - line)) == NULL && lw_input_holds(line + 3);
		*nl = '\n';
		if (!holds) {
			*changed = line + 3;
			*changed_len = (size_t)(nl - line - 3);
			return KEPT_CHANGED;
		}
	}
	/* out LEN, the bytes, a newline, and the end line right after. */
	nl = memchr(line, '\n', (size_t)(end - line));
	if (!nl || nl - line < 5 || memcmp(line, "out ", 4) != 0)
		return KEPT_DAMAGED;
	size_t n = 0;
	for (const char *p = line + 4; p < nl; p++) {
		if (*p < '0' || *p > '9' || n > (size_t)(end - buf))
			return KEPT_DAMAGED;
		n = n * 10 + (size_t)(*p - '0');
	}
	char *body = nl + 1;
	if ((size_t)(end - body) != n + 1)
		return KEPT_DAMAGED;
	*out = body;
	*out_len = n;
	return KEPT_HOLDS;
}
