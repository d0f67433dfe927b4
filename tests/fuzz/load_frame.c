/* load_frame.c — see load_frame.h. */
#include <fcntl.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/model/adapter.h"
#include "core/util/timeparse.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/load_frame.h"
#include "tests/fuzz/report_props.h"

#define MAX_CHUNKS 32

typedef enum chunk_kind { CH_FILE, CH_DIR, CH_LINK, CH_FIFO, CH_APPEND } chunk_kind;
typedef struct chunk {
	chunk_kind kind;
	char path[256];         /* relative to the system's folder */
	char target[256];       /* CH_LINK */
	const uint8_t *body;
	size_t len;
} chunk;

static char base[128];      /* the project folder, made once per process */

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)flag;
	if (f->level > 0)
		remove(p);
	return 0;
}

static void remove_base(void)
{
	nftw(base, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	rmdir(base);
}

/* tmpfs when there is one: the loaders stat and read every file, every run. */
static void make_base(void)
{
	if (base[0])
		return;
	struct stat st;
	const char *tmp = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) ? "/dev/shm" : "/tmp";
	snprintf(base, sizeof base, "%s/lw-fuzz-XXXXXX", tmp);
	FUZZ_CHECK(mkdtemp(base) != NULL, "cannot make a temp folder under %s", tmp);
	atexit(remove_base);
}

/* Relative, no "..": the input must not reach outside the project. */
static bool safe_rel(const char *p)
{
	if (!*p || *p == '/')
		return false;
	for (const char *c = p; *c;) {
		size_t l = strcspn(c, "/");
		if (l == 2 && c[0] == '.' && c[1] == '.')
			return false;
		c += l;
		while (*c == '/')
			c++;
	}
	return true;
}

/* "%%file PATH" and friends; false when the line is no marker. */
static bool parse_marker(const uint8_t *line, size_t len, chunk *c)
{
	static const struct { const char *word; chunk_kind kind; } words[] = {
		{ "%%file ", CH_FILE }, { "%%dir ", CH_DIR }, { "%%link ", CH_LINK },
		{ "%%fifo ", CH_FIFO }, { "%%append ", CH_APPEND },
	};
	for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
		size_t wl = strlen(words[i].word);
		if (len <= wl || len - wl >= sizeof c->path || memcmp(line, words[i].word, wl) != 0)
			continue;
		memset(c, 0, sizeof *c);
		c->kind = words[i].kind;
		memcpy(c->path, line + wl, len - wl);
		if (memchr(c->path, '\0', len - wl))
			return false;
		if (c->kind == CH_LINK) {
			char *arrow = strstr(c->path, " -> ");
			if (!arrow)
				return false;
			*arrow = '\0';
			snprintf(c->target, sizeof c->target, "%s", arrow + 4);
			if (!safe_rel(c->target))
				return false;
		}
		return safe_rel(c->path);
	}
	return false;
}

/* Split the input into chunks; the first is the main file. */
static size_t split(const fuzz_system *sys, const uint8_t *d, size_t n, chunk *out)
{
	size_t nc = 1;
	memset(&out[0], 0, sizeof out[0]);
	out[0].kind = CH_FILE;
	snprintf(out[0].path, sizeof out[0].path, "%s", sys->main_file);
	out[0].body = d;
	for (size_t i = 0; i < n; i++) {
		if ((i && d[i - 1] != '\n') || n - i < 2 || d[i] != '%' || d[i + 1] != '%')
			continue;
		const uint8_t *nl = memchr(d + i, '\n', n - i);
		size_t ll = nl ? (size_t)(nl - (d + i)) : n - i;
		chunk c;
		if (nc == MAX_CHUNKS || !parse_marker(d + i, ll, &c))
			continue;
		out[nc - 1].len = (size_t)((d + i) - out[nc - 1].body);
		c.body = nl ? nl + 1 : d + n;
		out[nc++] = c;
		i += ll;
	}
	out[nc - 1].len = (size_t)((d + n) - out[nc - 1].body);
	return nc;
}

static void mkdirs(char *path)
{
	for (char *s = strchr(path + strlen(base) + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(path, 0755);
		*s = '/';
	}
}

static void put(const char *root, const chunk *c, bool append)
{
	char p[1024];
	snprintf(p, sizeof p, "%s/%s", root, c->path);
	mkdirs(p);
	switch (c->kind) {
	case CH_DIR: mkdir(p, 0755); return;
	case CH_LINK: (void)symlink(c->target, p); return;
	case CH_FIFO: (void)mkfifo(p, 0644); return;
	default: break;
	}
	if ((c->kind == CH_APPEND) != append)
		return;
	/* O_NONBLOCK: a path the input made a FIFO must not block us here. */
	int fd = open(p, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0644);
	if (fd < 0)
		return;
	struct stat st;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		for (size_t off = 0; off < c->len;) {
			ssize_t w = write(fd, c->body + off, c->len - off);
			if (w <= 0)
				break;
			off += (size_t)w;
		}
	close(fd);
}

static void load_and_check(lw_project *p, bool reload, lw_alerts *al)
{
	if (reload)
		for (size_t i = 0; i < p->n; i++)
			lw_project_reload(p, i);
	else
		lw_project_load_all(p);
	lw_alerts_clear(al);
	lw_check_ctx ctx = { .now = 1768903200 /* 2026-01-20T10:00:00Z */, .next_deadline = LW_NO_TIME, .out = al };
	lw_project_check(p, &ctx);
	lw_alerts_sort(al);
	for (size_t i = 0; i < p->n; i++)
		FUZZ_CHECK(p->src[i].good || p->src[i].failed, "source %zu neither loaded nor failed", i);
	fuzz_report_props(p, al, NULL);
	fuzz_report_props(p, al, "%S %L [%T/%W] %c/%w/%i %%");
}

int fuzz_load_one(const fuzz_system *sys, const uint8_t *data, size_t size)
{
	static chunk ch[MAX_CHUNKS];
	static lw_project proj;
	make_base();
	nftw(base, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	char root[512];
	snprintf(root, sizeof root, "%s/%s/", base, sys->root);
	mkdirs(root);
	size_t nc = split(sys, data, size, ch);
	bool appends = false;
	for (size_t i = 0; i < nc; i++) {
		put(root, &ch[i], false);
		appends |= ch[i].kind == CH_APPEND;
	}
	lw_error err;
	lw_error_clear(&err);
	FUZZ_CHECK(lw_project_open(&proj, base, &err) == 0, "project open: %s", err.msg);
	lw_alerts al;
	lw_alerts_init(&al);
	load_and_check(&proj, false, &al);
	if (appends) {
		for (size_t i = 0; i < nc; i++)
			put(root, &ch[i], true);
		load_and_check(&proj, true, &al);
	}
	lw_alerts_free(&al);
	lw_project_close(&proj);
	return 0;
}
