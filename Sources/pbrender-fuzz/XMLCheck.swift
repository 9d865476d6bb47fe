#if FUZZING
    /// A small XML 1.0 well-formedness check for the SVG pbrender writes: one root element,
    /// elements nested and closed, attributes quoted and not repeated, `&` only in entity and
    /// character references (of characters XML allows), no `<` in text or attribute values, and
    /// only characters XML allows (no C0 control other than tab, line feed and carriage return,
    /// no U+FFFE or U+FFFF), also inside comments and CDATA. Names are checked as ASCII names
    /// (`[A-Za-z_:][A-Za-z0-9._:-]*`), which is all the writer uses. No DTD is expected.
    ///
    /// Independent of the writer: written from the XML specification, for the fuzz targets that
    /// draw SVG from arbitrary titles, labels and colours. A browser shows nothing at all for an
    /// SVG that is not well-formed.
    struct XMLCheck {
        private let scalars: [Unicode.Scalar]
        private var index = 0

        /// The first problem in `text`, or nil for a well-formed document.
        static func problem(in text: String) -> String? {
            var check = XMLCheck(scalars: Array(text.unicodeScalars))
            do {
                try check.document()
                return nil
            } catch {
                let start = max(0, check.index - 40)
                let end = min(check.scalars.count, check.index + 40)
                var context = ""
                context.unicodeScalars.append(contentsOf: check.scalars[start..<end])
                return "\(error.reason) at scalar \(check.index), near '\(context)'"
            }
        }

        struct Failure: Error {
            var reason: String
        }

        private init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        private var atEnd: Bool { index >= scalars.count }

        private func peek(_ text: String) -> Bool {
            var offset = index
            for scalar in text.unicodeScalars {
                guard offset < scalars.count, scalars[offset] == scalar else { return false }
                offset += 1
            }
            return true
        }

        private mutating func expect(_ text: String) throws(Failure) {
            guard peek(text) else { throw Failure(reason: "expected '\(text)'") }
            index += text.unicodeScalars.count
        }

        private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x9, 0xA, 0xD: true
            case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        }

        private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
        }

        private mutating func skipSpaces() {
            while !atEnd, Self.isSpace(scalars[index]) { index += 1 }
        }

        /// The next character, checked to be one XML allows.
        private mutating func next() throws(Failure) -> Unicode.Scalar {
            guard !atEnd else { throw Failure(reason: "unexpected end") }
            let scalar = scalars[index]
            guard Self.isAllowed(scalar) else {
                throw Failure(reason: "U+\(String(scalar.value, radix: 16, uppercase: true)) is not allowed in XML")
            }
            index += 1
            return scalar
        }

        private mutating func name() throws(Failure) -> String {
            var out = ""
            while !atEnd {
                let scalar = scalars[index]
                let isStart =
                    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar == ":"
                let isLater = ("0"..."9").contains(scalar) || scalar == "." || scalar == "-"
                guard isStart || (!out.isEmpty && isLater) else { break }
                out.unicodeScalars.append(scalar)
                index += 1
            }
            guard !out.isEmpty else { throw Failure(reason: "expected a name") }
            return out
        }

        private mutating func document() throws(Failure) {
            if peek("<?xml") { try processingInstruction() }
            try misc()
            guard peek("<"), !peek("</") else { throw Failure(reason: "expected the root element") }
            try element()
            try misc()
            guard atEnd else { throw Failure(reason: "content after the root element") }
        }

        /// Spaces, comments and processing instructions outside the root.
        private mutating func misc() throws(Failure) {
            while true {
                skipSpaces()
                if peek("<!--") {
                    try comment()
                } else if peek("<?") {
                    try processingInstruction()
                } else {
                    return
                }
            }
        }

        private mutating func comment() throws(Failure) {
            try expect("<!--")
            while !peek("-->") {
                if peek("--") { throw Failure(reason: "'--' inside a comment") }
                _ = try next()
            }
            try expect("-->")
        }

        private mutating func processingInstruction() throws(Failure) {
            try expect("<?")
            _ = try name()
            while !peek("?>") { _ = try next() }
            try expect("?>")
        }

        private mutating func element() throws(Failure) {
            try expect("<")
            let tag = try name()
            var attributes: Set<String> = []
            while true {
                let hadSpace = !atEnd && Self.isSpace(scalars[index])
                skipSpaces()
                if peek("/>") {
                    index += 2
                    return
                }
                if peek(">") {
                    index += 1
                    break
                }
                guard hadSpace else { throw Failure(reason: "expected a space before an attribute") }
                let attribute = try name()
                guard attributes.insert(attribute).inserted else {
                    throw Failure(reason: "attribute '\(attribute)' repeated on <\(tag)>")
                }
                skipSpaces()
                try expect("=")
                skipSpaces()
                let quote = try next()
                guard quote == "\"" || quote == "'" else { throw Failure(reason: "an unquoted attribute value") }
                while !atEnd, scalars[index] != quote {
                    if scalars[index] == "<" { throw Failure(reason: "'<' in an attribute value") }
                    if scalars[index] == "&" { try reference() } else { _ = try next() }
                }
                try expect(String(quote))
            }
            try content()
            try expect("</")
            let closing = try name()
            guard closing == tag else { throw Failure(reason: "<\(tag)> closed by </\(closing)>") }
            skipSpaces()
            try expect(">")
        }

        private mutating func content() throws(Failure) {
            while true {
                if peek("</") { return }
                if peek("<!--") {
                    try comment()
                } else if peek("<![CDATA[") {
                    index += 9
                    while !peek("]]>") { _ = try next() }
                    index += 3
                } else if peek("<?") {
                    try processingInstruction()
                } else if peek("<") {
                    try element()
                } else if peek("&") {
                    try reference()
                } else {
                    if peek("]]>") { throw Failure(reason: "']]>' in text") }
                    _ = try next()
                }
            }
        }

        /// `&name;` for the five predefined entities, `&#N;` or `&#xH;` for an allowed character.
        private mutating func reference() throws(Failure) {
            try expect("&")
            if peek("#") {
                index += 1
                let isHex = peek("x")
                if isHex { index += 1 }
                var digits = ""
                while !atEnd, scalars[index] != ";" {
                    digits.unicodeScalars.append(scalars[index])
                    index += 1
                }
                try expect(";")
                guard let value = UInt32(digits, radix: isHex ? 16 : 10), let scalar = Unicode.Scalar(value),
                    Self.isAllowed(scalar)
                else { throw Failure(reason: "a bad character reference '&#\(isHex ? "x" : "")\(digits);'") }
                return
            }
            let entity = try name()
            try expect(";")
            guard ["lt", "gt", "amp", "quot", "apos"].contains(entity) else {
                throw Failure(reason: "an undefined entity '&\(entity);'")
            }
        }
    }
#endif
