/* lizago_generation.h — today's Liza (the Go program) as one generation behind
 * the adapter (systems/liza/liza_gen.h): all the rest of the go/ room is
 * reached through this. */
#ifndef LW_LIZAGO_GENERATION_H
#define LW_LIZAGO_GENERATION_H
#include "systems/liza/liza_gen.h"

extern const liza_generation lizago_generation;

#endif
