/* helper_fa.h — shared by the Foreman and ACP tests: a temp project, files
 * written by relative path (folders made as needed), the project opened,
 * loaded and checked at a fixed clock, transitions fired through the
 * adapter, and tree comparisons that say which values changed. Every
 * function is fa_-prefixed (helpers are linked into every test binary). */
#ifndef FA_HELPER_H
#define FA_HELPER_H
#include <stdbool.h>
#include "core/model/adapter.h"
#include "core/util/timeparse.h"

typedef struct fa_run {
	char dir[256];
	lw_project proj;
	bool open;
	lw_alerts al;
	lw_check_ctx ctx;
} fa_run;

time_t fa_time(const char *iso);
void fa_open(fa_run *r);
void fa_write(fa_run *r, const char *rel, const char *text);
void fa_remove(fa_run *r, const char *rel);
char *fa_read(fa_run *r, const char *rel);          /* malloc'd; NULL when missing */
/* Copy $LW_FIXTURES/<fixture_rel> (else tests/fixtures/...) to <rel>. */
void fa_copy_fixture(fa_run *r, const char *fixture_rel, const char *rel);
/* (Re)open the project at dir (or at dir/sub), load every source, check at now. */
void fa_load(fa_run *r, const char *now);
void fa_load_at(fa_run *r, const char *sub, const char *now);
void fa_recheck(fa_run *r, const char *now);
const lw_source *fa_source(fa_run *r, const char *system);   /* fails the test when absent */
const lw_task *fa_task(fa_run *r, const char *system, const char *id);
void fa_close(fa_run *r);

const lw_alert *fa_find(const fa_run *r, const char *code, const char *subject);
size_t fa_count(const fa_run *r, const char *code);      /* NULL: all */
void fa_dump(const fa_run *r);
void fa_expect_at(const fa_run *r, lw_level level, const char *code, const char *subject, const char *fragment,
                  const char *file, int line);
#define FA_EXPECT(r, level, code, subject, fragment) fa_expect_at(r, level, code, subject, fragment, __FILE__, __LINE__)

/* Fire event on system:subject as the loaded snapshot shows it (the status
 * it shows is the compare-and-swap value), at now. */
tx_rc fa_tx(fa_run *r, const char *system, const char *subject, const char *event, const char *reason,
            const char *now, tx_result *res);

/* The values that differ between two documents, as "path" lines sorted
 * ("phase", "history[2]", "last_event.ts"), so a test can say exactly
 * which values a write changed. Keys added or removed show too. */
char *fa_changed(const char *old_text, const char *new_text);

#endif
