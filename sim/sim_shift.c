/* sim_shift.c — the demo's example states were written on fixed days; on a
 * live clock they would open on a wall of "227 days stale" alerts. Before the
 * HUD starts, every file of the copy outside .liza/ (whose simulator rebases
 * its own timestamps) has its ISO 8601 timestamps moved forward together, so
 * the file's newest one reads as now. Each timestamp keeps its form
 * (fraction digits, Z or offset or none), so the files stay byte-compatible
 * with what their systems write. Text only: nothing in them is run. */
#include "sim/sim.h"
#include "core/util/fileio.h"
#include "core/store/store.h"
#include "core/util/strbuf.h"
#include "core/util/timeparse.h"
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Length of an ISO 8601 timestamp at s ("2026-01-20T10:20:00" plus an
 * optional fraction and zone), or 0. */
static size_t stamp_len(const char *s, size_t avail)
{
	static const char pat[] = "dddd-dd-ddTdd:dd:dd";
	if (avail < sizeof pat - 1)
		return 0;
	for (size_t i = 0; i < sizeof pat - 1; i++)
		if (pat[i] == 'd' ? !isdigit((unsigned char)s[i]) : s[i] != pat[i])
			return 0;
	size_t n = sizeof pat - 1;
	if (n < avail && s[n] == '.')
		for (n++; n < avail && isdigit((unsigned char)s[n]); n++)
			;
	if (n < avail && s[n] == 'Z')
		n++;
	else if (n + 5 < avail && (s[n] == '+' || s[n] == '-') && isdigit((unsigned char)s[n + 1]) &&
	         isdigit((unsigned char)s[n + 2]) && s[n + 3] == ':')
		n += 6;
	return n;
}

static time_t stamp_time(const char *s, size_t n)
{
	char tmp[48];
	time_t t;
	snprintf(tmp, sizeof tmp, "%.*s", (int)(n < 47 ? n : 47), s);
	return lw_parse_time(tmp, &t) == 0 ? t : LW_NO_TIME;
}

static int shift_file(const char *path, time_t now, lw_error *err)
{
	char *buf;
	size_t len;
	if (lw_read_file(path, 16u << 20, &buf, &len, err) != LW_READ_OK)
		return -1;
	time_t newest = LW_NO_TIME;
	for (size_t i = 0; i < len;) {
		size_t n = stamp_len(buf + i, len - i);
		time_t t = n ? stamp_time(buf + i, n) : LW_NO_TIME;
		if (t != LW_NO_TIME && (newest == LW_NO_TIME || t > newest))
			newest = t;
		i += n ? n : 1;
	}
	if (newest == LW_NO_TIME || newest >= now - 60) {
		free(buf);
		return 0;
	}
	long long delta = (long long)(now - 30 - newest);
	strbuf out;
	strbuf_init(&out);
	for (size_t i = 0; i < len;) {
		size_t n = stamp_len(buf + i, len - i);
		time_t t = n ? stamp_time(buf + i, n) : LW_NO_TIME;
		if (t == LW_NO_TIME) {
			strbuf_addc(&out, buf[i++]);
			continue;
		}
		/* The UTC date and time, then the original fraction and zone. */
		time_t moved = (time_t)(t + delta);
		struct tm tm;
		gmtime_r(&moved, &tm);
		char head[32];
		strftime(head, sizeof head, "%Y-%m-%dT%H:%M:%S", &tm);
		const char *rest = buf + i + 19;   /* fraction and zone, as written */
		size_t rest_len = n - 19;
		bool offset = rest_len >= 6 && (rest[rest_len - 6] == '+' || rest[rest_len - 6] == '-');
		strbuf_adds(&out, head);
		if (offset) {
			/* The time is now written in UTC, so its offset becomes +00:00. */
			strbuf_add(&out, rest, rest_len - 6);
			strbuf_adds(&out, "+00:00");
		} else {
			strbuf_add(&out, rest, rest_len);
		}
		i += n;
	}
	int rc = store_write_atomic(path, out.buf, out.len, err) == STORE_OK ? 0 : -1;
	strbuf_free(&out);
	free(buf);
	return rc;
}

int sim_shift_times(const char *dir, time_t now, lw_error *err)
{
	DIR *d = opendir(dir);
	if (!d) {
		lw_error_set(err, dir, 0, 0, "cannot open");
		return -1;
	}
	int rc = 0;
	for (struct dirent *e; rc == 0 && (e = readdir(d));) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 || strcmp(e->d_name, ".liza") == 0)
			continue;
		char p[LW_PATH_MAX];
		struct stat st;
		lw_path_join(p, sizeof p, dir, e->d_name);
		if (lstat(p, &st) < 0)
			continue;
		if (S_ISDIR(st.st_mode))
			rc = sim_shift_times(p, now, err);
		else if (S_ISREG(st.st_mode))
			rc = shift_file(p, now, err);
	}
	closedir(d);
	return rc;
}
