/* memtune.c — every reload builds a fresh snapshot in arena chunks of up to
 * 8 MiB and frees the previous one. With glibc's defaults those chunks are
 * mmap()ed and munmap()ed (or trimmed off the heap top) each time, so every
 * reload faults its memory in again: measured at 10,000 tasks, page faults
 * were the largest cost after parsing itself. Serving the chunks from the
 * heap and keeping freed memory for the next reload removes that. Peak RSS
 * does not change (two snapshots coexist during a reload either way); the
 * memory simply stays mapped between reloads. Other C libraries keep their
 * own policy: what the C library is, is the platform's to know
 * (platform_malloc_tune). */
#include "core/util/memtune.h"
#include "platform/platform.h"

void lw_memory_tune(void) { platform_malloc_tune(); }
