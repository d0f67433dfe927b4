/* notify.c — see notify.h. */
#include "notify/notify.h"
#include "core/util/fdlimit.h"
#include "core/util/progpath.h"
#include "core/model/alert_index.h"
#include "core/util/escape.h"
#include "core/util/strbuf.h"
#include "core/util/timeparse.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* At most this many notifications come from one change of the state. */
enum { NOTIFY_BURST = 3 };

extern char **environ;

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The program's words: split on blanks, no quoting, no expansion — a shell
 * never sees them. */
static char **split_words(const char *s)
{
	size_t cap = 8, n = 0;
	char **v = malloc(cap * sizeof *v);
	if (!v)
		return NULL;
	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		size_t len = strcspn(s, " \t");
		if (n + 2 > cap) {
			char **w = realloc(v, (cap *= 2) * sizeof *v);
			if (!w)
				break;
			v = w;
		}
		v[n++] = strndup(s, len);
		s += len;
	}
	v[n] = NULL;
	if (n == 0) {
		free(v);
		return NULL;
	}
	return v;
}

static int min_level(const lw_config *cfg)
{
	const char *lvl = cfg->notify_level ? cfg->notify_level : "crit";
	return strcmp(lvl, "off") == 0 ? -1 : strcmp(lvl, "warn") == 0 ? LW_WARN : LW_CRIT;
}

bool notify_hud_bell(const lw_config *cfg)
{
	return !cfg || (cfg->notify_bell && min_level(cfg) >= 0);
}

void notify_init(notifier *n, const lw_config *cfg, int tty, const char *project)
{
	memset(n, 0, sizeof *n);
	n->min_level = min_level(cfg);
	n->bell = cfg->notify_bell != 0;
	const char *t = cfg->notify_terminal ? cfg->notify_terminal : "off";
	n->osc = strcmp(t, "osc777") == 0 ? 777 : strcmp(t, "osc9") == 0 ? 9 : 0;
	const char *tm = getenv("TMUX");
	n->tmux = tm && *tm;
	n->tty = tty;
	n->argv = cfg->notify_program ? split_words(cfg->notify_program) : NULL;
	n->gap_ms = cfg->notify_gap * 1000;
	n->project = project;
	n->last_ms = -1;
	lw_alerts_init(&n->seen);
}

void notify_free(notifier *n)
{
	for (char **w = n->argv; w && *w; w++)
		free(*w);
	free(n->argv);
	lw_alerts_free(&n->seen);
	memset(n, 0, sizeof *n);
	n->tty = -1;
}

