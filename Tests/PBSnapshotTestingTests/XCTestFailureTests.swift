import Foundation
import PBGeometry
import PBRendering
import PBSnapshotTesting
import XCTest

/// The XCTest branch of `assertSnapshot`: with no Swift Testing test running, a mismatch is
/// reported through `XCTFail` at the caller's file and line. The failure is caught here (by
/// `recordFailure`, which XCTest calls for every failure) so that the test can check it and
/// still pass.
final class XCTestFailureTests: XCTestCase {
    /// The failures caught while ``catching`` is set: description, file, line.
    private var caught: [(description: String, file: String, line: Int)] = []
    private var catching = false

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if catching {
            caught.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testAMismatchFailsThroughXCTFailAtTheCallersLine() throws {
        let directory = NSTemporaryDirectory() + "pbrender-xctest-failure-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let half = try ProgressIndicator(geometry: .shape(.ring), values: [0.5], width: 48, height: 48).scene()
        let most = try ProgressIndicator(geometry: .shape(.ring), values: [0.8], width: 48, height: 48).scene()
        XCTAssertNotNil(
            verifySnapshot(of: half, as: .image, named: "ring", record: .all, snapshotDirectory: directory))

        catching = true
        let line = #line + 1
        assertSnapshot(of: most, as: .image, named: "ring", record: .never, snapshotDirectory: directory)
        catching = false

        XCTAssertEqual(caught.count, 1)
        let failure = try XCTUnwrap(caught.first)
        XCTAssertEqual(failure.line, line)
        XCTAssertEqual(failure.file, #filePath)
        XCTAssertTrue(failure.description.contains("pixels differ beyond the tolerance"), failure.description)

        // A match records nothing.
        catching = true
        assertSnapshot(of: half, as: .image, named: "ring", record: .never, snapshotDirectory: directory)
        catching = false
        XCTAssertEqual(caught.count, 1)
    }
}
