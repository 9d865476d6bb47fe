import Foundation

/// Compares `value` with its reference file and returns why it fails, or `nil` when it passes.
/// ``assertSnapshot(of:as:named:record:snapshotDirectory:fileID:file:testName:line:column:)``
/// reports this message as a test failure; call this directly to handle it yourself.
///
/// What happens depends on the record mode (`record`, else `PBRENDER_SNAPSHOT_RECORD`, else
/// ``SnapshotRecordMode/missing``):
/// - a missing reference is written and the call fails (`missing`, `failed`, `all`), or just
///   fails (`never`);
/// - a mismatch fails, writing the actual snapshot and any difference files to the artifacts
///   folder (`PBRENDER_SNAPSHOT_ARTIFACTS`, else `pbrender-snapshot-artifacts` in the temporary
///   directory); `failed` also replaces the reference;
/// - `all` rewrites every reference and fails.
///
/// - Parameters:
///   - value: what to snapshot.
///   - snapshotting: the strategy: `.image`, `.svg`, `.elements`, ….
///   - name: the snapshot's name within its test; unnamed snapshots are numbered.
///   - record: the record mode, overriding the environment.
///   - snapshotDirectory: the folder of the reference files; by default `__Snapshots__/<test
///     file>` beside the test file.
///   - filePath: the test file (for the default folder).
///   - testName: the test's name (the start of the file name).
/// - Returns: a message naming the files involved and what to do, or `nil`.
public func verifySnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil, record: SnapshotRecordMode? = nil, snapshotDirectory: String? = nil,
    file filePath: StaticString = #filePath, testName: String = #function
) -> String? {
    let location = SnapshotLocation(
        filePath: "\(filePath)", testName: testName, name: name, pathExtension: snapshotting.pathExtension,
        directory: snapshotDirectory)
    let reference = location.reference
    let mode: SnapshotRecordMode
    if let record {
        mode = record
    } else {
        do {
            mode = try SnapshotRecordMode.fromEnvironment()
        } catch {
            return error.message
        }
    }
    let actual: Format
    do {
        actual = try snapshotting.snapshot(value())
    } catch {
        return "Could not make the snapshot: \(error)"
    }
    let rerun = "Look at it, then run the test again."
    do {
        let fileManager = FileManager.default
        if mode == .all {
            try write(snapshotting.diffing.toData(actual), to: reference)
            return "Recorded the snapshot (record mode 'all') at \(reference.path). \(rerun) "
                + "Turn recording off (unset \(SnapshotRecordMode.environmentVariable)) once it is right."
        }
        guard fileManager.fileExists(atPath: reference.path) else {
            if mode == .never {
                return "No reference at \(reference.path), and recording is off "
                    + "(\(SnapshotRecordMode.environmentVariable)=never). Record it by running the test with "
                    + "\(SnapshotRecordMode.environmentVariable)=missing, look at it, and commit it."
            }
            try write(snapshotting.diffing.toData(actual), to: reference)
            return "No reference was found; recorded the snapshot at \(reference.path). \(rerun)"
        }
        let stored = try Data(contentsOf: reference)
        let expected: Format
        do {
            expected = try snapshotting.diffing.fromData(Array(stored))
        } catch {
            return "The reference at \(reference.path) cannot be read: \(error). "
                + "Delete it and run the test again to record a new one."
        }
        guard let difference = snapshotting.diffing.diff(expected, actual) else { return nil }
        let artifact = location.artifacts.appendingPathComponent(reference.lastPathComponent)
        try write(snapshotting.diffing.toData(actual), to: artifact)
        var files = ["actual: \(artifact.path)"]
        for attachment in difference.attachments {
            let url = artifact.deletingPathExtension().appendingPathExtension(attachment.suffix)
            try write(attachment.bytes, to: url)
            files.append("difference: \(url.path)")
        }
        var message =
            "Snapshot does not match the reference \(reference.path): \(difference.message)\n"
            + files.map { "  \($0)\n" }.joined()
        if mode == .failed {
            try write(snapshotting.diffing.toData(actual), to: reference)
            message += "Re-recorded the reference (record mode 'failed'). \(rerun)"
        } else {
            message += "If the change is right, re-record it with \(SnapshotRecordMode.environmentVariable)=failed."
        }
        return message
    } catch {
        return "Could not read or write snapshot files: \(error)"
    }
}

/// Writes a file atomically, creating its folder.
private func write(_ bytes: [UInt8], to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url, options: .atomic)
}