static void write_all(int fd, const char *s, size_t len)
{
	while (len) {
		ssize_t w = write(fd, s, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;   /* a terminal that went away: the notification is lost, not the watcher */
		s += w;
		len -= (size_t)w;
	}
}

/* One line of text about the alert, inert for any terminal. */
static void describe(strbuf *out, const lw_alert *a, size_t more)
{
	strbuf_printf(out, "%s ", lw_level_name(a->level));
	esc_term(out, a->system, strlen(a->system), true);
	strbuf_addc(out, ' ');
	esc_term(out, a->code, strlen(a->code), true);
	strbuf_addc(out, ' ');
	esc_term(out, a->subject, strlen(a->subject), true);
	strbuf_adds(out, ": ");
	esc_term(out, a->message, strlen(a->message), true);
	if (more)
		strbuf_printf(out, " (and %zu more)", more);
}

static void terminal(const notifier *n, const lw_alert *a, size_t more)
{
	if (n->tty < 0)
		return;
	strbuf seq;
	strbuf_init(&seq);
	if (n->osc) {
		strbuf osc, text;
		strbuf_init(&osc);
		strbuf_init(&text);
		describe(&text, a, more);
		/* ';' separates OSC 777's fields: the title holds none; the body may. */
		if (n->osc == 777)
			strbuf_printf(&osc, "\033]777;notify;liza-watch %s;%s\007", lw_level_name(a->level), text.buf);
		else
			strbuf_printf(&osc, "\033]9;liza-watch: %s\007", text.buf);
		if (n->tmux) {
			/* tmux passes a DCS "tmux;" sequence through with its ESCs doubled
			 * (allow-passthrough on). */
			strbuf_adds(&seq, "\033Ptmux;");
			for (size_t i = 0; i < osc.len; i++) {
				if (osc.buf[i] == '\033')
					strbuf_addc(&seq, '\033');
				strbuf_addc(&seq, osc.buf[i]);
			}
			strbuf_adds(&seq, "\033\\");
		} else {
			strbuf_add(&seq, osc.buf, osc.len);
		}
		strbuf_free(&osc);
		strbuf_free(&text);
	}
	if (n->bell)
		strbuf_addc(&seq, '\a');
	if (seq.len)
		write_all(n->tty, seq.buf, seq.len);
	strbuf_free(&seq);
}

static char *env_pair(const char *name, const char *value)
{
	strbuf b;
	strbuf_init(&b);
	strbuf_printf(&b, "%s=", name);
	esc_term(&b, value ? value : "", value ? strlen(value) : 0, true);
	return b.buf;   /* the child's, freed by its exec or exit */
}

/* Start the program and do not wait for it: a fork whose child forks the
 * program and exits at once, so the program is nobody's child to reap and
 * the HUD's own children (transactions) are left alone. */
static void run_program(const notifier *n, const lw_alert *a, size_t more)
{
	if (!n->argv)
		return;
	pid_t pid = fork();
	if (pid < 0)
		return;
	if (pid > 0) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return;
	}
	if (fork() != 0)
		_exit(0);
	size_t ne = 0;
	while (environ[ne])
		ne++;
	char **env = calloc(ne + 10, sizeof *env);
	if (!env)
		_exit(127);
	size_t k = 0;
	for (size_t i = 0; i < ne; i++)
		if (strncmp(environ[i], "LIZA_WATCH_", 11) != 0 || strncmp(environ[i], "LIZA_WATCH_NOW=", 15) == 0)
			env[k++] = environ[i];
	char tb[32], more_s[32];
	snprintf(more_s, sizeof more_s, "%zu", more);
	env[k++] = env_pair("LIZA_WATCH_LEVEL", lw_level_name(a->level));
	env[k++] = env_pair("LIZA_WATCH_SYSTEM", a->system);
	env[k++] = env_pair("LIZA_WATCH_CODE", a->code);
	env[k++] = env_pair("LIZA_WATCH_SUBJECT", a->subject);
	env[k++] = env_pair("LIZA_WATCH_MESSAGE", a->message);
	env[k++] = env_pair("LIZA_WATCH_SINCE", lw_format_time(a->since, tb, sizeof tb));
	/* Several projects in one HUD: the alert names its own. */
	env[k++] = env_pair("LIZA_WATCH_PROJECT", a->project ? a->project : n->project);
	env[k++] = env_pair("LIZA_WATCH_MORE", more_s);
	env[k] = NULL;
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
	}
	for (int fd = 3; fd < 1024; fd++)
		close(fd);
	lw_fdlimit_restore();   /* the program gets the limit it would have had */
	/* Found as e's editor is: PATH's absolute folders only, never inside
	 * the project (with "." in PATH, a project's ./notify-send would run). */
	char prog[4096], why[600];
	if (lw_progpath_find(n->argv[0], n->project, prog, sizeof prog, why, sizeof why))
		execve(prog, n->argv, env);
	_exit(127);
}

size_t notify_update(notifier *n, const lw_alerts *al)
{
	if (!n->started) {
		n->started = true;
		lw_alerts_copy(&n->seen, al);
		return 0;
	}
	/* The new alerts worth telling, most severe first (al is sorted). */
	const lw_alert *fresh[NOTIFY_BURST];
	size_t nfresh = 0;
	lw_alert_index seen;
	lw_alert_index_init(&seen, &n->seen);
	for (size_t i = 0; i < al->n; i++) {
		const lw_alert *a = &al->v[i];
		if (n->min_level < 0 || (int)a->level < n->min_level)
			continue;
		if (lw_alert_index_find(&seen, a->system, a->code, a->key))
			continue;
		if (nfresh < NOTIFY_BURST)
			fresh[nfresh] = a;
		nfresh++;
	}
	lw_alert_index_free(&seen);
	size_t made = 0;
	if (nfresh) {
		long long now = mono_ms();
		if (n->last_ms >= 0 && now - n->last_ms < n->gap_ms) {
			n->held += nfresh;
		} else {
			/* One notification per alert, at most NOTIFY_BURST in one go:
			 * the last one counts the rest and those held by the gap. */
			size_t told = nfresh < NOTIFY_BURST ? nfresh : NOTIFY_BURST;
			for (size_t i = 0; i < told; i++) {
				size_t more = i + 1 == told ? nfresh - told + n->held : 0;
				terminal(n, fresh[i], more);
				run_program(n, fresh[i], more);
				made++;
			}
			n->held = 0;
			n->last_ms = now;
			n->sent += made;
		}
	}
	/* The standing set: what is told (or held) stays seen until it clears. */
	lw_alerts_copy(&n->seen, al);
	return made;
}
