import Foundation
import PBGeometry
import PBRendering
import PBSnapshotTesting
import XCTest

/// `assertSnapshot` from an XCTest test case (no Swift Testing test is running here, so a
/// failure would go to `XCTFail` at the caller's line).
final class XCTestSupportTests: XCTestCase {
    func testAssertSnapshotPassesInXCTest() throws {
        let directory = NSTemporaryDirectory() + "pbrender-xctest-\(UUID().uuidString)"
        let scene = try ProgressIndicator(geometry: .shape(.ring), values: [0.7], width: 48, height: 48).scene()
        XCTAssertNotNil(
            verifySnapshot(of: scene, as: .image, named: "ring", record: .all, snapshotDirectory: directory))
        assertSnapshot(of: scene, as: .image, named: "ring", record: .never, snapshotDirectory: directory)
        XCTAssertNil(verifySnapshot(of: scene, as: .image, named: "ring", record: .never, snapshotDirectory: directory))
    }
}
