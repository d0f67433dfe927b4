/* lizago_signals.h — the provider stop signals today's Liza keeps beside
 * its state (lizago_signals.c), cleared as its resume command clears them. */
#ifndef LW_LIZAGO_SIGNALS_H
#define LW_LIZAGO_SIGNALS_H
#include <stddef.h>
#include <time.h>

/* After a resume: remove every .liza/provider-unavailable-<provider> and
 * every .liza/provider-quota-exhausted-<provider> whose expiry has come at
 * now; keep a quota signal that still blocks, or that cannot be read. Says
 * what it did in out ("" when there was no signal). */
void lizago_signals_clear(const char *liza_dir, time_t now, char *out, size_t n);

#endif
