/* store_holder.h — who holds a lock, for the message of a lock timeout. */
#ifndef LW_STORE_HOLDER_H
#define LW_STORE_HOLDER_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* "flock (pid 1234)" for the lock on the file open on fd (the platform's
 * lock holder and process name), "pid 1234" where the name cannot be
 * learned, or "another process" where not even that (a flock without /proc,
 * a holder in another PID namespace). */
void store_lock_holder(int fd, char *out, size_t n);

/* Another process with the file (dev, ino) open (for writing, with
 * writers_only): true, and who says "python3 (pid 42)". Walks /proc/PID/fd,
 * so ask it only on a slow path: a refused lease says "someone has it
 * open", this tells a writer from a reader (`tail -f`, a pager) that must
 * not hold us up. */
bool store_file_opener(dev_t dev, ino_t ino, bool writers_only, char *who, size_t n);

#endif
