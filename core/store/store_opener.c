/* store_opener.c — who has a file open, by walking /proc/PID/fd: asked
 * only on a slow path (a lease refused, a lock timed out). Without /proc
 * (the BSDs, macOS, PORTABLE) nobody can be named: false. */
#include "core/store/store_holder.h"
#include "platform/platform.h"
#ifndef LW_HAVE_PROC
bool store_file_opener(dev_t dev, ino_t ino, bool writers_only, char *who, size_t n)
{
	(void)dev; (void)ino; (void)writers_only; (void)who; (void)n;
	return false;
}
#else
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

static bool writable_fd(const char *pid, const char *fd)
{
	char p[600], line[128];
	snprintf(p, sizeof p, "/proc/%s/fdinfo/%s", pid, fd);
	FILE *f = fopen(p, "re");
	if (!f)
		return false;
	bool w = false;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, "flags:", 6) == 0) {
			long flags = strtol(line + 6, NULL, 8);
			w = (flags & O_ACCMODE) != O_RDONLY;
			break;
		}
	fclose(f);
	return w;
}

static void comm_of(const char *pid, char *out, size_t n)
{
	char p[300];
	snprintf(p, sizeof p, "/proc/%s/comm", pid);
	FILE *f = fopen(p, "re");
	out[0] = '\0';
	if (f) {
		if (fgets(out, (int)n, f))
			out[strcspn(out, "\n")] = '\0';
		fclose(f);
	}
	for (char *c = out; *c; c++)   /* anyone's to choose: keep it printable */
		if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
			*c = '?';
}

bool store_file_opener(dev_t dev, ino_t ino, bool writers_only, char *who, size_t n)
{
	DIR *proc = opendir("/proc");
	if (!proc)
		return false;
	char self[32];
	snprintf(self, sizeof self, "%ld", (long)getpid());
	bool found = false;
	struct dirent *pe;
	while (!found && (pe = readdir(proc))) {
		if (pe->d_name[0] < '0' || pe->d_name[0] > '9' || strcmp(pe->d_name, self) == 0)
			continue;
		char p[300];
		snprintf(p, sizeof p, "/proc/%s/fd", pe->d_name);
		DIR *fds = opendir(p);
		if (!fds)
			continue;
		struct dirent *fe;
		while (!found && (fe = readdir(fds))) {
			if (fe->d_name[0] == '.')
				continue;
			char link[600];
			struct stat st;
			snprintf(link, sizeof link, "%s/%s", p, fe->d_name);
			if (stat(link, &st) == 0 && st.st_dev == dev && st.st_ino == ino &&
			    (!writers_only || writable_fd(pe->d_name, fe->d_name))) {
				char comm[32];
				comm_of(pe->d_name, comm, sizeof comm);
				snprintf(who, n, "%s (pid %s)", comm[0] ? comm : "?", pe->d_name);
				found = true;
			}
		}
		closedir(fds);
	}
	closedir(proc);
	return found;
}
#endif
