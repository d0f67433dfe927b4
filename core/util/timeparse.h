/* timeparse.h — ISO 8601 timestamps and the one clock every check reads. */
#ifndef LW_TIMEPARSE_H
#define LW_TIMEPARSE_H
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#define LW_NO_TIME ((time_t)-0x7fffffffffffffffLL)

/* Accepts 2026-01-20T10:00:00Z, with fractional seconds, a space for T, a
 * numeric offset (+02:00, +0200), no zone (taken as UTC), or a bare date.
 * Returns 0 and the UTC epoch, or -1. */
int lw_parse_time(const char *s, time_t *out);

/* The UTC epoch of the broken-down time tm (tm_year, tm_mon, tm_mday,
 * tm_hour, tm_min, tm_sec; a day past the month's end runs into the next,
 * as timegm does): timegm() is in neither C11 nor POSIX.1-2008. */
time_t lw_timegm(const struct tm *tm);

/* "2026-01-20T10:00:00Z" into buf (at least 21 bytes). */
const char *lw_format_time(time_t t, char *buf, size_t n);

/* The clock: LIZA_WATCH_NOW when set (then fixed), else the system clock. */
time_t lw_now(void);
/* True when LIZA_WATCH_NOW fixes the clock (so no timer needs to tick). */
bool lw_clock_fixed(void);
/* Validate LIZA_WATCH_NOW once at start-up: 0, or -1 with a message in buf. */
int lw_clock_init(char *msg, size_t n);

/* "3m", "2h05m", "4d" for an age in seconds; negative ages read "in 3m". */
const char *lw_format_age(long long secs, char *buf, size_t n);

#endif
