import Foundation
import Testing

@testable import PBCommandLine
@testable import PBJob

#if canImport(Glibc)
    import Glibc
#endif

/// Reading whole inputs (files, pipes, standard input) and asking about terminals.
@Suite struct FileDescriptorIOTests {
    /// A pipe with `bytes` written into it from another thread, read end returned.
    func pipe(with bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [-1, -1]
        try #require(Glibc.pipe(&ends) == 0)
        let writer = ends[1]
        Thread.detachNewThread {
            _ = try? FileDescriptorIO.writeAll(bytes, to: writer, subject: .path("pipe"))
            close(writer)
        }
        return ends[0]
    }

    @Test func readsAPipeToItsEndPastTheBuffer() throws {
        // More than the 64 KiB buffer and the pipe's capacity: several reads and writes.
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        let reader = try pipe(with: bytes)
        defer { close(reader) }
        let read = try FileDescriptorIO.contents(of: reader, subject: .standardInput)
        #expect(read.count == bytes.count && read == bytes)
    }

    @Test func refusesADirectoryAsStandardInput() throws {
        let folder = try ScratchFolder()
        let descriptor = open(folder.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: FileError(.read, .standardInput, .directory)) {
            try FileDescriptorIO.contents(of: descriptor, subject: .standardInput)
        }
        #expect(
            CommandLineError(FileError(.read, .standardInput, .directory)).message
                == "cannot read standard input: it is a directory")
    }

    @Test func readsAllOfStandardInput() throws {
        // Standard input is the process's: put a pipe there for the call, then restore it.
        let bytes = Array("{\"path\": \"M 0 0 L 10 0\"}\n".utf8)
        let reader = try pipe(with: bytes)
        let saved = dup(STDIN_FILENO)
        try #require(saved >= 0 && dup2(reader, STDIN_FILENO) == STDIN_FILENO)
        close(reader)
        defer {
            dup2(saved, STDIN_FILENO)
            close(saved)
        }
        #expect(try FileDescriptorIO.contentsOfStandardInput() == bytes)
        #expect(try FileDescriptorIO.contentsOfStandardInput() == [], "the input is consumed")
    }

    @Test func readsFilesWithTheSystemsReasonOnFailure() throws {
        let folder = try ScratchFolder()
        try folder.create("c.json", "{}")
        #expect(try FileDescriptorIO.contentsOfFile(folder("c.json")) == Array("{}".utf8))
        #expect(throws: FileError.reading(folder("none.json"), code: ENOENT)) {
            try FileDescriptorIO.contentsOfFile(folder("none.json"))
        }
        #expect(throws: FileError(.read, .path(folder.path), .directory)) {
            try FileDescriptorIO.contentsOfFile(folder.path)
        }
        let error = CommandLineError(FileError(.read, .path(folder.path), .directory))
        #expect(error.message == "cannot read '\(folder.path)': it is a directory")
        #expect(error.exitCode == .usageError)
    }

    @Test func tellsATerminalFromAPipe() throws {
        let reader = try pipe(with: [])
        defer { close(reader) }
        #expect(!FileDescriptorIO.isTerminal(reader))
        // A pseudo-terminal (its primary end, which Linux answers terminal requests on too).
        let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(terminal >= 0, "no /dev/ptmx: \(String(cString: strerror(errno)))")
        defer { close(terminal) }
        #expect(FileDescriptorIO.isTerminal(terminal))
        #expect(!FileDescriptorIO.isTerminal(-1))
    }
}
