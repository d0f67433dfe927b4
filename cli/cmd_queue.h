/* cmd_queue.h — the queue over a loaded fleet, for `queue` and `export`. */
#ifndef LW_CMD_QUEUE_H
#define LW_CMD_QUEUE_H
#include "core/model/fleet.h"
#include "core/model/queue.h"
#include "core/review/review_counts.h"

/* al[i]: member i's alerts; counts NULL: no diff counts. */
void cmd_queue_build(const lw_fleet *f, const lw_alerts *al, lw_queue *q, lw_queue_order order, lw_counts *counts);

#endif
