import PBJob

/// shields.io's query names for a badge, read by `/badge.EXT` as pbrender's own, so a badge URL
/// written for shields.io keeps its meaning here:
///
/// | shields.io | pbrender |
/// |---|---|
/// | `label=coverage` | `title=coverage` |
/// | `labelColor=555` | `title-color=555` |
/// | `color=green` | `color=green` (the same name) |
/// | `style=flat-square` | `style=flat-square` (the same names: `flat`, `flat-square`, `plastic`, `for-the-badge`, `social`) |
/// | `message=passing` | `message=passing` (the same name) |
/// | `numerator=217&denominator=250` | `progress=217/250` |
enum ShieldsQueryNames {
    /// shields.io's names that are another name of pbrender's, with pbrender's.
    static let renamed = ["label": "title", "labelColor": "title-color"]

    /// `query` with shields.io's names read as pbrender's: each renamed parameter under pbrender's
    /// name, and `numerator` with `denominator` as `progress=N/D`.
    ///
    /// - Throws: an input error for a parameter given under both names, for `numerator` or
    ///   `denominator` without the other, more than once, or with `progress`.
    static func resolved(_ query: QueryString) throws(CommandLineError) -> QueryString {
        var parameters: [QueryString.Parameter] = []
        for parameter in query.parameters {
            if let own = renamed[parameter.name] {
                guard query.values(named: own).isEmpty else {
                    throw .input("parameter '\(parameter.name)' is shields.io's name for '\(own)': give one of them")
                }
                parameters.append(QueryString.Parameter(name: own, value: parameter.value))
            } else if parameter.name != "numerator" && parameter.name != "denominator" {
                parameters.append(parameter)
            }
        }
        let numerators = query.values(named: "numerator")
        let denominators = query.values(named: "denominator")
        guard !numerators.isEmpty || !denominators.isEmpty else { return QueryString(parameters: parameters) }
        guard numerators.count == 1, denominators.count == 1 else {
            throw .input("parameters 'numerator' and 'denominator' go together, once each (the same as progress=N/D)")
        }
        guard query.values(named: "progress").isEmpty else {
            throw .input("give the progress as 'progress' or as 'numerator' and 'denominator', not both")
        }
        parameters.append(QueryString.Parameter(name: "progress", value: numerators[0] + "/" + denominators[0]))
        return QueryString(parameters: parameters)
    }
}
