import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How the real `pbrender` writes to what `-o` names: regular files, links, devices, FIFOs,
/// standard output, directories and frame sequences (issue 7, items 3 and 8).
///
/// Every test works in a fresh temporary directory and checks the file system afterwards with
/// `lstat`, independently of the code under test. Tests that need root (device nodes, other
/// users' files) say so and skip when not root.
@Suite final class OutputEndToEndTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "pbrender-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The PNG of the default ring at 0.5: what every `--progress 0.5` run must write.
    static let ring = try? Array(
        Data(contentsOf: EndToEndTests.root.appendingPathComponent("Snapshots/shapes/ring.0.5.png")))
    static let isRoot = geteuid() == 0
    static let nobody: uid_t = 65534
    /// The null device's number, major 1 and minor 3, as glibc's `makedev(1, 3)` encodes it.
    static let nullDevice: dev_t = 1 << 8 | 3

    struct Outcome {
        var status: Int32
        var output: [UInt8]
        var error: String
    }

    /// Runs `pbrender` in the test's directory, as the user `nobody` when `asNobody` (through
    /// `setpriv`; only as root), draining `fifo` (opened for reading before the run) while it runs.
    func run(_ arguments: [String], asNobody: Bool = false, fifo: String? = nil) throws -> (Outcome, fifo: [UInt8]) {
        let process = Process()
        if asNobody {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                [
                    "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups",
                    EndToEndTests.binaryForAnyUser.path,
                ]
                + arguments
        } else {
            process.executableURL = EndToEndTests.binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let (output, error) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = error
        // A reader that does not block: the writer's open then succeeds at once.
        let reader = try fifo.map { name in
            let descriptor = open(path(name), O_RDONLY | O_NONBLOCK)
            try #require(descriptor >= 0, "cannot open the FIFO for reading: \(String(cString: strerror(errno)))")
            return descriptor
        }
        defer { reader.map { _ = close($0) } }
        try process.run()
        var fromFIFO: [UInt8] = []
        if let reader {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                let count = read(reader, &buffer, buffer.count)
                if count > 0 {
                    fromFIFO += buffer[0..<count]
                } else if count == 0 && !process.isRunning {
                    break  // No writer left, and none to come.
                } else {
                    usleep(1000)
                }
            }
        }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            Outcome(
                status: process.terminationStatus, output: Array(outData),
                error: String(decoding: errData, as: UTF8.self)),
            fromFIFO
        )
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// The names in the directory (hidden ones too: a temporary file must not survive).
    func files(_ subdirectory: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subdirectory.map(path) ?? directory).sorted()
    }

    func status(_ name: String) throws -> stat {
        var status = stat()
        try #require(lstat(name.hasPrefix("/") ? name : path(name), &status) == 0, "lstat '\(name)' failed")
        return status
    }

    func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    func create(_ name: String, _ text: String, mode: mode_t = 0o644) throws {
        try #require(FileManager.default.createFile(atPath: path(name), contents: Data(text.utf8)))
        try #require(chmod(path(name), mode) == 0)
    }

    /// Expects `bytes` to be the ring's PNG, without printing thousands of bytes when not.
    func expectRing(_ bytes: [UInt8], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ring = try #require(Self.ring, sourceLocation: sourceLocation)
        let same = bytes == ring
        #expect(
            same, "\(what) is not the ring's PNG: \(bytes.count) bytes, starting \(Array(bytes.prefix(8)))",
            sourceLocation: sourceLocation)
    }

    func type(_ status: stat) -> mode_t { status.st_mode & S_IFMT }

    @Test func replacesARegularFileKeepingItsModeAndOwner() throws {
        try create("private.png", "old", mode: 0o600)
        let before = try status("private.png")
        if Self.isRoot { try #require(chown(path("private.png"), Self.nobody, gid_t(Self.nobody)) == 0) }
        let (outcome, _) = try run(["--progress", "0.5", "-o", "private.png"])
        #expect(outcome.status == 0 && outcome.error.isEmpty)
        try expectRing(bytes("private.png"), "private.png")
        let after = try status("private.png")
        #expect(after.st_mode & 0o7777 == 0o600, "the old file's mode is kept")
        #expect(after.st_ino != before.st_ino, "replaced by a rename, not rewritten in place")
        if Self.isRoot { #expect(after.st_uid == Self.nobody && after.st_gid == gid_t(Self.nobody)) }
        // A new file gets what any new file gets: 0666 less the umask.
        let mask = umask(0)
        umask(mask)
        #expect(try run(["--progress", "0.5", "-o", "new.png"]).0.status == 0)
        #expect(try status("new.png").st_mode & 0o7777 == 0o666 & ~mask)
        #expect(try files() == ["new.png", "private.png"])
    }

    @Test(
        .enabled(
            if: OutputEndToEndTests.isRoot, "mknod needs root: the device-node case is tested in CI, which runs as root"
        ))
    func writesThroughACharacterDevice() throws {
        // A second null device (1, 3): writing to it must leave it a device.
        try #require(mknod(path("null"), S_IFCHR | 0o666, Self.nullDevice) == 0)
        let (outcome, _) = try run(["--progress", "0.5", "--format", "png", "-o", "null"])
        #expect(outcome.status == 0 && outcome.error.isEmpty)
        let after = try status("null")
        #expect(type(after) == S_IFCHR && after.st_rdev == Self.nullDevice)
        #expect(try files() == ["null"])
    }

    @Test func writesThroughAFIFOToItsReader() throws {
        try #require(mkfifo(path("pipe"), 0o644) == 0)
        let (outcome, received) = try run(["--progress", "0.5", "--format", "png", "-o", "pipe"], fifo: "pipe")
        #expect(outcome.status == 0 && outcome.error.isEmpty)
        try expectRing(received, "what the reader got")
        #expect(type(try status("pipe")) == S_IFIFO)
        #expect(try files() == ["pipe"])
    }

    @Test(
        .enabled(
            if: OutputEndToEndTests.isRoot, "only root could replace /dev/null; as another user the test proves nothing"
        ))
    func leavesDevNullADevice() throws {
        let (outcome, _) = try run(["--progress", "0.5", "--format", "png", "-o", "/dev/null"])
        #expect(outcome.status == 0 && outcome.error.isEmpty)
        let after = try status("/dev/null")
        #expect(type(after) == S_IFCHR && after.st_rdev == Self.nullDevice)
    }

    @Test func writesDevStdoutToStandardOutput() throws {
        let link = try status("/dev/stdout")
        let (outcome, _) = try run(["--progress", "0.5", "--format", "png", "-o", "/dev/stdout"])
        #expect(outcome.status == 0 && outcome.error.isEmpty)
        try expectRing(outcome.output, "standard output")
        #expect(type(try status("/dev/stdout")) == type(link))
    }

    @Test func followsASymbolicLinkAndReplacesItsTarget() throws {
        try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: false)
        try create("real/image.png", "old", mode: 0o640)
        try #require(symlink("real/image.png", path("link.png")) == 0)
        let (outcome, _) = try run(["--progress", "0.5", "-o", "link.png"])
        #expect(outcome.status == 0 && outcome.error.isEmpty)
        #expect(type(try status("link.png")) == S_IFLNK, "the link stays a link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.png")) == "real/image.png")
        try expectRing(bytes("real/image.png"), "the link's target")
        #expect(try status("real/image.png").st_mode & 0o7777 == 0o640)
        #expect(try files() == ["link.png", "real"])
        #expect(try files("real") == ["image.png"])
    }

    @Test func refusesADanglingSymbolicLink() throws {
        try #require(symlink("missing.png", path("link.png")) == 0)
        let (outcome, _) = try run(["--progress", "0.5", "-o", "link.png"])
        #expect(outcome.status == 1)
        #expect(
            outcome.error
                == "pbrender: error: cannot write 'link.png': it is a symbolic link to 'missing.png', which does not exist\n"
        )
        #expect(type(try status("link.png")) == S_IFLNK)
        #expect(try files() == ["link.png"], "neither the target nor a temporary file is created")
    }

    @Test(.enabled(if: OutputEndToEndTests.isRoot, "needs root to give links to another user"))
    func refusesLinksOfOtherUsersInAStickyWorldWritableFolder() throws {
        // A folder made like /tmp, links in it that user nobody planted, pointing at files outside.
        try FileManager.default.createDirectory(atPath: path("tmp"), withIntermediateDirectories: false)
        try #require(chmod(path("tmp"), 0o1777) == 0)
        try FileManager.default.createDirectory(atPath: path("elsewhere"), withIntermediateDirectories: false)
        try create("precious.png", "precious")
        try create("elsewhere/f-0.png", "precious frame")
        for (link, destination) in [
            ("tmp/x.png", "../precious.png"), ("tmp/f-1.png", "../precious.png"), ("tmp/frames", "../elsewhere"),
        ] {
            try #require(symlink(destination, path(link)) == 0 && lchown(path(link), Self.nobody, Self.nobody) == 0)
        }
        let reason =
            "made in the sticky, world-writable folder 'tmp/': only links of yours or of the folder's owner are followed there (fs.protected_symlinks)"
        let cases: [([String], String)] = [
            (
                ["--progress", "0.5", "-o", "tmp/x.png"],
                "cannot write 'tmp/x.png': it is a symbolic link that user 65534 \(reason)"
            ),
            (
                ["--frames", "3", "-o", "tmp/f-%d.png"],
                "frame 1 ('tmp/f-1.png'): it is a symbolic link that user 65534 \(reason)"
            ),
            (
                ["--frames", "2", "-o", "tmp/frames/f-%d.png"],
                "frame 0 ('tmp/frames/f-0.png'): it is a symbolic link that user 65534 \(reason)"
            ),
        ]
        for (arguments, message) in cases {
            let (outcome, _) = try run(arguments)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.error == "pbrender: error: \(message)\n")
        }
        #expect(try bytes("precious.png") == Array("precious".utf8))
        #expect(try files("elsewhere") == ["f-0.png"] && bytes("elsewhere/f-0.png") == Array("precious frame".utf8))
        #expect(try files("tmp") == ["f-1.png", "frames", "x.png"], "nothing written, no temporary file")
        #expect(try files() == ["elsewhere", "precious.png", "tmp"])
        // The folder's owner's links are followed, as the kernel follows them.
        try #require(chown(path("tmp"), Self.nobody, Self.nobody) == 0)
        #expect(try run(["--progress", "0.5", "-o", "tmp/x.png"]).0.status == 0)
        try expectRing(bytes("precious.png"), "the link's target")
    }

    @Test func writesThroughAHardLinkSoEveryNameSeesIt() throws {
        try create("a.png", "old")
        try #require(link(path("a.png"), path("b.png")) == 0)
        let before = try status("a.png")
        let (outcome, _) = try run(["--progress", "0.5", "-o", "a.png"])
        #expect(outcome.status == 0 && outcome.error.isEmpty)
        try expectRing(bytes("a.png"), "a.png")
        try expectRing(bytes("b.png"), "b.png")
        let (a, b) = (try status("a.png"), try status("b.png"))
        #expect(a.st_ino == before.st_ino && b.st_ino == before.st_ino && a.st_nlink == 2)
        #expect(try files() == ["a.png", "b.png"])
    }

    @Test func refusesAFileTheUserCannotOpenForWriting() throws {
        // As root: files of root's, 0444, in a folder nobody may write (so renaming over a file
        // would work), written by nobody. As another user: the user's own 0444 files.
        try create("locked.png", "old", mode: 0o444)
        try create("locked-too.png", "old", mode: 0o444)
        try create("source.png", "new")
        if Self.isRoot { try #require(chown(directory, Self.nobody, gid_t(Self.nobody)) == 0) }
        // The oracle: cp, run the same way, onto the second file.
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: Self.isRoot ? "/usr/bin/setpriv" : "/bin/cp")
        cp.arguments =
            (Self.isRoot ? ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "/bin/cp"] : [])
            + [path("source.png"), path("locked-too.png")]
        let cpError = Pipe()
        cp.standardError = cpError
        try cp.run()
        let cpMessage = String(decoding: cpError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        cp.waitUntilExit()
        #expect(cp.terminationStatus == 1 && cpMessage.hasSuffix(": Permission denied\n"), "cp: \(cpMessage)")
        #expect(try bytes("locked-too.png") == Array("old".utf8))

        let (outcome, _) = try run(["--progress", "0.5", "-o", "locked.png"], asNobody: Self.isRoot)
        #expect(outcome.status == 1)
        #expect(outcome.error == "pbrender: error: cannot write 'locked.png': Permission denied\n")
        #expect(try bytes("locked.png") == Array("old".utf8))
        #expect(try files() == ["locked-too.png", "locked.png", "source.png"])
        if Self.isRoot {
            // Root may write any file, as with cp: replaced, still 0444.
            #expect(try run(["--progress", "0.5", "-o", "locked.png"]).0.status == 0)
            try expectRing(bytes("locked.png"), "locked.png")
            #expect(try status("locked.png").st_mode & 0o7777 == 0o444)
        }
    }

    @Test(.enabled(if: OutputEndToEndTests.isRoot, "needs root to make files of two users"))
    func writesInPlaceWhenReplacingWouldChangeTheFile() throws {
        // nobody may write both files but could not give a new file root's ownership (shared.png),
        // nor create a file in the folder (own.png, in a folder of root's): like cp, write in place.
        try FileManager.default.createDirectory(atPath: path("roots"), withIntermediateDirectories: false)
        try create("roots/own.png", "old")
        try #require(chown(path("roots/own.png"), Self.nobody, gid_t(Self.nobody)) == 0)
        try create("shared.png", "old", mode: 0o666)
        try #require(chown(directory, Self.nobody, gid_t(Self.nobody)) == 0)
        let before = (own: try status("roots/own.png"), shared: try status("shared.png"))
        for name in ["roots/own.png", "shared.png"] {
            let (outcome, _) = try run(["--progress", "0.5", "-o", name], asNobody: true)
            #expect(outcome.status == 0 && outcome.error.isEmpty, "\(name): \(outcome.error)")
            try expectRing(bytes(name), name)
        }
        let after = (own: try status("roots/own.png"), shared: try status("shared.png"))
        #expect(after.own.st_ino == before.own.st_ino && after.shared.st_ino == before.shared.st_ino)
        #expect(after.shared.st_uid == 0 && after.shared.st_mode & 0o7777 == 0o666, "still root's, still 0666")
        #expect(try files("roots") == ["own.png"])
        #expect(try files() == ["roots", "shared.png"])
    }

    @Test func refusesADirectoryOrALinkToOne() throws {
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: false)
        try #require(symlink("folder", path("folder-link")) == 0)
        for name in ["folder", "folder-link", "folder/"] {
            let (outcome, _) = try run(["--progress", "0.5", "--format", "png", "-o", name])
            #expect(outcome.status == 1)
            #expect(outcome.error == "pbrender: error: cannot write '\(name)': it is a directory\n")
        }
        #expect(type(try status("folder-link")) == S_IFLNK)
        #expect(try files() == ["folder", "folder-link"])
        #expect(try files("folder") == [])
    }

    @Test func failsAFrameSequenceWithAFolderInTheWayWithoutWritingAnything() throws {
        for frame in [0, 3, 4] { try create("f-\(frame).png", "old \(frame)") }
        try FileManager.default.createDirectory(atPath: path("f-2.png"), withIntermediateDirectories: false)
        let (outcome, _) = try run(["--frames", "5", "-o", "f-%d.png"])
        #expect(outcome.status == 1)
        #expect(outcome.error == "pbrender: error: frame 2 ('f-2.png'): it is a directory\n")
        #expect(try files() == ["f-0.png", "f-2.png", "f-3.png", "f-4.png"], "no new file, no temporary file")
        for frame in [0, 3, 4] { #expect(try bytes("f-\(frame).png") == Array("old \(frame)".utf8)) }
        #expect(try files("f-2.png") == [])
    }

    @Test func writesAFrameSequenceOverStaleFrames() throws {
        try create("f-1.png", "stale", mode: 0o600)
        let (outcome, _) = try run(["--frames", "3", "-o", "f-%d.png"])
        #expect(outcome.status == 0 && outcome.error.isEmpty)
        #expect(try files() == ["f-0.png", "f-1.png", "f-2.png"])
        #expect(try status("f-1.png").st_mode & 0o7777 == 0o600)
        for (frame, progress) in [(0, "0"), (1, "0.5"), (2, "1")] {
            #expect(try run(["--progress", progress, "-o", "single.png"]).0.status == 0)
            #expect(try bytes("f-\(frame).png") == bytes("single.png"))
        }
    }

    @Test(arguments: [false, true])
    func removesItsTemporaryFilesWhenInterrupted(folderOfFrames: Bool) throws {
        let output = folderOfFrames ? "seq/f-%05d.png" : "f-%05d.png"
        if folderOfFrames {
            try FileManager.default.createDirectory(atPath: path("seq"), withIntermediateDirectories: false)
        }
        let old = folderOfFrames ? "seq/f-00000.png" : "f-00000.png"
        try create(old, "old")
        let process = Process()
        process.executableURL = EndToEndTests.binary
        // Long enough to be interrupted while rendering (several seconds on two cores).
        process.arguments = ["--frames", "50000", "--width", "16", "--height", "16", "-o", output]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardError = FileHandle.nullDevice
        // The child inherits this thread's signal mask, and test threads block SIGINT and SIGTERM:
        // unblock them while starting the child, as a shell would have them.
        var interrupt = sigset_t()
        var saved = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        sigaddset(&interrupt, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let deadline = Date().addingTimeInterval(20)
        var staged = 0
        while Date() < deadline && process.isRunning && staged < 10 {
            staged = FaultEndToEndTests.stagedFrames(in: directory)
            usleep(2000)
        }
        try #require(staged >= 10, "no staged frames appeared while rendering")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        #expect(try files() == [folderOfFrames ? "seq" : "f-00000.png"], "the staged frames and the lock are removed")
        if folderOfFrames { #expect(try files("seq") == ["f-00000.png"]) }
        #expect(try bytes(old) == Array("old".utf8))
    }
}
