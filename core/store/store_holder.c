/* store_holder.c — see store_holder.h. /proc/locks lists every flock as
 * "N: FLOCK  ADVISORY  WRITE PID MAJ:MIN:INODE 0 EOF"; waiters are the
 * "N: -> FLOCK …" lines, skipped. */
#include "core/store/store_holder.h"
#include "core/util/escape.h"
#include "core/util/strbuf.h"
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

static void comm_of(long pid, char *out, size_t n)
{
	char p[64];
	snprintf(p, sizeof p, "/proc/%ld/comm", pid);
	FILE *f = fopen(p, "re");
	out[0] = '\0';
	if (!f)
		return;
	if (fgets(out, (int)n, f))
		out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

void store_lock_holder(int fd, char *out, size_t n)
{
	snprintf(out, n, "another process");
	struct stat st;
	FILE *f = fstat(fd, &st) == 0 ? fopen("/proc/locks", "re") : NULL;
	if (!f)
		return;
	char line[256];
	while (fgets(line, sizeof line, f)) {
		char kind[16], mode[16], rw[16];
		long pid;
		unsigned maj, min;
		unsigned long long ino;
		if (strstr(line, "->"))
			continue;
		if (sscanf(line, "%*d: %15s %15s %15s %ld %x:%x:%llu", kind, mode, rw, &pid, &maj, &min, &ino) != 7)
			continue;
		if (ino != (unsigned long long)st.st_ino || maj != major(st.st_dev) || min != minor(st.st_dev))
			continue;
		char comm[64];
		comm_of(pid, comm, sizeof comm);
		if (!comm[0]) {
			/* The locker is gone (flock(1) locked a descriptor it passed
			 * on): whoever still has the lock file open holds it. */
			if (!store_file_opener(st.st_dev, st.st_ino, false, out, n))
				snprintf(out, n, "a process that has the lock file open (locked by pid %ld, now gone)", pid);
			break;
		}
		/* A process name is anyone's to choose: escape it for the terminal. */
		strbuf b;
		strbuf_init(&b);
		esc_term(&b, comm, strlen(comm), false);
		snprintf(out, n, "%s (pid %ld)", b.buf ? b.buf : "?", pid);
		strbuf_free(&b);
		break;
	}
	fclose(f);
}
