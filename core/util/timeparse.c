/* timeparse.c — see timeparse.h. timegm() is not in C11 or POSIX, so the
 * epoch is computed from the civil date directly (Howard Hinnant's method). */
#include "core/util/inputs.h"
#include "core/util/timeparse.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long long days_from_civil(long long y, unsigned m, unsigned d)
{
	y -= m <= 2;
	long long era = (y >= 0 ? y : y - 399) / 400;
	unsigned yoe = (unsigned)(y - era * 400);
	unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (long long)doe - 719468;
}

time_t lw_timegm(const struct tm *tm)
{
	/* Months out of range carried into years first; days, hours and
	 * seconds add linearly, as the civil count does. */
	long long y = 1900LL + tm->tm_year + tm->tm_mon / 12, m = tm->tm_mon % 12;
	if (m < 0) {
		m += 12;
		y--;
	}
	long long days = days_from_civil(y, (unsigned)m + 1, 1) + tm->tm_mday - 1;
	return (time_t)(days * 86400LL + tm->tm_hour * 3600LL + tm->tm_min * 60LL + tm->tm_sec);
}

static int digits(const char **p, int n, int *out)
{
	int v = 0;
	for (int i = 0; i < n; i++) {
		if (!isdigit((unsigned char)**p))
			return -1;
		v = v * 10 + (**p - '0');
		(*p)++;
	}
	*out = v;
	return 0;
}

int lw_parse_time(const char *s, time_t *out)
{
	if (!s)
		return -1;
	const char *p = s;
	int Y, M, D, h = 0, mi = 0, sec = 0;
	if (digits(&p, 4, &Y) || *p++ != '-' || digits(&p, 2, &M) || *p++ != '-' || digits(&p, 2, &D))
		return -1;
	if (M < 1 || M > 12 || D < 1 || D > 31)
		return -1;
	long long off = 0;
	if (*p == 'T' || *p == 't' || *p == ' ') {
		p++;
		if (digits(&p, 2, &h) || *p++ != ':' || digits(&p, 2, &mi))
			return -1;
		if (*p == ':') {
			p++;
			if (digits(&p, 2, &sec))
				return -1;
			if (*p == '.' || *p == ',') {
				p++;
				if (!isdigit((unsigned char)*p))
					return -1;
				while (isdigit((unsigned char)*p))
					p++;
			}
		}
		if (h > 23 || mi > 59 || sec > 60)
			return -1;
		while (*p == ' ')
			p++;
		if (*p == 'Z' || *p == 'z') {
			p++;
		} else if (*p == '+' || *p == '-') {
			int sign = *p++ == '-' ? -1 : 1, oh, om = 0;
			if (digits(&p, 2, &oh))
				return -1;
			if (*p == ':')
				p++;
			if (isdigit((unsigned char)*p) && digits(&p, 2, &om))
				return -1;
			if (oh > 23 || om > 59)
				return -1;
			off = sign * (oh * 3600LL + om * 60LL);
		}
	}
	if (*p)
		return -1;
	long long t = days_from_civil(Y, (unsigned)M, (unsigned)D) * 86400LL + h * 3600LL + mi * 60LL + sec - off;
	*out = (time_t)t;
	return 0;
}

const char *lw_format_time(time_t t, char *buf, size_t n)
{
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

/* The clock's state is process-wide by nature: it is read once from the
 * environment and never changes afterwards. */
static int clock_state = -1; /* -1 unread, 0 live, 1 fixed */
static time_t clock_fixed_at;

int lw_clock_init(char *msg, size_t n)
{
	const char *env = lw_getenv("LIZA_WATCH_NOW");
	if (!env || !*env) {
		clock_state = 0;
		return 0;
	}
	if (lw_parse_time(env, &clock_fixed_at) != 0) {
		snprintf(msg, n, "LIZA_WATCH_NOW=%.64s: not an ISO 8601 time (e.g. 2026-01-20T10:00:00Z)", env);
		clock_state = 0;
		return -1;
	}
	clock_state = 1;
	return 0;
}

time_t lw_now(void)
{
	if (clock_state < 0) {
		char ignored[128];
		lw_clock_init(ignored, sizeof ignored);
	}
	return clock_state == 1 ? clock_fixed_at : time(NULL);
}

bool lw_clock_fixed(void)
{
	if (clock_state < 0)
		(void)lw_now();
	return clock_state == 1;
}

const char *lw_format_age(long long s, char *buf, size_t n)
{
	const char *pre = "";
	if (s < 0) {
		pre = "in ";
		s = -s;
	}
	if (s < 60)
		snprintf(buf, n, "%s%llds", pre, s);
	else if (s < 3600)
		snprintf(buf, n, "%s%lldm", pre, s / 60);
	else if (s < 86400)
		snprintf(buf, n, "%s%lldh%02lldm", pre, s / 3600, (s % 3600) / 60);
	else
		snprintf(buf, n, "%s%lldd%02lldh", pre, s / 86400, (s % 86400) / 3600);
	return buf;
}
