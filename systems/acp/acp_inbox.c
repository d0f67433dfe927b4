/* acp_inbox.c — the agents' inbox messages as records, for the activity
 * feed and `liza-watch events`: who sent it (`from`, else `agent`), when
 * (`timestamp`, else `ts` in seconds or milliseconds), and one line of what
 * it says (its type, then the first of summary, topic, intent, message,
 * content, text, description, title, in the message or its payload or
 * details, else its task_id), whitespace and control characters folded to
 * single spaces and cut to ACP_INBOX_TEXT bytes on a character boundary.
 * Escaping for a terminal, tmux or JSON stays with whoever prints it.
 *
 * The loader reads every message anyway (to count them by type); this keeps
 * the few bytes of each and, at the end of the load, the newest
 * lw_records_limit() in the order they arrived: by when their files were
 * written (the one stat added per message read), not by the time they
 * carry, which their writers take from clocks that disagree (upstream's
 * bridge writes local time, its orchestrator UTC). The bounded tail is then
 * the messages that came last, whatever they say of themselves. */
#include "systems/acp/acp.h"
#include "core/model/activity.h"
#include "core/util/fileio.h"
#include "core/util/grow.h"
#include "core/util/inputs.h"
#include "core/util/timeparse.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { ACP_INBOX_TEXT = 120 };

typedef struct acp_msg {
	time_t time;              /* the message's own, or LW_NO_TIME */
	struct timespec order;    /* when its file was written */
	const char *to;           /* the inbox's agent (lives in the snapshot) */
	char *path, *from, *text; /* malloc'd until acp_msgs_done */
} acp_msg;

static char *dup_or_null(const char *s)
{
	if (!s)
		return NULL;
	char *d = strdup(s);
	if (!d)
		abort();   /* as every allocation here does when memory runs out */
	return d;
}

/* s folded to one line in out (n bytes), cut on a character boundary with
 * "…" when it does not fit. */
static void one_line(char *out, size_t n, const char *s)
{
	size_t o = 0;
	bool space = false, cut = false;
	for (const unsigned char *p = (const unsigned char *)s; *p && !cut; p++) {
		if (*p < 0x20 || *p == 0x7f || *p == ' ') {
			space = o > 0;
			continue;
		}
		size_t len = *p < 0x80 ? 1 : (*p & 0xe0) == 0xc0 ? 2 : (*p & 0xf0) == 0xe0 ? 3 : (*p & 0xf8) == 0xf0 ? 4 : 1;
		for (size_t k = 1; k < len; k++)
			if (!p[k]) {   /* a sequence cut short by the end: the byte alone */
				len = 1;
				break;
			}
		if (o + space + len + sizeof "…" > n) {
			cut = true;
			break;
		}
		if (space)
			out[o++] = ' ';
		space = false;
		memcpy(out + o, p, len);
		o += len;
		p += len - 1;
	}
	if (cut) {
		memcpy(out + o, "…", sizeof "…" - 1);
		o += sizeof "…" - 1;
	}
	out[o] = '\0';
}

static const char *what_of(const doc_node *m)
{
	static const char *const keys[] = { "summary", "topic", "intent", "message", "content", "text",
		                            "description", "title", NULL };
	const doc_node *where[] = { m, doc_deref(doc_get(m, "payload")), doc_deref(doc_get(m, "details")) };
	for (size_t w = 0; w < sizeof where / sizeof *where; w++)
		for (size_t k = 0; where[w] && keys[k]; k++) {
			const char *s = doc_str(doc_get(where[w], keys[k]));
			if (s && *s)
				return s;
		}
	return doc_str(doc_get(m, "task_id"));
}

static time_t time_of(const doc_node *m)
{
	time_t t;
	long long v;
	if (doc_time(doc_get(m, "timestamp"), &t) == DOC_OK)
		return t;
	if (doc_int(doc_get(m, "ts"), &v) == DOC_OK && v > 0)
		return (time_t)(v > 100000000000LL ? v / 1000 : v);   /* milliseconds when that large */
	return LW_NO_TIME;
}

void acp_msgs_add(acp_msgs *ms, const char *to, const char *path, const doc_node *m)
{
	if (!doc_is_map(m))
		return;
	ms->v = lw_grow(ms->v, &ms->cap, ms->n, sizeof *ms->v, 16);
	acp_msg *x = &ms->v[ms->n++];
	x->to = to;
	x->path = dup_or_null(path);
	const char *from = doc_str(doc_get(m, "from"));
	x->from = dup_or_null(from ? from : doc_str(doc_get(m, "agent")));
	const char *type = doc_str(doc_get(m, "type")), *what = what_of(m);
	char raw[1024], line[ACP_INBOX_TEXT + 1];
	snprintf(raw, sizeof raw, "%s%s%.900s", type ? type : "", type && what ? ": " : "", what ? what : "");
	one_line(line, sizeof line, raw);
	x->text = dup_or_null(*line ? line : NULL);
	x->time = time_of(m);
	struct stat st;
	x->order = lw_stat(path, &st, LW_STAT_FULL) == 0 ? st.st_mtim : (struct timespec){ 0, 0 };
}

static int by_order(const void *pa, const void *pb)
{
	const acp_msg *a = pa, *b = pb;
	if (a->order.tv_sec != b->order.tv_sec)
		return a->order.tv_sec < b->order.tv_sec ? -1 : 1;
	if (a->order.tv_nsec != b->order.tv_nsec)
		return a->order.tv_nsec < b->order.tv_nsec ? -1 : 1;
	return strcmp(a->path ? a->path : "", b->path ? b->path : "");
}

void acp_msgs_done(acp_msgs *ms, lw_snapshot *snap)
{
	size_t keep = lw_records_limit();
	if (ms->n) {
		qsort(ms->v, ms->n, sizeof *ms->v, by_order);
		size_t skip = ms->n > keep ? ms->n - keep : 0;
		snap->records = arena_alloc(&snap->mem, (ms->n - skip) * sizeof *snap->records);
		for (size_t i = skip; i < ms->n; i++) {
			lw_record *r = &snap->records[snap->nrecords++];
			r->time = ms->v[i].time;
			r->kind = "message";
			r->subject = ms->v[i].to;
			r->actor = ms->v[i].from ? arena_strdup(&snap->mem, ms->v[i].from) : NULL;
			r->text = ms->v[i].text ? arena_strdup(&snap->mem, ms->v[i].text) : NULL;
		}
	}
	for (size_t i = 0; i < ms->n; i++) {
		free(ms->v[i].path);
		free(ms->v[i].from);
		free(ms->v[i].text);
	}
	free(ms->v);
	memset(ms, 0, sizeof *ms);
}
