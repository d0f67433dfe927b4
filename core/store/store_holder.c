/* store_holder.c — see store_holder.h. The holder's pid and name come from
 * the platform (platform/platform.h: /proc/locks and /proc/PID/comm on
 * Linux, F_GETLK and sysctl elsewhere). */
#include "core/store/store_holder.h"
#include "core/util/escape.h"
#include "core/util/strbuf.h"
#include "platform/platform.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

void store_lock_holder(int fd, char *out, size_t n)
{
	snprintf(out, n, "another process");
	pid_t pid = platform_lock_holder(fd);
	if (pid <= 0)
		return;
	char comm[64];
	if (!platform_proc_name(pid, comm, sizeof comm)) {
		struct stat st;
		if (kill(pid, 0) == 0 || errno == EPERM)
			snprintf(out, n, "pid %ld", (long)pid);   /* alive; this system cannot name it */
		/* The locker is gone (flock(1) locked a descriptor it passed on):
		 * whoever still has the lock file open holds it. */
		else if (fstat(fd, &st) != 0 || !store_file_opener(st.st_dev, st.st_ino, false, out, n))
			snprintf(out, n, "a process that has the lock file open (locked by pid %ld, now gone)", (long)pid);
		return;
	}
	/* A process name is anyone's to choose: escape it for the terminal. */
	strbuf b;
	strbuf_init(&b);
	esc_term(&b, comm, strlen(comm), false);
	snprintf(out, n, "%s (pid %ld)", b.buf ? b.buf : "?", (long)pid);
	strbuf_free(&b);
}
