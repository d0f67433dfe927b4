/* review_stat.c — the stat of a diff, counted from the patch as it streams
 * (asking git for --stat as well would have it diff every file twice: the
 * view's cost would double on a large change). Printed the way git prints
 * it: " path | N ++--", then " N files changed, X insertions(+), Y
 * deletions(-)". */
#include "core/review/review_stat.h"
#include "core/util/grow.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lw_diffstat_init(lw_diffstat *s) { memset(s, 0, sizeof *s); }

void lw_diffstat_free(lw_diffstat *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].name);
	free(s->v);
	memset(s, 0, sizeof *s);
}

static bool starts(const char *s, size_t len, const char *pre)
{
	size_t n = strlen(pre);
	return len >= n && memcmp(s, pre, n) == 0;
}

static void set_name(lw_stat_file *f, const char *s, size_t len)
{
	/* git ends a ---/+++ name that holds a blank with a tab. */
	while (len && (s[len - 1] == '\t' || s[len - 1] == '\r'))
		len--;
	free(f->name);
	f->name = strndup(s, len);
	if (!f->name)
		abort();
}

void lw_diffstat_line(lw_diffstat *s, lw_rkind kind, const char *line, size_t len)
{
	if (kind == RK_FILE) {
		s->v = lw_grow(s->v, &s->cap, s->n, sizeof *s->v, 64);
		lw_stat_file *f = &s->v[s->n++];
		memset(f, 0, sizeof *f);
		/* "diff --git a/P b/P": P from the second half, until a better
		 * source (+++, rename to) names it. */
		const char *p = line + 11;
		size_t rest = len > 11 ? len - 11 : 0;
		if (rest >= 5 && (rest - 1) % 2 == 0 && starts(p, rest, "a/") && starts(p + (rest + 1) / 2, rest / 2, "b/"))
			set_name(f, p + (rest + 1) / 2 + 2, rest / 2 - 2);
		else
			set_name(f, p, rest);
		s->changed = true;
		return;
	}
	if (!s->n)
		return;
	lw_stat_file *f = &s->v[s->n - 1];
	switch (kind) {
	case RK_ADD: f->add++; s->add++; break;
	case RK_DEL: f->del++; s->del++; break;
	case RK_META:
		if (starts(line, len, "+++ b/"))
			set_name(f, line + 6, len - 6);
		else if (starts(line, len, "--- a/") && !f->renamed)
			set_name(f, line + 6, len - 6);
		else if (starts(line, len, "rename from ")) {
			f->renamed = true;
			set_name(f, line + 12, len - 12);
		} else if (starts(line, len, "rename to ")) {
			char *from = f->name ? strdup(f->name) : strdup("");
			size_t fl = strlen(from), tl = len - 10;
			char *both = malloc(fl + 4 + tl + 1);
			if (!from || !both)
				abort();
			memcpy(both, from, fl);
			memcpy(both + fl, " => ", 4);
			memcpy(both + fl + 4, line + 10, tl);
			set_name(f, both, fl + 4 + tl);
			free(from);
			free(both);
		} else if (starts(line, len, "Binary files ") || starts(line, len, "GIT binary patch"))
			f->binary = true;
		break;
	default:
		return;
	}
	s->changed = true;
}

static int digits(size_t n)
{
	int d = 1;
	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

#define GRAPH_MAX 50

void lw_diffstat_render(lw_diffstat *s, lw_rlines *out)
{
	s->changed = false;
	if (!s->n)
		return;
	size_t name_w = 0, max_change = 0;
	for (size_t i = 0; i < s->n; i++) {
		size_t l = s->v[i].name ? strlen(s->v[i].name) : 0;
		name_w = l > name_w ? l : name_w;
		size_t c = s->v[i].add + s->v[i].del;
		max_change = c > max_change ? c : max_change;
	}
	if (name_w > 900)
		name_w = 900;
	int count_w = digits(max_change);
	for (size_t i = 0; i < s->n && count_w < 3; i++)
		if (s->v[i].binary)
			count_w = 3;   /* room for "Bin" */
	char *buf = malloc(name_w + 64 + GRAPH_MAX + 1);
	if (!buf)
		abort();
	for (size_t i = 0; i < s->n; i++) {
		const lw_stat_file *f = &s->v[i];
		int n = snprintf(buf, name_w + 64, " %-*.*s | ", (int)name_w, (int)name_w, f->name ? f->name : "");
		if (f->binary) {
			n += snprintf(buf + n, 64, "%*s", count_w, "Bin");
		} else {
			size_t c = f->add + f->del, a = f->add, d = f->del;
			n += snprintf(buf + n, 64, "%*zu", count_w, c);
			if (max_change > GRAPH_MAX && c) {
				/* Scaled as git does: every change shows at least one mark. */
				size_t total = (c * (GRAPH_MAX - 1)) / max_change + 1;
				if (total < 2 && f->add && f->del)
					total = 2;
				if (f->add < f->del) {
					a = f->add ? (f->add * (GRAPH_MAX - 1)) / max_change + 1 : 0;
					if (a >= total)
						a = total - 1;
					d = total - a;
				} else {
					d = f->del ? (f->del * (GRAPH_MAX - 1)) / max_change + 1 : 0;
					if (f->add && d >= total)
						d = total - 1;
					a = total - d;
				}
			}
			if (a || d)
				buf[n++] = ' ';
			memset(buf + n, '+', a);
			n += (int)a;
			memset(buf + n, '-', d);
			n += (int)d;
		}
		lw_rlines_add(out, RK_STAT, buf, (size_t)n);
	}
	free(buf);
	char sum[160];
	int n = snprintf(sum, sizeof sum, " %zu file%s changed", s->n, s->n == 1 ? "" : "s");
	if (s->add || !s->del)
		n += snprintf(sum + n, sizeof sum - (size_t)n, ", %zu insertion%s(+)", s->add, s->add == 1 ? "" : "s");
	if (s->del || !s->add)
		n += snprintf(sum + n, sizeof sum - (size_t)n, ", %zu deletion%s(-)", s->del, s->del == 1 ? "" : "s");
	lw_rlines_add(out, RK_STAT, sum, (size_t)n);
	lw_rlines_add(out, RK_STAT, "", 0);
}
