#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX thread that runs one closure (Foundation's `Thread` without Foundation): joined when
/// its owner waits for it (a server thread), or detached when it lives as long as the process (a
/// signal watcher).
public struct PosixThread: Sendable {
    /// Why a thread did not start: `pthread_create`'s error number.
    public struct StartError: Error, Hashable, Sendable {
        /// The error number (`EAGAIN` when the system's thread limit is reached).
        public var code: Int32
    }

    private let thread: pthread_t

    /// Starts a thread that runs `body`. Join it (``join()``) or detach it (``detach()``).
    ///
    /// - Throws: ``StartError`` when the thread cannot be created. The corresponding C function is
    ///   `pthread_create`.
    public init(_ body: @escaping @Sendable () -> Void) throws(StartError) {
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
            throw StartError(code: status)
        }
        self.thread = thread
    }

    /// Waits for the thread to end; call it once (or ``detach()`` once). The corresponding C function is
    /// `pthread_join`.
    public func join() {
        pthread_join(thread, nil)
    }

    /// Lets the thread run on its own; its resources are freed when it ends. The corresponding C
    /// function is `pthread_detach`.
    public func detach() {
        pthread_detach(thread)
    }

    /// The closure a thread runs, kept alive until it starts.
    private final class Body: Sendable {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
}
