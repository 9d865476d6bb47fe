#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX thread that runs one closure and is joined: a server thread, which ``HTTPServer/stop()`` waits for.
struct JoinableThread {
    private let thread: pthread_t

    /// Starts a thread that runs `body`.
    ///
    /// - Parameter body: What the thread does.
    /// - Throws: ``HTTPServerError`` (`systemCallFailed`) when the thread cannot be created. The corresponding C
    ///   function is `pthread_create`.
    init(_ body: @escaping @Sendable () -> Void) throws(HTTPServerError) {
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
            throw HTTPServerError(.systemCallFailed(name: "pthread_create", errno: status))
        }
        self.thread = thread
    }

    /// Waits for the thread to end. Call it once. The corresponding C function is `pthread_join`.
    func join() {
        pthread_join(thread, nil)
    }

    /// The closure a thread runs, kept alive until it starts.
    private final class Body: Sendable {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
}
