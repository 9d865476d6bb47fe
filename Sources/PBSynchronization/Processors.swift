#if canImport(Glibc)
    import Glibc
#endif

/// How many processors work can be spread over, without Foundation.
public enum Processors {
    /// The processors online, at least 1. Neither the affinity mask (`taskset`) nor a cgroup's CPU
    /// quota (`cpu.max`) is read: work spread over more threads than CPUs only waits its turn.
    ///
    /// The corresponding C function is `sysconf(_SC_NPROCESSORS_ONLN)`.
    public static var active: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
