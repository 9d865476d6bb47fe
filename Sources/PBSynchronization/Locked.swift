#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a POSIX mutex, for state that several threads update: the one lock type
/// of pbrender's modules and tests, in place of `Synchronization.Mutex`.
///
/// ```swift
/// let seen = Locked<Set<String>>([])
/// DispatchQueue.concurrentPerform(iterations: 8) { index in
///     seen.withLock { _ = $0.insert("worker \(index)") }
/// }
/// ```
///
/// Why not `Mutex`: on Linux (Swift 6.3.1) `Mutex` locks with atomics and a futex inside the
/// Synchronization module, which is not instrumented, so ThreadSanitizer sees neither its
/// acquire nor its release and reports races between accesses the lock does order. Measured:
/// `swift test --sanitize=thread` gave 237 reports with `Mutex`, every one inside
/// `ResponseCache` (its LRU storage under concurrent use), and none once every `Mutex` was this
/// type. ThreadSanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, so what it
/// reports with this type is real.
///
/// Like `Mutex`, it holds values that are not `Sendable` or not copyable: the value goes in and
/// out only through `sending` parameters and results, so no reference to it escapes the lock.
/// `@unchecked Sendable`: the value is only reached through ``withLock(_:)``, under the mutex.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    /// The mutex, at a fixed address (a `pthread_mutex_t` must not move).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Creates a lock guarding `value`.
    ///
    /// - Parameter value: The initial value, which only the lock reaches from now on.
    public init(_ value: consuming sending Value) {
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
    /// same lock (the mutex is not recursive: that would deadlock).
    ///
    /// - Parameter body: Reads or changes the value.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (the lock is released).
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value if the lock is free now, without waiting (for an exit
    /// handler, which must not wait for a thread that may never release it).
    ///
    /// - Parameter body: Reads or changes the value.
    /// - Returns: What `body` returns, or nil when another thread holds the lock.
    /// - Throws: What `body` throws (the lock is released).
    public func withLockIfAvailable<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
