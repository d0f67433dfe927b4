/* lizago_txtable.h — the verdict rows a pipeline of today's Liza accepts
 * (lizago_txtable.c). */
#ifndef LW_LIZAGO_TXTABLE_H
#define LW_LIZAGO_TXTABLE_H
#include "systems/liza/go/lizago_pipeline.h"
#include "core/model/tx.h"

/* The table of pipeline p: built once for the embedded pipeline (kept for
 * the life of the process), else once per read of the project's
 * pipeline.yaml, in a (the snapshot that read it). */
const tx_table *lizago_txtable(const lg_pipeline *p, arena *a);
/* The levers only today's Liza has: checkpoint, auto-resume-on, -off. */
extern const tx_table lizago_lever_table;

#endif
