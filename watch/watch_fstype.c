/* watch_fstype.c — is a path on a filesystem where inotify (or kqueue) only
 * hears this machine's writes? Then the caller should choose stat polling.
 * FUSE counts as remote: sshfs, rclone and cloud mounts are FUSE, and a
 * needless --poll costs less than a HUD that never updates. How a system
 * tells is the platform's (platform_fs_remote). */
#include "watch/watch.h"
#include "platform/platform.h"

bool watch_path_on_network_fs(const char *path) { return path && platform_fs_remote(path); }
