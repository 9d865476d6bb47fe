import PBRendering

/// Typed, located access to the members of one JSON object of an input file, with errors
/// that name the file, line, column and key.
package struct JSONObjectReader {
    /// The file name for messages.
    package let file: String
    /// The object's members.
    package let members: [JSONMember]

    /// Reads `node` as an object; `what` names it in the error otherwise ("the curve file").
    package init(_ node: JSONNode, file: String, what: String) throws(CommandLineError) {
        guard case .object(let members) = node.value else {
            throw .input(
                "\(what) must be a JSON object, not \(node.value.kindDescription)", file: file, at: node.position)
        }
        self.file = file
        self.members = members
    }

    /// Fails on the first key not in `known`, suggesting the closest known one, or listing them
    /// all when none is close (a typo must not pass silently).
    package func rejectUnknownKeys(known: [String], in what: String) throws(CommandLineError) {
        for member in members where !known.contains(member.key) {
            // A close key says enough; otherwise every key is listed.
            let hint = NameSuggestion.hint(for: member.key, among: known)
            let list = hint.isEmpty ? "; known keys: \(known.joined(separator: ", "))" : ""
            throw .input("unknown key '\(member.key)' in \(what)\(hint)\(list)", file: file, at: member.keyPosition)
        }
    }

    /// The member with `key`, if present.
    package func member(_ key: String) -> JSONMember? {
        members.first { $0.key == key }
    }

    /// An error about the value of `member`.
    package func error(_ member: JSONMember, _ message: String) -> CommandLineError {
        .input("'\(member.key)' \(message)", file: file, at: member.value.position)
    }

    /// The number at `key`, if present; `requirement` says what it must be ("a positive number").
    package func number(
        _ key: String, mustBe requirement: String = "a number", where isValid: (Double) -> Bool = { _ in true }
    )
        throws(CommandLineError) -> Double?
    {
        guard let member = member(key) else { return nil }
        guard case .number(let value, let text) = member.value.value else {
            throw error(member, "must be \(requirement), not \(member.value.value.kindDescription)")
        }
        guard isValid(value) else { throw error(member, "must be \(requirement), not \(text)") }
        return value
    }

    /// The string at `key` and where it begins, if present.
    package func string(_ key: String, mustBe requirement: String = "a string") throws(CommandLineError) -> (
        value: String, position: TextPosition
    )? {
        guard let member = member(key) else { return nil }
        guard case .string(let value) = member.value.value else {
            throw error(member, "must be \(requirement), not \(member.value.value.kindDescription)")
        }
        return (value, member.value.position)
    }
}
