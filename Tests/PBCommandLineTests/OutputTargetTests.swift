import Foundation
import Testing

@testable import PBCommandLine
@testable import PBJob

#if canImport(Glibc)
    import Glibc
#endif

/// What an output path names and how it is written, checked against files made with the C calls.
@Suite struct OutputTargetTests {
    @Test func namesStandardStreamsAndDescriptors() {
        let cases: [(String, Int32?)] = [
            ("/dev/stdin", 0), ("/dev/stdout", 1), ("/dev/stderr", 2), ("/dev/fd/7", 7), ("/proc/self/fd/12", 12),
            ("/dev/fd/", nil), ("/dev/fd/x", nil), ("/dev/fd/\u{0661}", nil), ("dev/stdout", nil), ("/dev/null", nil),
            ("/dev/fd/99999999999", nil),
        ]
        for (path, descriptor) in cases {
            #expect(OutputTarget.descriptorNumber(named: path) == descriptor, "\(path)")
        }
    }

    @Test func splitsPathsIntoFolderAndName() {
        let cases = [("a/b/c.png", "a/b/", "c.png"), ("c.png", "", "c.png"), ("/c", "/", "c"), ("new/", "new/", "")]
        for (path, folder, name) in cases {
            #expect(OutputTarget.directory(of: path) == folder && OutputTarget.name(of: path) == name, "\(path)")
        }
    }

    @Test func classifiesEachKindOfFile() throws {
        let folder = try ScratchFolder()
        try folder.create("plain.png", "x")
        #expect(chmod(folder("plain.png"), 0o640) == 0)
        try folder.create("linked.png", "x")
        #expect(link(folder("linked.png"), folder("other-name.png")) == 0)
        #expect(mkfifo(folder("fifo"), 0o600) == 0)
        try folder.createFolder("sub")
        #expect(symlink("../plain.png", folder("sub/up")) == 0)
        #expect(symlink("sub/up", folder("chain")) == 0)
        #expect(symlink(folder("stdout-link"), folder("stdout-link-link")) == 0)
        #expect(symlink("/dev/stdout", folder("stdout-link")) == 0)

        let new = try OutputTarget(folder("new.png"))
        #expect(new.method == .replace && new.existing == nil && new.resolved == folder("new.png"))
        let plain = try OutputTarget(folder("plain.png"))
        #expect(plain.method == .replace && plain.existing?.permissions == 0o640 && plain.existing?.type == .regular)
        #expect(try OutputTarget(folder("linked.png")).method == .inPlace)
        #expect(try OutputTarget(folder("fifo")).method == .inPlace)
        #expect(try OutputTarget("/dev/null").existing?.type == .characterDevice)
        let chain = try OutputTarget(folder("chain"))
        #expect(chain.resolved == folder("sub/../plain.png") && chain.method == .replace)
        #expect(try OutputTarget(folder("stdout-link-link")).method == .descriptor(1))
    }

    @Test func refusesWhatCannotBeWritten() throws {
        let folder = try ScratchFolder()
        try folder.create("file.png", "x")
        try folder.createFolder("dir")
        #expect(symlink("loop-b", folder("loop-a")) == 0 && symlink("loop-a", folder("loop-b")) == 0)
        #expect(symlink("nowhere/x.png", folder("dangling")) == 0)
        let cases: [(String, FileError.Kind)] = [
            (folder("dir"), .directory),
            (folder("dir/"), .directory),
            (folder("new/"), .system(code: EISDIR)),
            ("", .system(code: ENOENT)),
            (folder("file.png/x.png"), .system(code: ENOTDIR)),
            (folder("loop-a"), .system(code: ELOOP)),
            (folder("dangling"), .danglingSymbolicLink(destination: "nowhere/x.png")),
        ]
        for (path, kind) in cases {
            #expect(throws: FileError(.write, .path(path), kind), "\(path)") { try OutputTarget(path) }
        }
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to give a link to another user"))
    func followsLinksInStickyWorldWritableFoldersOnlyAsTheKernelWould() throws {
        let folder = try ScratchFolder()
        try folder.create("outside.png", "precious")
        try folder.createFolder("sticky")
        try folder.createFolder("plain")
        #expect(chmod(folder("sticky"), 0o1777) == 0 && chmod(folder("plain"), 0o777) == 0)
        for (name, owner) in [("theirs", uid_t(65534)), ("mine", geteuid())] {
            #expect(symlink("../outside.png", folder("sticky/\(name).png")) == 0)
            #expect(lchown(folder("sticky/\(name).png"), owner, gid_t(owner)) == 0)
        }
        #expect(symlink("../outside.png", folder("plain/theirs.png")) == 0)
        #expect(lchown(folder("plain/theirs.png"), 65534, 65534) == 0)
        // Through a link of ours to a link of theirs: the second hop is refused.
        #expect(symlink("sticky/theirs.png", folder("hop.png")) == 0)
        for path in [folder("sticky/theirs.png"), folder("hop.png")] {
            #expect(
                throws: FileError(.write, .path(path), .protectedSymbolicLink(owner: 65534, folder: folder("sticky/")))
            ) { try OutputTarget(path) }
        }
        #expect(try OutputTarget(folder("sticky/mine.png")).resolved == folder("sticky/../outside.png"))
        #expect(try OutputTarget(folder("plain/theirs.png")).resolved == folder("plain/../outside.png"))
        // A link of the folder's owner is followed: the folder's owner is the link's.
        #expect(chown(folder("sticky"), 65534, 65534) == 0)
        #expect(try OutputTarget(folder("sticky/theirs.png")).resolved == folder("sticky/../outside.png"))
        #expect(folder.bytes("outside.png") == Array("precious".utf8))
    }

    @Test func knowsWhoseFilesANewFileCanBecome() {
        #expect(OutputTarget.newFilesCanBeGiven(owner: geteuid(), group: getegid()))
        #expect(OutputTarget.newFilesCanBeGiven(owner: 12345, group: 12345) == (geteuid() == 0))
    }
}
