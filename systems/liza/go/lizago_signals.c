/* lizago_signals.c — provider stop signals (liza-mas/liza internal/agent
 * quota.go ClearExpiredQuotaSignals at 43a25cd, quota_reset.go
 * readQuotaSignalExpiry at 1cfee78, provider_unavailable's
 * ClearProviderUnavailableSignal; commands/resume.go ResumeCommand at
 * 51c6d5f): files a supervisor writes when a provider's quota ran out or
 * the provider is unusable; while one is there, agents of that provider
 * are not restarted. Liza's resume removes the unavailable ones and the
 * quota ones whose expiry has passed. A file is only ever removed by name
 * inside the .liza folder (a link is removed, never followed). */
#include "systems/liza/go/lizago_signals.h"
#include "core/store/store.h"
#include "core/util/fileio.h"
#include "core/util/timeparse.h"
#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define QUOTA "provider-quota-exhausted-"
#define UNAVAILABLE "provider-unavailable-"
enum { FALLBACK_BLOCK = 30 * 60, SIGNAL_MAX = 64 << 10 };

/* The first "key: value" of key in text, trimmed, into out. */
static bool field(const char *text, const char *key, char *out, size_t n)
{
	size_t kl = strlen(key);
	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		if (strncmp(l, key, kl) != 0 || strncmp(l + kl, ": ", 2) != 0)
			continue;
		const char *v = l + kl + 2, *e = strchr(v, '\n');
		size_t len = e ? (size_t)(e - v) : strlen(v);
		while (len && (v[len - 1] == ' ' || v[len - 1] == '\r' || v[len - 1] == '\t'))
			len--;
		while (len && (*v == ' ' || *v == '\t'))
			v++, len--;
		snprintf(out, n, "%.*s", (int)len, v);
		return true;
	}
	return false;
}

/* readQuotaSignalExpiry: expires, else detected + 30m, else mtime + 30m;
 * unreadable (a link, not a regular file, too big) blocks: now + 30m. */
static time_t quota_expiry(int dfd, const char *name, time_t now)
{
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat sb;
	if (fd < 0)
		return now + FALLBACK_BLOCK;
	char buf[SIGNAL_MAX + 1];
	ssize_t got = -1;
	if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size <= SIGNAL_MAX)
		got = read(fd, buf, SIGNAL_MAX);
	close(fd);
	if (got < 0)
		return now + FALLBACK_BLOCK;
	buf[got] = 0;
	char v[64];
	time_t t;
	if (field(buf, "expires", v, sizeof v) && lw_parse_time(v, &t) == 0)
		return t;
	if (field(buf, "detected", v, sizeof v) && lw_parse_time(v, &t) == 0)
		return t + FALLBACK_BLOCK;
	return sb.st_mtime + FALLBACK_BLOCK;
}

static void say(char *out, size_t n, const char *fmt, const char *a, const char *b)
{
	size_t used = strlen(out);
	if (used + 2 < n)
		snprintf(out + used, n - used, fmt, used ? "; " : "", a, b);
}

void lizago_signals_clear(const char *liza_dir, time_t now, char *out, size_t n)
{
	out[0] = 0;
	int dfd = open(liza_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return;
	DIR *d = fdopendir(dfd);
	if (!d) {
		close(dfd);
		return;
	}
	struct dirent *e;
	while ((e = readdir(d))) {
		const char *nm = e->d_name;
		bool quota = !strncmp(nm, QUOTA, strlen(QUOTA)) && nm[strlen(QUOTA)];
		bool unavail = !strncmp(nm, UNAVAILABLE, strlen(UNAVAILABLE)) && nm[strlen(UNAVAILABLE)];
		if (!quota && !unavail)
			continue;
		const char *provider = nm + strlen(quota ? QUOTA : UNAVAILABLE);
		if (quota) {
			time_t until = quota_expiry(dirfd(d), nm, now);
			if (now < until) {
				char ts[32];
				lw_format_time(until, ts, sizeof ts);
				say(out, n, "%skept the quota signal of %s until %s", provider, ts);
				continue;
			}
		}
		char p[LW_PATH_MAX];
		lw_error err;
		lw_error_clear(&err);
		lw_path_join(p, sizeof p, liza_dir, nm);
		if (store_remove_marker(p, &err) == STORE_ERR)
			say(out, n, "%scould not clear the %s signal of %s", quota ? "quota" : "provider-unavailable", provider);
		else
			say(out, n, "%scleared the %s signal of %s", quota ? "expired quota" : "provider-unavailable", provider);
	}
	closedir(d);
}
