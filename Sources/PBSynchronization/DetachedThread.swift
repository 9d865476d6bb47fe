#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX thread that runs one closure and is never joined: a watcher that lives as long as the
/// process (Foundation's `Thread` without Foundation).
public enum DetachedThread {
    /// Starts a detached thread that runs `body`.
    ///
    /// - Returns: whether the thread started. The corresponding C functions are `pthread_create`
    ///   and `pthread_detach`.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(body))
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, box.toOpaque())
        guard status == 0 else {
            box.release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// The closure a thread runs, kept alive until it starts.
    private final class Body: Sendable {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
}
