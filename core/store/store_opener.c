/* store_opener.c — who has a file open: the platform finds the process
 * (platform_file_opener: /proc/PID/fd on Linux), asked only on a slow path
 * (a lease refused, a lock timed out). Where the system cannot say (the
 * BSDs, macOS, PORTABLE) nobody can be named: false. */
#include "core/store/store_holder.h"
#include "platform/platform.h"
#include <stdio.h>

bool store_file_opener(dev_t dev, ino_t ino, bool writers_only, char *who, size_t n)
{
	pid_t pid = platform_file_opener(dev, ino, writers_only);
	if (pid <= 0)
		return false;
	char comm[32];
	if (!platform_proc_name(pid, comm, sizeof comm))
		comm[0] = '\0';
	for (char *c = comm; *c; c++)   /* anyone's to choose: keep it printable */
		if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
			*c = '?';
	snprintf(who, n, "%s (pid %ld)", comm[0] ? comm : "?", (long)pid);
	return true;
}
