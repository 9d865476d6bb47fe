/// An HTTP request method such as `GET`; method names are case-sensitive (RFC 9110 §9.1).
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The method name as sent, e.g. `GET`.
    public var rawValue: String

    /// The method with this name.
    ///
    /// - Parameter rawValue: The method name, e.g. `GET`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The method with this name.
    ///
    /// - Parameter name: The method name, e.g. `GET`.
    public init(_ name: String) {
        self.rawValue = name
    }

    /// The method name.
    public var description: String { rawValue }

    /// `GET`: transfer a current representation of the target.
    public static let get = HTTPMethod("GET")
    /// `HEAD`: as `GET`, but the response carries no content.
    public static let head = HTTPMethod("HEAD")
    /// `POST`.
    public static let post = HTTPMethod("POST")
    /// `PUT`.
    public static let put = HTTPMethod("PUT")
    /// `DELETE`.
    public static let delete = HTTPMethod("DELETE")
    /// `OPTIONS`.
    public static let options = HTTPMethod("OPTIONS")
}
