import Foundation
import Testing

@testable import PBCommandLine
@testable import PBJob

#if canImport(Glibc)
    import Glibc
#endif

/// Writing one output file, in process: what is on disk afterwards, and nothing else.
@Suite struct OutputFileTests {
    let bytes = Array("new contents\n".utf8)

    @Test func createsAndReplacesRegularFilesLeavingNoTemporaryFile() throws {
        let folder = try ScratchFolder()
        try OutputFile.write(bytes, to: folder("a.png"))
        #expect(folder.bytes("a.png") == bytes)
        try OutputFile.write([1, 2, 3], to: folder("a.png"))
        #expect(folder.bytes("a.png") == [1, 2, 3])
        try OutputFile.write([], to: folder("a.png"))
        #expect(folder.bytes("a.png") == [])
        #expect(try folder.files() == ["a.png"])
    }

    @Test func followsChainsOfLinksAcrossFolders() throws {
        let folder = try ScratchFolder()
        try folder.createFolder("x/y")
        try folder.create("x/real.png", "old")
        #expect(symlink("../real.png", folder("x/y/hop")) == 0)
        #expect(symlink("x/y/hop", folder("start")) == 0)
        try OutputFile.write(bytes, to: folder("start"))
        #expect(folder.bytes("x/real.png") == bytes)
        #expect(try folder.status("start").st_mode & S_IFMT == S_IFLNK)
        #expect(try folder.status("x/y/hop").st_mode & S_IFMT == S_IFLNK)
        #expect(try folder.files("x") == ["real.png", "y"] && folder.files("x/y") == ["hop"])
    }

    @Test func writesToADescriptorNamedInDevFd() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        try OutputFile.write(bytes, to: "/dev/fd/\(ends[1])")
        close(ends[1])
        #expect(try FileDescriptorIO.contents(of: ends[0], subject: .standardInput) == bytes)
        #expect(throws: FileError.writing("/dev/fd/\(ends[1])", code: EBADF)) {
            try OutputFile.write(bytes, to: "/dev/fd/\(ends[1])")
        }
    }

    @Test func reportsAMissingFolderAndCreatesNothing() throws {
        let folder = try ScratchFolder()
        let path = folder("missing/a.png")
        #expect(throws: FileError.writing(path, code: ENOENT)) { try OutputFile.write(bytes, to: path) }
        #expect(try folder.files() == [])
    }

    @Test func keepsVeryLongNamesWritable() throws {
        let folder = try ScratchFolder()
        let name = String(repeating: "n", count: 250) + ".png"
        try OutputFile.write(bytes, to: folder(name))
        try OutputFile.write(bytes + bytes, to: folder(name))
        #expect(folder.bytes(name) == bytes + bytes)
        #expect(try folder.files() == [name])
    }

    @Test func removesTheTemporaryFileWhenTheRenameFails() throws {
        let folder = try ScratchFolder()
        let target = try OutputTarget(folder("a.png"))
        let staged = try #require(try StagedFile.stage(bytes, for: target, flush: false))
        #expect(try folder.files().count == 1 && folder.files()[0].hasPrefix(".a.png.tmp-"))
        try folder.createFolder("a.png/inside")  // A non-empty folder now where the file was to go.
        #expect(throws: FileError.writing(folder("a.png"), code: EISDIR)) { try staged.commit() }
        #expect(try folder.files() == ["a.png"] && folder.files("a.png") == ["inside"])
    }

    @Test func removesTheTemporaryFileFromAFolderRenamedBeforeTheCommit() throws {
        let folder = try ScratchFolder()
        try folder.createFolder("out")
        let target = try OutputTarget(folder("out/a.png"))
        let staged = try #require(try StagedFile.stage(bytes, for: target, flush: false))
        #expect(try folder.files("out").count == 1)
        // The folder moves away (renamed by another program) before the frame is put in place.
        #expect(rename(folder("out"), folder("moved")) == 0)
        #expect(throws: FileError.writing(folder("out/a.png"), code: ENOENT)) { try staged.commit() }
        // The temporary file went with the folder and is removed from there: nothing is left.
        #expect(try folder.files() == ["moved"] && folder.files("moved") == [])
    }
}
