/* memtune.h — allocator settings for a process that reloads large states
 * over and over: see memtune.c. Call once, first thing in main(). */
#ifndef LW_MEMTUNE_H
#define LW_MEMTUNE_H
void lw_memory_tune(void);
#endif
