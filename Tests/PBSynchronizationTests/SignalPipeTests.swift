import PBSynchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The handler currently installed for `signal` (nil: the default action).
private func currentHandler(_ signal: Int32) -> (@convention(c) (Int32) -> Void)? {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return action.__sigaction_handler.sa_handler
}

/// Sets `signal`'s action to ignore (`SIG_IGN`, the handler value 1) or to the default one.
private func setIgnored(_ signal: Int32, _ ignored: Bool) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = ignored ? unsafeBitCast(1, to: (@convention(c) (Int32) -> Void).self) : nil
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
}

/// Sends `signal` to this process: any thread that does not block it runs the handler (`raise` would target the
/// calling thread, which may be one of the test runner's that block signals: the signal would stay pending).
private func send(_ signal: Int32) { kill(getpid(), signal) }

/// Signals whose default action is to be ignored (`SIGWINCH`, `SIGURG`), so a stray one never ends the test
/// process, and which no other test uses.
@Suite("SignalPipe", .serialized)
struct SignalPipeTests {
    @Test("A signal sent is read back, and the default action is back after release")
    func readsAndRestores() throws {
        #expect(currentHandler(SIGWINCH) == nil)
        do {
            let pipe = try SignalPipe(catching: [SIGWINCH, SIGURG])
            #expect(pipe.signals == [SIGWINCH, SIGURG])
            #expect(currentHandler(SIGWINCH) != nil)
            send(SIGURG)
            #expect(pipe.wait() == SIGURG)
            send(SIGWINCH)
            #expect(pipe.wait() == SIGWINCH)
            // Two sent before anyone waits are both kept (delivery order between threads is not defined).
            send(SIGURG)
            send(SIGWINCH)
            #expect(Set([pipe.wait(), pipe.wait()]) == [SIGURG, SIGWINCH])
        }
        #expect(currentHandler(SIGWINCH) == nil)
        #expect(currentHandler(SIGURG) == nil)
    }

    @Test("defaultOnly leaves an ignored signal ignored; all takes it over and restores SIG_IGN")
    func takeover() throws {
        setIgnored(SIGURG, true)
        defer { setIgnored(SIGURG, false) }
        let ignore = currentHandler(SIGURG).map { unsafeBitCast($0, to: Int.self) }
        #expect(ignore == 1)
        do {
            let pipe = try SignalPipe(catching: [SIGWINCH, SIGURG], takeover: .defaultOnly)
            #expect(pipe.signals == [SIGWINCH])
            #expect(currentHandler(SIGURG).map { unsafeBitCast($0, to: Int.self) } == 1)
        }
        do {
            let pipe = try SignalPipe(catching: [SIGURG])
            #expect(pipe.signals == [SIGURG])
            #expect(currentHandler(SIGURG).map { unsafeBitCast($0, to: Int.self) } != 1)
            send(SIGURG)
            #expect(pipe.wait() == SIGURG)
        }
        #expect(currentHandler(SIGURG).map { unsafeBitCast($0, to: Int.self) } == 1)
    }

    @Test("A newer pipe takes a signal over until it is released; then the older one has it again")
    func stacking() throws {
        let older = try SignalPipe(catching: [SIGWINCH, SIGURG])
        do {
            let newer = try SignalPipe(catching: [SIGWINCH])
            send(SIGWINCH)
            send(SIGURG)
            #expect(newer.wait() == SIGWINCH)
            #expect(older.wait() == SIGURG)
        }
        send(SIGWINCH)
        #expect(older.wait() == SIGWINCH)
    }

    @Test("A signal number out of range is refused with EINVAL, and nothing stays installed")
    func outOfRange() {
        #expect(throws: SignalPipeError(call: "sigaction(65)", errno: EINVAL)) {
            _ = try SignalPipe(catching: [SIGWINCH, 65])
        }
        #expect(currentHandler(SIGWINCH) == nil)
    }
}
