import Foundation
import Testing

@testable import PBCommandLine
@testable import PBJob

#if canImport(Glibc)
    import Glibc
#endif

/// Inputs are read up to ``Limits/maximumInputSize`` and no further: a file at the limit is
/// read, a byte more is refused (a regular file by its size, a device or pipe once it has given
/// a byte more), so `--path /dev/zero` is an error, not all of memory.
@Suite struct InputLimitTests {
    static let limit = Limits.maximumInputSize

    /// Writes `count` bytes to a file in `folder` and returns its path.
    func file(_ folder: ScratchFolder, _ count: Int) throws -> String {
        let path = folder("input-\(count)")
        try Data(repeating: UInt8(ascii: " "), count: count).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theLimitIsEightMebibytes() {
        #expect(Self.limit == 8_388_608)
    }

    @Test func aFileAtTheLimitIsReadAndOneByteMoreIsNot() throws {
        let folder = try ScratchFolder()
        #expect(try FileDescriptorIO.contentsOfFile(file(folder, Self.limit)).count == Self.limit)
        let over = try file(folder, Self.limit + 1)
        #expect(throws: FileError(.read, .path(over), .tooLarge(limit: Self.limit))) {
            try FileDescriptorIO.contentsOfFile(over)
        }
        #expect(
            CommandLineError(FileError(.read, .path(over), .tooLarge(limit: Self.limit))).message
                == "cannot read '\(over)': it is larger than the limit of 8 MiB (8388608 bytes) for an input")
        #expect(CommandLineError(FileError(.read, .path(over), .tooLarge(limit: Self.limit))).exitCode == .usageError)
    }

    /// `/dev/zero` never ends: it is read to the limit and one byte more, then refused.
    @Test func anEndlessDeviceIsRefusedAtTheLimit() throws {
        #expect(throws: FileError(.read, .path("/dev/zero"), .tooLarge(limit: Self.limit))) {
            try FileDescriptorIO.contentsOfFile("/dev/zero")
        }
        #expect(throws: FileError(.read, .path("/dev/zero"), .tooLarge(limit: 10))) {
            try FileDescriptorIO.contentsOfFile("/dev/zero", limit: 10)
        }
    }

    /// A pipe (standard input) at a small limit: the limit's bytes are read, one more is not.
    @Test(arguments: [(1000, true), (1001, false)])
    func aPipeAtTheLimit(count: Int, isRead: Bool) throws {
        var ends: [Int32] = [-1, -1]
        try #require(Glibc.pipe(&ends) == 0)
        defer { close(ends[0]) }
        // Small enough for the pipe's buffer: written whole before the read begins.
        try FileDescriptorIO.writeAll([UInt8](repeating: 7, count: count), to: ends[1], subject: .path("pipe"))
        close(ends[1])
        if isRead {
            #expect(try FileDescriptorIO.contents(of: ends[0], subject: .standardInput, limit: 1000).count == count)
        } else {
            #expect(throws: FileError(.read, .standardInput, .tooLarge(limit: 1000))) {
                try FileDescriptorIO.contents(of: ends[0], subject: .standardInput, limit: 1000)
            }
        }
    }

    @Test func byteCountsInWords() {
        #expect(Limits.byteCount(8 << 20) == "8 MiB (8388608 bytes)")
        #expect(Limits.byteCount(4096) == "4 KiB (4096 bytes)")
        #expect(Limits.byteCount(1000) == "1000 bytes")
    }
}
