/* platform_darwin.c — process names on macOS: libproc's proc_name(). Built
 * only there; CI's macOS job compiles it. */
#include "platform/platform.h"
#ifdef LW_PLATFORM_DARWIN
#include <libproc.h>
#include <limits.h>
#include <mach-o/dyld.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

bool platform_self_exe(char *out, size_t n)
{
	char raw[PATH_MAX], real[PATH_MAX];
	uint32_t len = sizeof raw;
	if (_NSGetExecutablePath(raw, &len) != 0 || !realpath(raw, real))
		return false;
	return (size_t)snprintf(out, n, "%s", real) < n;
}

bool platform_proc_name(pid_t pid, char *buf, size_t n)
{
	if (!n)
		return false;
	buf[0] = '\0';
	return proc_name((int)pid, buf, (uint32_t)n) > 0 && buf[0];
}
#endif
