/* fuzz_kept.c — judging a kept result (core/model/kept.h) on any text. The input's
 * first byte picks the clock (bit 0: fixed now; bit 1: skip the
 * fingerprint, so the "damaged" paths run too), the next two bytes the
 * time; the rest is the body between the key and the end line, which this
 * target computes, so the judge gets past the fingerprint and reads the
 * clock, input and out lines. Properties beyond "no crash":
 *  - a result that holds lies inside the buffer, right before the end line;
 *  - the buffer is given back as it was (the judge NUL-splits lines while
 *    re-observing inputs);
 *  - whatever kept_format writes (a fixed or live clock, any output bytes)
 *    holds when judged at once, and gives back the same output. */
#include <string.h>
#include "core/util/hash.h"
#include "core/util/inputs.h"
#include "core/model/kept.h"
#include "core/util/timeparse.h"
#include "tests/fuzz/fuzz.h"

static const char key[] = "liza-watch status cache 1\narg status\n";

static void judge_body(const uint8_t *body, size_t n, unsigned flags, time_t now)
{
	strbuf f;
	strbuf_init(&f);
	strbuf_adds(&f, key);
	strbuf_add(&f, body, n);
	if (!(flags & 2)) {
		char hex[33];
		strbuf_printf(&f, "end %s\n", lw_hash_hex(lw_hash_bytes(f.buf, f.len), hex));
	}
	char *copy = malloc(f.len + 1);
	FUZZ_CHECK(copy != NULL, "malloc");
	memcpy(copy, f.buf, f.len + 1);
	const char *out, *changed;
	size_t out_len, changed_len;
	kept_verdict v = kept_judge(f.buf, f.len, key, sizeof key - 1, flags & 1, now, &out, &out_len, &changed,
	                            &changed_len);
	FUZZ_CHECK(memcmp(copy, f.buf, f.len + 1) == 0, "the judge changed the buffer");
	if (v == KEPT_HOLDS) {
		FUZZ_CHECK(out >= f.buf && out_len < f.len && out + out_len + 1 + 37 == f.buf + f.len,
		           "a result at %td, %zu bytes, of %zu", out - f.buf, out_len, f.len);
		FUZZ_CHECK(out[out_len] == '\n', "a result not followed by its newline");
	}
	free(copy);
	strbuf_free(&f);
}

static void round_trip(const uint8_t *data, size_t n, unsigned flags, time_t now)
{
	kept_clock c = { .fixed = flags & 1, .at = now - 5, .until = (flags & 4) ? LW_NO_TIME : now + 5 };
	strbuf f;
	strbuf_init(&f);
	kept_format(&f, key, sizeof key - 1, &c, (const char *)data, n);
	const char *out, *changed;
	size_t out_len, changed_len;
	kept_verdict v = kept_judge(f.buf, f.len, key, sizeof key - 1, c.fixed, now, &out, &out_len, &changed,
	                            &changed_len);
	FUZZ_CHECK(v == KEPT_HOLDS, "a fresh result does not hold: %s", kept_verdict_name(v));
	FUZZ_CHECK(out_len == n && (n == 0 || memcmp(out, data, n) == 0), "the result came back changed");
	/* After its deadline (live) or on the other kind of clock: no. */
	if (!c.fixed && c.until != LW_NO_TIME)
		FUZZ_CHECK(kept_judge(f.buf, f.len, key, sizeof key - 1, false, now + 5, &out, &out_len, &changed,
		                      &changed_len) == KEPT_CLOCK, "held past its deadline");
	FUZZ_CHECK(kept_judge(f.buf, f.len, key, sizeof key - 1, !c.fixed, now, &out, &out_len, &changed,
	                      &changed_len) == KEPT_CLOCK, "held on another clock");
	strbuf_free(&f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_in in = { data, size };
	unsigned flags = fuzz_byte(&in);
	time_t now = (time_t)1700000000 + (time_t)fuzz_u16(&in);
	judge_body(in.p, in.n, flags, now);
	round_trip(in.p, in.n, flags, now);
	return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	lw_inputs_stop();   /* kept_format writes no inputs: the recorder is off */
	return 0;
}
