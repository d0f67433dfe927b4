/* helper_proj.h — a temp project of any systems for the RCS and AoT tests:
 * write files at paths relative to it (folders made as needed), copy shared
 * examples (the RCS ones by their encoded names), open it as liza-watch
 * does (detection, load, checks at a fixed clock), fire transitions, and
 * fingerprint every byte under it to prove a denial wrote nothing. Every
 * function is tp_-prefixed (helpers are linked into every test binary). */
#ifndef TP_PROJ_H
#define TP_PROJ_H
#include "core/model/adapter.h"
#include "core/util/timeparse.h"

typedef struct tp {
	char dir[256];
	lw_project proj;
	bool opened;
	lw_alerts al;
	lw_check_ctx ctx;
	tx_result res;
} tp;

void tp_open(tp *p);                      /* empty temp project */
void tp_close(tp *p);                     /* free, remove the temp dir */
void tp_write(tp *p, const char *rel, const char *text);
void tp_remove(tp *p, const char *rel);
char *tp_read(tp *p, const char *rel);    /* malloc'd; NULL when missing */
/* Copy $LW_FIXTURES/<rel> (else tests/fixtures/<rel>) to <dir>/<dst>. */
void tp_copy_fixture(tp *p, const char *rel, const char *dst);
/* Copy examples/rcs/<encoded> to <base>/<decoded>: "sessions__s__x-state.min.json"
 * is sessions/s/x-state.json, "root__" is the base itself, and the words
 * between the first dot and ".json" only tell variants apart. */
void tp_copy_rcs(tp *p, const char *base, const char *encoded);
/* Detect, load every source, check at now ("2026-…Z"). Returns how many
 * sources failed to load. Call again to reload (the project is kept, so a
 * failed load keeps the last good snapshot, as in the HUD). */
size_t tp_load(tp *p, const char *now);
const lw_source *tp_source(tp *p, const char *system);
const lw_snapshot *tp_snap(tp *p, const char *system);
/* Run system's transition on subject (NULL: a lever) at now. */
int tp_tx(tp *p, const char *system, const char *subject, const char *event, const char *reason,
          const char *now);
int tp_tx_rq(tp *p, const char *system, tx_request *rq);
/* Every file under the project (path and bytes), lock files left out: two
 * equal fingerprints mean nothing was written. malloc'd. */
char *tp_fingerprint(tp *p);
/* The status line (plain), malloc'd. */
char *tp_status(tp *p);

const lw_alert *tp_find(const tp *p, const char *system, const char *code, const char *subject);
size_t tp_count(const tp *p, const char *system, const char *code);   /* NULL code: all */
void tp_dump(const tp *p);
void tp_expect_at(const tp *p, lw_level level, const char *system, const char *code, const char *subject,
                  const char *fragment, const char *file, int line);
void tp_expect_none_at(const tp *p, const char *system, const char *code, const char *subject, const char *file,
                       int line);
#define TP_EXPECT(p, level, sys, code, subject, fragment) \
	tp_expect_at(p, level, sys, code, subject, fragment, __FILE__, __LINE__)
#define TP_NONE(p, sys, code, subject) tp_expect_none_at(p, sys, code, subject, __FILE__, __LINE__)
/* The message contains every fragment given (NULL-ended). */
void tp_contains_at(const char *text, const char *file, int line, ...);
#define TP_CONTAINS(text, ...) tp_contains_at(text, __FILE__, __LINE__, __VA_ARGS__, (const char *)NULL)

#endif
