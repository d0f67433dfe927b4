/* helper_liza_diff.c — see helper_liza_diff.h. */
#include "tests/unit/helper_liza_diff.h"
#include "systems/liza/liza_gen.h"
#include "systems/liza/shell/liza_tx.h"
#include "systems/liza/go/lizago_tx.h"
#include "core/edit/edit.h"
#include "core/model/model.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char msg[4096];

const char *const liza_diff_odd_logs[] = {
	"- a: 1\n",                                   /* one item */
	"- a: 1\n- b: 2\n",
	"---\n- a: 1\n- b: 2\n",                      /* a document marker */
	"- a: 1\n- b: 2",                             /* no line break at the end */
	"  - a: 1\n  - b: 2\n",                       /* indented root */
	"- a: \"x\n- b: y\"\n- c: 3\n",               /* a dash line inside a quoted scalar */
	"-\n  a: 1\n-\n  b: 2\n",                     /* items below their dash */
	"- a\n- b\n- c\n",                            /* scalar items */
	"- [1, 2]\n- {a: 1}\n- x: 1\n",
	"x: 1\n",                                     /* not a sequence */
	"- a: 1\r\n- b: 2\r\n",
	"# c\n\n- a: 1\n  # c\n- b: 2\n\n# end\n",
	"- a: 1\n- b: 2\n  b: 3\n- c: 4\n",          /* a key twice: a full parse refuses the log */
	"- a: &x 1\n- b: *x\n- c: 4\n",             /* an alias */
	"- a: 1\n- b: *nowhere\n- c: 4\n",          /* an unknown one */
	"- a: 1\n- {b: 2, b: 3}\n- c: 4\n",
	"- a: 1\n...\n",
};
const size_t liza_diff_nodd_logs = sizeof liza_diff_odd_logs / sizeof *liza_diff_odd_logs;

static int put(const char *path, const char *b, size_t n, bool append)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0644);
	if (fd < 0)
		return -1;
	ssize_t w = n ? write(fd, b, n) : 0;
	close(fd);
	return w == (ssize_t)n ? 0 : -1;
}

static char *get(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	*n = 0;
	if (!f)
		return NULL;
	size_t cap = 4096, len = 0;
	char *b = malloc(cap);
	size_t r;
	while (b && (r = fread(b + len, 1, cap - len, f)) > 0) {
		len += r;
		if (len == cap)
			b = realloc(b, cap *= 2);
	}
	fclose(f);
	*n = len;
	return b;
}

static void rm_project(const char *proj)
{
	static const char *const names[] = { "state.yaml", "log.yaml", "state.yaml.lock", "PAUSE", "ABORT", "CHECKPOINT" };
	char p[4300];
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		snprintf(p, sizeof p, "%s/.liza/%s", proj, names[i]);
		unlink(p);
	}
	snprintf(p, sizeof p, "%s/.liza", proj);
	rmdir(p);
	rmdir(proj);
}

/* One folder for every run, so the messages (which name the files) of the
 * two paths can be compared as they are. */
static const char *project(void)
{
	static char base[] = "/tmp/lw-liza-diff-XXXXXX";
	static char proj[64];
	if (!proj[0]) {
		if (!mkdtemp(base))
			return NULL;
		snprintf(proj, sizeof proj, "%s/p", base);
	}
	return proj;
}

typedef struct outcome {
	int rc;
	tx_result res;
	char *state, *log;
	size_t slen, llen;
} outcome;

enum { REF, BARE, FAST };

