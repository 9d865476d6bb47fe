import DownloadBadge
import PBSnapshotTesting
import Testing

@Suite struct DownloadBadgeTests {
    @Test func dividesAsDoubles() {
        #expect(DownloadBadge(bytesReceived: 1, bytesExpected: 3).fractionCompleted == 1.0 / 3.0)
        #expect(DownloadBadge(bytesReceived: 5, bytesExpected: nil).fractionCompleted == nil)
    }

    @Test(arguments: [(0, "empty"), (262_144, "quarter"), (786_432, "three-quarters"), (1_048_576, "done")])
    func badge(bytesReceived: Int64, name: String) throws {
        let badge = DownloadBadge(bytesReceived: bytesReceived, bytesExpected: 1_048_576)
        assertSnapshot(of: try badge.scene(), as: .image, named: name)
    }

    @Test func unknownTotal() throws {
        assertSnapshot(of: try DownloadBadge(bytesReceived: 1_000, bytesExpected: nil).scene(), as: .image)
    }
}
