/* watch_fstype.c — is a path on a filesystem where inotify (or kqueue) only
 * hears this machine's writes? Then the caller should choose stat polling.
 * FUSE counts as remote: sshfs, rclone and cloud mounts are FUSE, and a
 * needless --poll costs less than a HUD that never updates. */
#include "watch/watch.h"
#include <stdint.h>
#include <string.h>

#if defined(__linux__)
#include <sys/vfs.h>

static const uint32_t remote_magic[] = {
	0x00006969, /* NFS */
	0x0000517B, /* SMB */
	0xFF534D42, /* CIFS */
	0xFE534D42, /* SMB2 */
	0x65735546, /* FUSE */
	0x01021997, /* 9P: WSL2 Windows drives, VM shares */
	0x00C36400, /* Ceph */
	0x6B414653, /* kAFS */
	0x5346414F, /* OpenAFS */
	0x73757245, /* Coda */
	0x0000564C, /* NCP */
	0x47504653, /* GPFS */
	0x0BD00BD0, /* Lustre */
	0x786F4256, /* VirtualBox shared folders */
};

bool watch_path_on_network_fs(const char *path)
{
	struct statfs s;
	if (!path || statfs(path, &s) != 0)
		return false;
	for (size_t i = 0; i < sizeof remote_magic / sizeof *remote_magic; i++)
		if ((uint32_t)s.f_type == remote_magic[i])
			return true;
	return false;
}

#elif defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__DragonFly__) || \
	defined(__NetBSD__) || defined(__APPLE__)
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

bool watch_path_on_network_fs(const char *path)
{
	struct LW_STATFS s;
	if (!path || LW_STATFS(path, &s) != 0)
		return false;
	for (size_t i = 0; i < sizeof remote_names / sizeof *remote_names; i++)
		if (strncmp(s.f_fstypename, remote_names[i], strlen(remote_names[i])) == 0)
			return true;
	return false;
}

#else
bool watch_path_on_network_fs(const char *path)
{
	(void)path;
	return false;
}
#endif
