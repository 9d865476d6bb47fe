#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a POSIX mutex, for state that several threads update.
///
/// Why not `Synchronization.Mutex`: on Linux (Swift 6.3.1) a contended `Mutex` waits on a
/// futex that ThreadSanitizer does not see, so `--sanitize=thread` reports races between
/// accesses the lock does order (measured: 200 threads appending to a `Mutex<[Int]>` under a
/// long critical section give a report; the same with this type gives none). A
/// `pthread_mutex_t` is intercepted by ThreadSanitizer, so races it reports here are real.
///
/// `@unchecked Sendable`: the value is only reached through ``withLock(_:)``, under the mutex.
final class Locked<Value: Sendable>: @unchecked Sendable {
    /// The mutex, at a fixed address (a `pthread_mutex_t` must not move).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Creates a lock guarding `value`.
    init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock. `body` must not call `withLock` on the
    /// same lock (the mutex is not recursive).
    ///
    /// - Parameter body: reads or changes the value.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws (the lock is released).
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
