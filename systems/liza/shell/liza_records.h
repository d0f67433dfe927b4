/* liza_records.h — what Liza's files record as having happened, for the
 * activity feed and `liza-watch events`: the newest entries of log.yaml
 * and the human notes of state.yaml, oldest first. */
#ifndef LW_LIZA_RECORDS_H
#define LW_LIZA_RECORDS_H
#include "core/model/model.h"

/* While log.yaml streams (liza_load.c), its newest entries are kept in a
 * ring of fixed slots: no second parse, no string per entry. */
enum { LIZA_REC_FIELD = 96 };
typedef struct liza_rec_slot {
	time_t time;
	char field[4][LIZA_REC_FIELD];   /* task, agent, action, detail ("" when absent) */
} liza_rec_slot;
typedef struct liza_rec_ring {
	liza_rec_slot *v;
	size_t cap, max, n, start;
	int field;                /* the field the next scalar is the value of, or -1 */
} liza_rec_ring;
void liza_rec_ring_init(liza_rec_ring *r);
/* What an entry's key names: a field (0-3: task, agent, action, detail),
 * LIZA_REC_TIME for "timestamp", -1 for any other key. Classified once by
 * the log's scanner (liza_load.c), which parses the timestamp itself: a
 * log of thousands of entries pays one comparison per key and no copy
 * beyond the fields it keeps. */
enum { LIZA_REC_TIME = 4 };
int liza_rec_key(const char *s, size_t len);
/* A new entry of the list (an item at depth 1). */
void liza_rec_ring_entry(liza_rec_ring *r);
/* A key of the current entry (liza_rec_key's class). */
void liza_rec_ring_key(liza_rec_ring *r, int cls);
/* The scalar value after it; t: the timestamp as the scanner parsed it
 * (LW_NO_TIME when it did not), used when the key was LIZA_REC_TIME. */
void liza_rec_ring_value(liza_rec_ring *r, const char *s, size_t len, time_t t);
/* The records: prev's (an appended tail follows them) then the ring's,
 * the newest lw_records_limit() of them, copied into a; the ring is freed. */
void liza_rec_ring_done(liza_rec_ring *r, arena *a, const lw_record *prev, size_t nprev, lw_record **out,
                        size_t *n);

/* A copy of v (the previous load's) into a: its arena may go first. */
void liza_records_copy(arena *a, const lw_record *v, size_t n, lw_record **out, size_t *nout);
/* The log records and the human notes under root, merged by time, as the snapshot's. */
void liza_records_project(lw_snapshot *snap, const lw_record *log, size_t nlog, const doc_node *root);

#endif
