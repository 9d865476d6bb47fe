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
        let ring = ProgressShape.ring.path(in: Rect(x: 0, y: 0, width: 48, height: 48), style: ProgressStyle())
        let scene = ProgressScene(width: 48, height: 48, path: ring, progress: 0.7)
        XCTAssertNotNil(
            verifySnapshot(of: scene, as: .image, named: "ring", record: .all, snapshotDirectory: directory))
        assertSnapshot(of: scene, as: .image, named: "ring", record: .never, snapshotDirectory: directory)
        XCTAssertNil(verifySnapshot(of: scene, as: .image, named: "ring", record: .never, snapshotDirectory: directory))
    }
}
