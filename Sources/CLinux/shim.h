#ifndef PBRENDER_CLINUX_SHIM_H
#define PBRENDER_CLINUX_SHIM_H

// Linux calls that Swift's Glibc module leaves out (they need _GNU_SOURCE, or glibc declares no
// wrapper Swift can call), as fixed-argument wrappers around the system calls; from Debian's
// libc6-dev and linux-libc-dev. Header only: nothing is linked.
#include <fcntl.h>
#include <linux/stat.h>
#include <sys/file.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/xattr.h>
#include <unistd.h>

/// `renameat2`'s flag that fails with `EEXIST` instead of replacing an existing destination.
#define PB_RENAME_NOREPLACE 1u
/// `renameat2`'s flag that swaps the two entries atomically; both must exist.
#define PB_RENAME_EXCHANGE 2u

/// `openat`'s `O_PATH`: a descriptor that names a file or folder for the `...at` calls without
/// permission to read it.
#define PB_O_PATH 010000000
/// The `...at` calls' `AT_EMPTY_PATH`: an empty path names the descriptor itself.
#define PB_AT_EMPTY_PATH 0x1000

/// `statx`'s attribute bits: the file cannot be changed or removed (`chattr +i`), can only be
/// appended to (`chattr +a`), or is the root of a mount.
#define PB_ATTRIBUTE_IMMUTABLE 0x10ull
#define PB_ATTRIBUTE_APPEND 0x20ull
#define PB_ATTRIBUTE_MOUNT_ROOT 0x2000ull

/// Renames `oldpath` (relative to `olddirfd`) to `newpath` (relative to `newdirfd`) as `flags`
/// say (`PB_RENAME_NOREPLACE`, `PB_RENAME_EXCHANGE`, or 0 for a plain rename). Returns 0, or -1
/// with `errno` set: `EINVAL` where the file system cannot exchange, `EXDEV` across mounts.
/// The corresponding C function is `renameat2`.
static inline int pb_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath,
                               unsigned int flags) {
    return (int)syscall(SYS_renameat2, olddirfd, oldpath, newdirfd, newpath, flags);
}

/// What `statx` says about a file: the fields pbrender reads.
struct pb_file_status {
    /// The type and permission bits (`st_mode`).
    unsigned int mode;
    /// The owner and group.
    unsigned int owner;
    unsigned int group;
    /// The number of hard links.
    unsigned int links;
    /// Which file it is on its file system, and which file system (`major << 32 | minor`).
    unsigned long long inode;
    unsigned long long device;
    /// The attribute bits (`PB_ATTRIBUTE_...`) and which of them the file system reports.
    unsigned long long attributes;
    unsigned long long attributes_mask;
};

/// Fills `status` for `path` relative to `dirfd` (`PB_AT_EMPTY_PATH` with "" for `dirfd` itself;
/// `AT_SYMLINK_NOFOLLOW` for a link itself). Returns 0, or -1 with `errno` set.
/// The corresponding C function is `statx`.
static inline int pb_statx(int dirfd, const char *path, int flags, struct pb_file_status *status) {
    struct statx buffer;
    if (syscall(SYS_statx, dirfd, path, flags, STATX_TYPE | STATX_MODE | STATX_UID | STATX_GID | STATX_NLINK | STATX_INO,
                &buffer) != 0) {
        return -1;
    }
    status->mode = buffer.stx_mode;
    status->owner = buffer.stx_uid;
    status->group = buffer.stx_gid;
    status->links = buffer.stx_nlink;
    status->inode = buffer.stx_ino;
    status->device = ((unsigned long long)buffer.stx_dev_major << 32) | buffer.stx_dev_minor;
    status->attributes = buffer.stx_attributes;
    status->attributes_mask = buffer.stx_attributes_mask;
    return 0;
}

/// Takes or releases a whole-file lock on `descriptor` (`LOCK_EX`, `LOCK_SH`, `LOCK_UN`, with
/// `LOCK_NB` not to wait). The kernel releases it when the last descriptor of that open file
/// closes, including when the process is killed. The corresponding C function is `flock`.
static inline int pb_flock(int descriptor, int operation) {
    return flock(descriptor, operation);
}

/// The size of the list of extended attribute names of the open file `descriptor` (0: none).
/// The corresponding C function is `flistxattr`.
static inline long pb_extended_attributes_size(int descriptor) {
    return (long)flistxattr(descriptor, 0, 0);
}

#endif
