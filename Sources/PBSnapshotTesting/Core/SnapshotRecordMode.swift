#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When assertions write reference files, as in swift-snapshot-testing.
public enum SnapshotRecordMode: String, CaseIterable, Sendable {
    /// Record references that are missing (and fail, so they get looked at); compare the rest.
    /// The default.
    case missing
    /// Record every reference (and fail), replacing what is there.
    case all
    /// Re-record references that do not match (and fail); record missing ones.
    case failed
    /// Never write: a missing reference is a failure. For CI.
    case never

    /// The environment variable that sets the mode for a whole test run.
    public static let environmentVariable = "PBRENDER_SNAPSHOT_RECORD"

    /// The mode `PBRENDER_SNAPSHOT_RECORD` asks for, ``missing`` when it is unset or empty.
    ///
    /// - Throws: ``SnapshotConfigurationError`` for a value that is not a mode.
    public static func fromEnvironment() throws(SnapshotConfigurationError) -> SnapshotRecordMode {
        guard let raw = getenv(environmentVariable), raw.pointee != 0 else { return .missing }
        let text = String(cString: raw)
        guard let mode = SnapshotRecordMode(rawValue: text.lowercased()) else {
            throw SnapshotConfigurationError(
                message: "\(environmentVariable)=\(text) is not a record mode: use "
                    + allCases.map(\.rawValue).joined(separator: ", "))
        }
        return mode
    }
}

/// The snapshot settings in the environment are invalid.
public struct SnapshotConfigurationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The message.
    public var description: String { message }
}
