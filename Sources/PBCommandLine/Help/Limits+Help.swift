import PBJob

extension Limits {
    /// The `LIMITS:` section of `pbrender help render`: a row a line.
    static var helpSection: String {
        "LIMITS:\n" + HelpFormatter.table(rows.map { ($0.subject, $0.limit) })
            + "  Beyond a limit pbrender refuses (exit code 2) with a message that names it.\n"
    }
}
