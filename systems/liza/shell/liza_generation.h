/* liza_generation.h — the shell era as one generation behind the adapter
 * (systems/liza/liza_gen.h; liza_generation.c). */
#ifndef LW_LIZA_GENERATION_H
#define LW_LIZA_GENERATION_H
#include "systems/liza/liza_gen.h"

extern const liza_generation liza_shell_generation;

#endif
