/* lizago_detail.h — the detail view's lines for a task of today's Liza
 * (lizago_detail.c). */
#ifndef LW_LIZAGO_DETAIL_H
#define LW_LIZAGO_DETAIL_H
#include "systems/liza/go/lizago.h"
#include "core/util/strbuf.h"

void lizago_detail(const lizago_state *st, const lw_task *t, time_t now, strbuf *out);

#endif
