#if FUZZING
    import PBServer

    /// HTTP query strings: `QueryString(decodingBytes:limits:)` of PBServer. The first byte's
    /// lowest bit picks the limits (the defaults, or 64 bytes and 4 parameters so that the
    /// limits are reached); the rest is the raw query.
    ///
    /// Checked against a second decoder written here from the rules in `QueryString`'s
    /// documentation (split at `&`, skip empty pieces, split each at its first `=`, `+` is a
    /// space, `%XX` a byte, then UTF-8 checked by the standard library): both accept the same
    /// queries, with the same parameters. A refusal points inside the query. A decoded query
    /// encodes (every byte but unreserved ones as `%XX`) to a query that decodes the same, and
    /// its lookups give the first and all values of each name.
    enum QueryStringFuzzing {
        static func run(_ bytes: [UInt8]) -> Bool {
            guard let options = bytes.first else { return true }
            let raw = Array(bytes.dropFirst())
            let limits =
                options & 1 == 0
                ? QueryString.Limits.default : QueryString.Limits(maximumLength: 64, maximumParameterCount: 4)
            let expected = decode(raw, limits: limits)
            let query: QueryString
            do {
                query = try QueryString(decodingBytes: raw, limits: limits)
            } catch {
                guard (0...raw.count).contains(error.offset), !error.description.isEmpty else {
                    fuzzFailure("a refusal at offset \(error.offset) of \(raw.count) bytes: \(error)")
                }
                if let expected { fuzzFailure("refused, but decodes as \(expected): \(error)") }
                return true
            }
            guard let expected, expected == query.parameters.map({ [$0.name, $0.value] }) else {
                fuzzFailure("decodes as \(query.parameters), not \(String(describing: expected))")
            }
            let encoded = query.parameters.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
            guard let back = try? QueryString(decodingBytes: Array(encoded.utf8), limits: .default),
                back.parameters == query.parameters || encoded.utf8.count > QueryString.Limits.default.maximumLength
            else {
                fuzzFailure("\(query.parameters) encodes as '\(encoded)', which does not decode back")
            }
            for name in Set(query.parameters.map(\.name)) {
                let values = query.parameters.filter { $0.name == name }.map(\.value)
                guard query[name] == values.first, query.values(named: name) == values else {
                    fuzzFailure("the lookups of '\(name)' are wrong")
                }
            }
            return true
        }

        /// The parameters as name–value pairs, or nil when the query is refused.
        static func decode(_ raw: [UInt8], limits: QueryString.Limits) -> [[String]]? {
            guard raw.count <= limits.maximumLength else { return nil }
            var out: [[String]] = []
            for piece in raw.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
                guard out.count < limits.maximumParameterCount else { return nil }
                let equals = piece.firstIndex(of: UInt8(ascii: "="))
                guard let name = component(piece[..<(equals ?? piece.endIndex)]) else { return nil }
                guard let value = equals.map({ component(piece[piece.index(after: $0)...]) }) ?? "" else { return nil }
                // No control character (U+0000-U+001F, U+007F) in a name; in a value only tab, line
                // feed and carriage return, and only for a multi-line parameter.
                func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
                let lineWhitespace: Set<UInt8> = limits.multilineParameters.contains(name) ? [0x09, 0x0A, 0x0D] : []
                guard !name.utf8.contains(where: isControl),
                    !value.utf8.contains(where: { isControl($0) && !lineWhitespace.contains($0) })
                else { return nil }
                out.append([name, value])
            }
            return out
        }

        /// One decoded name or value, or nil for a bad escape or bytes that are not UTF-8.
        static func component(_ bytes: ArraySlice<UInt8>) -> String? {
            var decoded: [UInt8] = []
            var index = bytes.startIndex
            while index < bytes.endIndex {
                switch bytes[index] {
                case UInt8(ascii: "+"):
                    decoded.append(0x20)
                    index += 1
                case UInt8(ascii: "%"):
                    guard bytes.endIndex - index >= 3,
                        let byte = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16),
                        bytes[(index + 1)...(index + 2)].allSatisfy({
                            $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-")
                        })
                    else { return nil }
                    decoded.append(byte)
                    index += 3
                case let byte:
                    decoded.append(byte)
                    index += 1
                }
            }
            return String(validating: decoded, as: UTF8.self)
        }

        /// Every byte but `A-Z a-z 0-9 - . _ ~` as `%XX`.
        static func encode(_ text: String) -> String {
            var out = ""
            for byte in text.utf8 {
                let scalar = Unicode.Scalar(byte)
                if ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || "-._~".unicodeScalars.contains(scalar)
                {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            }
            return out
        }
    }
#endif
