/* platform_statfs.c — is a path on a network or FUSE filesystem, on the
 * BSDs and macOS: statfs's type name (statvfs's on NetBSD). Built only
 * there; CI's FreeBSD and macOS jobs compile it. Linux reads statfs's
 * magic number instead (platform_linux.c). */
#include "platform/platform.h"
#if defined(LW_PLATFORM_BSD) || defined(LW_PLATFORM_DARWIN)
#include <string.h>
#if defined(__NetBSD__)
#include <sys/statvfs.h>
#define LW_STATFS statvfs
#else
#include <sys/param.h>
#include <sys/mount.h>
#define LW_STATFS statfs
#endif

static const char *const remote_names[] = {
	"nfs", "smbfs", "cifs", "fusefs", "fuse", "puffs", "afs", "p9fs", "webdav", "osxfuse",
	"macfuse",
};

bool platform_fs_remote(const char *path)
{
	struct LW_STATFS s;
	if (LW_STATFS(path, &s) != 0)
		return false;
	for (size_t i = 0; i < sizeof remote_names / sizeof *remote_names; i++)
		if (strncmp(s.f_fstypename, remote_names[i], strlen(remote_names[i])) == 0)
			return true;
	return false;
}
#endif
