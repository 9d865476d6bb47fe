import Testing
import XCTest

/// Asserts that `value` matches its reference snapshot, recording a failure at the caller's
/// line otherwise, from Swift Testing (`Issue.record`) or XCTest (`XCTFail`), whichever is
/// running the test.
///
/// ```swift
/// @Test func halfDoneRing() throws {
///     var indicator = ProgressIndicator(shape: .ring)
///     indicator.progress = 0.5
///     let scene = try indicator.scene()
///     assertSnapshot(of: scene, as: .image)
/// }
/// ```
///
/// The first run records the reference (and fails, so you look at it); later runs compare.
/// See ``verifySnapshot(of:as:named:record:snapshotDirectory:file:testName:)`` for record
/// modes and where files go.
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil, record: SnapshotRecordMode? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    guard
        let message = verifySnapshot(
            of: try value(), as: snapshotting, named: name, record: record, snapshotDirectory: snapshotDirectory,
            file: filePath, testName: testName)
    else { return }
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}
