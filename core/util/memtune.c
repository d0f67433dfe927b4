/* memtune.c — every reload builds a fresh snapshot in arena chunks of up to
 * 8 MiB and frees the previous one. With glibc's defaults those chunks are
 * mmap()ed and munmap()ed (or trimmed off the heap top) each time, so every
 * reload faults its memory in again: measured at 10,000 tasks, page faults
 * were the largest cost after parsing itself. Serving the chunks from the
 * heap and keeping freed memory for the next reload removes that. Peak RSS
 * does not change (two snapshots coexist during a reload either way); the
 * memory simply stays mapped between reloads. Other C libraries keep their
 * own policy. */
#include "core/util/memtune.h"
#include <stdlib.h>   /* first: it defines __GLIBC__ on glibc */
#ifdef __GLIBC__
#include <malloc.h>
#endif

void lw_memory_tune(void)
{
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
	mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
#endif
}
