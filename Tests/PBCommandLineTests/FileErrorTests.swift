import Testing

@testable import PBCommandLine
@testable import PBJob

#if canImport(Glibc)
    import Glibc
#endif

/// The words of every kind of file error, and the exit codes they end a run with.
@Suite struct FileErrorTests {
    @Test func describesEachKindAndSubjectInOneLine() {
        // glibc's own words for the codes (independent of strerror being called).
        #expect(FileError.writing("x.png", code: EACCES).description == "cannot write 'x.png': Permission denied")
        #expect(
            FileError.reading("c.json", code: ENOENT).description == "cannot read 'c.json': No such file or directory")
        #expect(
            FileError(.read, .standardInput, .directory).description == "cannot read standard input: it is a directory")
        #expect(
            FileError(.write, .standardOutput, .system(code: ENOSPC)).description
                == "cannot write standard output: No space left on device")
        #expect(
            FileError(.write, .path("l"), .danglingSymbolicLink(destination: "../gone.png")).description
                == "cannot write 'l': it is a symbolic link to '../gone.png', which does not exist")
        #expect(
            FileError(.write, .path("f-2.png"), .directory).aboutFrame(2).description
                == "frame 2 ('f-2.png'): it is a directory")
        #expect(
            FileError(.write, .path("p"), .notRegularFile(.fifo)).aboutFrame(0).description
                == "frame 0 ('p'): it is a FIFO, and frames are written to regular files only")
        #expect(FileError.writing("y", code: 9999).reason == "Unknown error 9999", "an unknown code is kept")
        #expect(
            FileError(.write, .path("/tmp/x.png"), .protectedSymbolicLink(owner: 65534, folder: "/tmp/")).description
                == "cannot write '/tmp/x.png': it is a symbolic link that user 65534 made in the sticky, world-writable folder '/tmp/': only links of yours or of the folder's owner are followed there (fs.protected_symlinks)"
        )
    }

    @Test func mapsReadingToUsageErrorsAndWritingToFailures() {
        let read = CommandLineError(FileError.reading("c.json", code: ENOENT))
        #expect(read.exitCode == .usageError && read.message == "cannot read 'c.json': No such file or directory")
        let write = CommandLineError(FileError.writing("x.png", code: EACCES).aboutFrame(3))
        #expect(write.exitCode == .failure && write.message == "frame 3 ('x.png'): Permission denied")
        let link = CommandLineError(FileError(.write, .path("l"), .protectedSymbolicLink(owner: 7, folder: "d/")))
        #expect(link.exitCode == .usageError && link.message.hasPrefix("cannot write 'l': it is a symbolic link that"))
    }

    @Test func namesFileTypesWithAnArticle() {
        #expect(FileType(mode: S_IFCHR | 0o666).description == "a character device")
        #expect(FileType(mode: S_IFBLK).description == "a block device")
        #expect(FileType(mode: S_IFSOCK) == .socket && FileType(mode: S_IFLNK | 0o777) == .symbolicLink)
        #expect(FileType(mode: S_IFREG | 0o644) == .regular && FileType(mode: S_IFDIR) == .directory)
    }
}
