import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running headless Chromium and the DevTools protocol over its pipe
/// (`--remote-debugging-pipe`: NUL-terminated JSON messages, read on fd 3, written on fd 4),
/// here one Unix socket on both. Owns the process (its own process group), the socket and a
/// temporary directory (the profile, the pages, Chromium's log); ``close()`` releases all three.
///
/// Every wait has a deadline; a browser that misses one is killed. Chromium also quits by
/// itself when the socket closes, so a test process that dies leaves no browser behind.
final class DevToolsConnection {
    /// A DevTools message: a JSON object.
    typealias Message = [String: Any]

    /// The browser's process id, also its process group's.
    let pid: pid_t
    /// The temporary directory: `profile/`, the pages, and `chromium.log`.
    let directory: URL
    private let socket: Int32
    private var buffer: [UInt8] = []
    private var scanned = 0
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    private var nextID = 0
    private var events: [Message] = []
    private var isClosed = false

    /// Starts Chromium headless with a fresh profile in a new temporary directory.
    ///
    /// - Parameters:
    ///   - executable: The absolute path of the Chromium binary.
    ///   - arguments: Flags besides the pipe and the profile.
    /// - Throws: ``BrowserError`` (`launchFailed`) when the directory, socket or process cannot
    ///   be made.
    init(executable: String, arguments: [String]) throws(BrowserError) {
        var template = Array((NSTemporaryDirectory() + "/pbrender-chromium-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw BrowserError(.launchFailed, "cannot make a temporary directory: \(Self.errorText())")
        }
        directory = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            let error = BrowserError(.launchFailed, "socketpair failed: \(Self.errorText())")
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        socket = pair[0]
        // Above 4, so that the child's dup2 onto 3 and 4 always copies (and clears CLOEXEC).
        let child = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
        Glibc.close(pair[1])
        defer { if child >= 0 { Glibc.close(child) } }

        let log = directory.appendingPathComponent("chromium.log").path
        let argv =
            [executable] + arguments + [
                "--remote-debugging-pipe", "--user-data-dir=" + directory.appendingPathComponent("profile").path,
                "about:blank",
            ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, child, 3)
        posix_spawn_file_actions_adddup2(&actions, child, 4)
        // Nothing else this process has open: a pipe another thread is making for another
        // program (rsvg-convert's standard input) would otherwise stay open in Chromium for its
        // whole life, and that program would wait for the end of its input forever. (glibc 2.34's
        // posix_spawn_file_actions_addclosefrom_np, looked up because Swift's Glibc module does not
        // declare GNU extensions.)
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 5)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, cArguments, environ)
        guard status == 0 else {
            Glibc.close(socket)
            try? FileManager.default.removeItem(at: directory)
            throw BrowserError(.launchFailed, "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    deinit {
        close()
        chunk.deallocate()
    }

    /// Sends a DevTools command and waits for its answer, keeping the events that come first.
    ///
    /// - Parameters:
    ///   - method: The command, e.g. `Page.navigate`.
    ///   - parameters: Its parameters (JSON values).
    ///   - session: The target session it is for (`nil`: the browser).
    ///   - deadline: When to give up and kill the browser.
    /// - Returns: The command's `result` object.
    /// - Throws: ``BrowserError``: `protocolError` for an error answer, `timedOut`, `exited`.
    @discardableResult
    func send(
        _ method: String, _ parameters: [String: Any] = [:], session: String? = nil,
        deadline: ContinuousClock.Instant
    ) throws(BrowserError) -> Message {
        nextID += 1
        let id = nextID
        var message: Message = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: message)
        } catch {
            throw BrowserError(.protocolError, "cannot encode \(method) as JSON: \(error)")
        }
        try write(Array(data) + [0], deadline: deadline, doing: method)
        while true {
            let answer = try readMessage(deadline: deadline, doing: method)
            guard let answerID = answer["id"] as? Int else {
                events.append(answer)
                continue
            }
            guard answerID == id else { continue }
            if let error = answer["error"] as? [String: Any] {
                let text = error["message"] as? String ?? "\(error)"
                throw BrowserError(.protocolError, "\(method) failed: \(text)")
            }
            return answer["result"] as? Message ?? [:]
        }
    }

    /// Forgets the events received so far (before starting something whose event to await).
    func discardEvents() { events.removeAll() }

    /// Waits for an event (kept or new), e.g. `Page.loadEventFired`, from a session.
    ///
    /// - Throws: ``BrowserError``: `exited` when the target crashed or detached, `timedOut`.
    func waitForEvent(_ method: String, session: String?, deadline: ContinuousClock.Instant) throws(BrowserError) {
        var index = 0
        while true {
            while index < events.count {
                let event = events[index]
                index += 1
                let name = event["method"] as? String
                let detached =
                    name == "Target.detachedFromTarget"
                    && (event["params"] as? Message)?["sessionId"] as? String == session
                if name == "Inspector.targetCrashed" || name == "Target.targetCrashed" || detached {
                    throw BrowserError(.exited, "the page crashed while waiting for \(method)", log: logTail())
                }
                if name == method && event["sessionId"] as? String == session { return }
            }
            events.append(try readMessage(deadline: deadline, doing: "waiting for \(method)"))
        }
    }

    /// Asks the browser to quit, waits a moment, then kills what is left of its process group,
    /// reaps it and removes the temporary directory. Safe to call again.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if let id = try? nextCloseMessage() {
            _ = Self.sendAll(socket, id)
        }
        let patience = ContinuousClock.now + .seconds(3)
        while waitpid(pid, nil, WNOHANG) == 0 {
            guard ContinuousClock.now < patience else {
                Glibc.kill(pid, SIGKILL)
                waitpid(pid, nil, 0)
                break
            }
            usleep(10_000)
        }
        // Helpers (zygote, renderer) left in the group the browser led.
        killpg(pid, SIGKILL)
        Glibc.close(socket)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Kills the browser at once (a missed deadline), then cleans up as ``close()``.
    func terminate() {
        guard !isClosed else { return }
        killpg(pid, SIGKILL)
        Glibc.kill(pid, SIGKILL)
        close()
    }

    /// The last lines of Chromium's standard error, without the D-Bus and other start-up noise
    /// a headless browser in a container always prints.
    func logTail(lines: Int = 20) -> String {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("chromium.log"), encoding: .utf8)
        else { return "" }
        let noise = ["dbus", "Fontconfig", "libva", "Failed to connect to the bus", "GPU", "gpu_"]
        let kept = text.split(separator: "\n").filter { line in !noise.contains { line.contains($0) } }
        return kept.suffix(lines).joined(separator: "\n")
    }

    private func nextCloseMessage() throws -> [UInt8] {
        nextID += 1
        let data = try JSONSerialization.data(withJSONObject: ["id": nextID, "method": "Browser.close"])
        return Array(data) + [0]
    }

    private func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant, doing what: String) throws(BrowserError) {
        var offset = 0
        while offset < bytes.count {
            try wait(for: Int16(POLLOUT), deadline: deadline, doing: what)
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw BrowserError(.exited, "the DevTools pipe closed while \(what)", log: logTail())
            }
            offset += sent
        }
    }

    private static func sendAll(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            == bytes.count
    }

    private func readMessage(deadline: ContinuousClock.Instant, doing what: String) throws(BrowserError) -> Message {
        while true {
            let end: Int? = buffer.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress, bytes.count > scanned else { return nil }
                return memchr(base + scanned, 0, bytes.count - scanned).map { UnsafeRawPointer($0) - base }
            }
            if let end {
                let message = Data(buffer[..<end])
                buffer.removeFirst(end + 1)
                scanned = 0
                guard let object = try? JSONSerialization.jsonObject(with: message) as? Message else {
                    throw BrowserError(
                        .protocolError, "Chromium sent a message that is not a JSON object while \(what)")
                }
                return object
            }
            scanned = buffer.count
            try wait(for: Int16(POLLIN), deadline: deadline, doing: what)
            let count = recv(socket, chunk.baseAddress, chunk.count, 0)
            if count > 0 {
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            } else if count == 0 {
                throw BrowserError(.exited, "Chromium exited while \(what)", log: logTail())
            } else if errno != EINTR && errno != EAGAIN {
                throw BrowserError(
                    .exited, "the DevTools pipe failed while \(what): \(Self.errorText())", log: logTail())
            }
        }
    }

    private func wait(for events: Int16, deadline: ContinuousClock.Instant, doing what: String) throws(BrowserError) {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                let log = logTail()
                terminate()
                throw BrowserError(.timedOut, "Chromium did not answer in time while \(what); it was killed", log: log)
            }
            let milliseconds = Int32(
                min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                throw BrowserError(.exited, "poll on the DevTools pipe failed: \(Self.errorText())", log: logTail())
            }
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