static int run_one(const liza_diff_case *c, int mode, outcome *o)
{
	const char *proj = project();
	char dir[96], sp[128], lp[128];
	if (!proj || mkdir(proj, 0755) != 0)
		return -1;
	snprintf(dir, sizeof dir, "%s/.liza", proj);
	snprintf(sp, sizeof sp, "%s/state.yaml", dir);
	snprintf(lp, sizeof lp, "%s/log.yaml", dir);
	if (mkdir(dir, 0755) != 0 || put(sp, c->state, c->slen, false) != 0 ||
	    (c->log && put(lp, c->log, c->llen, false) != 0)) {
		rm_project(proj);
		return -1;
	}
	lw_snapshot *snap = NULL;
	bool fast = mode == FAST;
	if (fast) {
		lw_error err;
		lw_error_clear(&err);
		snap = lw_snapshot_new();
		if (liza_load(dir, NULL, snap, &err) < 0) {
			lw_snapshot_free(snap);
			snap = NULL;   /* nothing loaded: the transition goes without, as the adapter's would */
		}
	}
	if (c->state_now)
		put(sp, c->state_now, c->state_now_len, false);
	if (c->log_append && c->log)
		put(lp, c->log_append, strlen(c->log_append), true);
	lw_snapshot *first = NULL;
	if (fast && snap && c->reload) {
		lw_error err;
		lw_error_clear(&err);
		first = snap;
		snap = lw_snapshot_new();
		if (liza_load(dir, first, snap, &err) < 0) {
			lw_snapshot_free(snap);
			snap = NULL;
		}
	}
	edit_test_full_verify(mode == REF);
	memset(&o->res, 0, sizeof o->res);
	/* The reference: nothing prepared, one parse under the lock (either
	 * generation's transition with nothing held). */
	o->rc = fast ? liza_transition_from(dir, snap, &c->rq, &o->res)
	      : mode == BARE ? liza_transition(dir, &c->rq, &o->res)
	      : liza_detect_file(dir) == LIZA_GEN_SHELL ? liza_shell_transition(dir, &c->rq, &o->res)
	      : liza_detect_file(dir) == LIZA_GEN_GO ? lizago_transition(dir, &c->rq, &o->res)
	      : liza_transition(dir, &c->rq, &o->res);
	edit_test_full_verify(false);
	lw_snapshot_free(snap);
	lw_snapshot_free(first);
	o->state = get(sp, &o->slen);
	o->log = get(lp, &o->llen);
	rm_project(proj);
	return 0;
}

static bool same_bytes(const char *a, size_t an, const char *b, size_t bn)
{
	return an == bn && (an == 0 || (a && b && memcmp(a, b, an) == 0));
}

static const char *compare(const char *what, const outcome *full, const outcome *fast)
{
	if (full->rc != fast->rc || strcmp(full->res.message, fast->res.message) != 0 ||
	    strcmp(full->res.note, fast->res.note) != 0) {
		snprintf(msg, sizeof msg, "%s: answers differ: full %d \"%.600s\" / \"%.400s\"; fast %d \"%.600s\" / \"%.400s\"", what,
		         full->rc, full->res.message, full->res.note, fast->rc, fast->res.message, fast->res.note);
		return msg;
	}
	if (!same_bytes(full->state, full->slen, fast->state, fast->slen)) {
		snprintf(msg, sizeof msg, "%s: state.yaml differs (%zu bytes full, %zu fast)", what, full->slen, fast->slen);
		return msg;
	}
	if (!same_bytes(full->log, full->llen, fast->log, fast->llen)) {
		snprintf(msg, sizeof msg, "%s: log.yaml differs (%zu bytes full, %zu fast): full ends \"%.200s\", fast ends \"%.200s\"",
		         what, full->llen, fast->llen, full->llen > 200 ? full->log + full->llen - 200 : full->log ? full->log : "",
		         fast->llen > 200 ? fast->log + fast->llen - 200 : fast->log ? fast->log : "");
		return msg;
	}
	return NULL;
}

const char *liza_diff_run(const liza_diff_case *c)
{
	outcome o[3];
	memset(o, 0, sizeof o);
	const char *r = NULL;
	for (int m = REF; m <= FAST && !r; m++)
		if (run_one(c, m, &o[m]) < 0)
			r = "cannot make a temp project";
	if (!r)
		r = compare("with the snapshot", &o[REF], &o[FAST]);
	if (!r)
		r = compare("without a snapshot", &o[REF], &o[BARE]);
	for (int m = REF; m <= FAST; m++) {
		free(o[m].state);
		free(o[m].log);
	}
	return r;
}
