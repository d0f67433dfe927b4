/* platform_bsd.c — process names on FreeBSD, DragonFly, OpenBSD and NetBSD:
 * sysctl's process table (each spells it differently). Built only there; a
 * PORTABLE build on Linux cannot compile it, CI's FreeBSD job does. */
#include "platform/platform.h"
#ifdef LW_PLATFORM_BSD
#include <stdio.h>
#include <string.h>
#include <sys/param.h>
#include <sys/sysctl.h>
#if defined(__FreeBSD__) || defined(__DragonFly__)
#include <sys/user.h>
#endif

bool platform_self_exe(char *out, size_t n)
{
#if defined(__FreeBSD__) || defined(__DragonFly__)
	int mib[4] = { CTL_KERN, KERN_PROC, KERN_PROC_PATHNAME, -1 };
	size_t len = n;
	return n > 0 && sysctl(mib, 4, out, &len, NULL, 0) == 0 && len > 1;
#elif defined(__NetBSD__)
	int mib[4] = { CTL_KERN, KERN_PROC_ARGS, -1, KERN_PROC_PATHNAME };
	size_t len = n;
	return n > 0 && sysctl(mib, 4, out, &len, NULL, 0) == 0 && len > 1;
#else
	(void)out; (void)n;   /* OpenBSD keeps no path for a process */
	return false;
#endif
}

bool platform_proc_name(pid_t pid, char *buf, size_t n)
{
	if (!n)
		return false;
	buf[0] = '\0';
#if defined(__FreeBSD__) || defined(__DragonFly__)
	struct kinfo_proc kp;
	size_t len = sizeof kp;
	int mib[4] = { CTL_KERN, KERN_PROC, KERN_PROC_PID, (int)pid };
	if (sysctl(mib, 4, &kp, &len, NULL, 0) != 0 || len == 0)
		return false;
#ifdef __DragonFly__
	snprintf(buf, n, "%s", kp.kp_comm);
#else
	snprintf(buf, n, "%s", kp.ki_comm);
#endif
#elif defined(__OpenBSD__)
	struct kinfo_proc kp;
	size_t len = sizeof kp;
	int mib[6] = { CTL_KERN, KERN_PROC, KERN_PROC_PID, (int)pid, (int)sizeof kp, 1 };
	if (sysctl(mib, 6, &kp, &len, NULL, 0) != 0 || len == 0)
		return false;
	snprintf(buf, n, "%s", kp.p_comm);
#elif defined(__NetBSD__)
	struct kinfo_proc2 kp;
	size_t len = sizeof kp;
	int mib[6] = { CTL_KERN, KERN_PROC2, KERN_PROC_PID, (int)pid, (int)sizeof kp, 1 };
	if (sysctl(mib, 6, &kp, &len, NULL, 0) != 0 || len == 0)
		return false;
	snprintf(buf, n, "%s", kp.p_comm);
#endif
	return buf[0] != '\0';
}
#endif
