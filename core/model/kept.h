/* kept.h — a result kept with what it was computed from: the text of a
 * status cache file (cli/status_cache.h), written and judged here.
 *
 *   KEY…                            the caller's key lines, verbatim
 *   clock fixed | live AT UNTIL     when the result holds (UNTIL "-": always)
 *   in KIND PATH RESULT             the inputs (core/util/inputs.h)
 *   out LEN                         then LEN bytes of result and a newline
 *   end HASH                        a fingerprint of everything above
 *
 * Judging never trusts the text: a damaged, truncated or foreign file is
 * "no", never a crash (tests/fuzz/fuzz_kept.c). */
#ifndef LW_KEPT_H
#define LW_KEPT_H
#include <stdbool.h>
#include <stddef.h>
#include <time.h>
#include "core/util/strbuf.h"

/* Which clock the result was computed on: a fixed one (LIZA_WATCH_NOW,
 * itself an input), or the live one between at and until. */
typedef struct kept_clock {
	bool fixed;
	time_t at, until;      /* until: LW_NO_TIME for no deadline */
} kept_clock;

/* The file for key, clock, the current input record and out. */
void kept_format(strbuf *f, const char *key, size_t key_len, const kept_clock *c, const char *out, size_t len);

typedef enum {
	KEPT_HOLDS,
	KEPT_DAMAGED,        /* not whole, or not ours */
	KEPT_OTHER_KEY,      /* another binary or command line */
	KEPT_CLOCK,          /* a fixed clock now live or back, or an alert's time has come */
	KEPT_CHANGED,        /* an input reads differently now */
} kept_verdict;

/* Does the file in buf (len bytes, NUL after them; its "in" lines are
 * NUL-split while re-observed and put back) still hold for key at now
 * (fixed_now: the clock is fixed)? On KEPT_HOLDS *out and *out_len point
 * into buf; on KEPT_CHANGED *changed is the first input that changed. */
kept_verdict kept_judge(char *buf, size_t len, const char *key, size_t key_len, bool fixed_now, time_t now,
                        const char **out, size_t *out_len, const char **changed, size_t *changed_len);
const char *kept_verdict_name(kept_verdict v);

#endif
