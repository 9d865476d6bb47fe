// In-process timings of PBGeometry for the geometry benchmark, `Tests/Benchmarks/geometry.py`,
// ring frames in each PNG compression mode for `Tests/Benchmarks/render.py` (`RingFrames.swift`),
// and SVG documents read and measured for `Tests/Benchmarks/documents.py` (`Documents.swift`).
// Not a product: a tool for those scripts, which document the results.
//
//     pbrender-bench time FILE [--repeats R] [--accuracy A] [--queries N]
//         Times, R times each after one untimed round: parsing the SVG path data in FILE,
//         measuring the path (`PathMeasure(path, accuracy: A)`) and N point-at-fraction queries
//         at the fractions i/N. Prints JSON: the median, minimum and every run of each phase in
//         seconds, the length to 17 significant digits and a checksum of the query points.
//     pbrender-bench lengths FILE --accuracies A1,A2,...
//         Prints JSON: for each accuracy, the path's length, the length of every segment measured
//         alone and the length of every subpath measured as a path by `PathMeasure`.
//     pbrender-bench points FILE [--accuracy A] [--queries N]
//         Prints JSON: the points at the fractions i/N.
//     pbrender-bench once FILE (parse|measure|query) [--rounds K] [--accuracy A] [--queries N]
//         Runs the phase named K times, untimed (after parsing and measuring once, as that
//         phase needs): for instruction counts under callgrind. The difference between K = 2
//         and K = 1 is the steady cost of one round of the phase (one-time set-up excluded).

import PBGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure that ends the tool with a message on standard error.
struct BenchError: Error, CustomStringConvertible {
    var description: String
}

/// The options after the subcommand and file.
struct Options {
    var repeats = 21
    var rounds = 1
    var accuracy = PathMeasure.defaultAccuracy
    var queries = 1000
    var accuracies: [Double] = []
    var phase = "measure"

    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments
        while let option = rest.popFirst() {
            if ["parse", "measure", "query"].contains(option) {
                phase = option
                continue
            }
            guard let value = rest.popFirst() else { throw BenchError(description: "\(option) needs a value") }
            switch option {
            case "--repeats": repeats = Int(try Self.number(value, option))
            case "--rounds": rounds = Int(try Self.number(value, option))
            case "--accuracy": accuracy = try Self.number(value, option)
            case "--queries": queries = Int(try Self.number(value, option))
            case "--accuracies":
                accuracies = try value.split(separator: ",").map { try Self.number(String($0), option) }
            default: throw BenchError(description: "unknown option \(option)")
            }
        }
        guard repeats >= 1, rounds >= 1, queries >= 1, accuracy > 0 else {
            throw BenchError(description: "repeats, rounds, queries and accuracy must be positive")
        }
    }

    private static func number(_ text: String, _ option: String) throws -> Double {
        guard let value = Double(text), value.isFinite, abs(value) < 1e15 else {
            throw BenchError(description: "\(option): not a number: \(text)")
        }
        return value
    }
}

/// The whole file as a string.
func readFile(_ name: String) throws -> String {
    guard let file = fopen(name, "rb") else { throw BenchError(description: "cannot open \(name)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// `value` with 17 significant digits, so that it reads back exactly.
func digits17(_ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 40)
    _ = withVaList([value]) { arguments in
        buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, "%.17g", arguments) }
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The result of `body` and the seconds it took.
func timed<Result>(_ body: () throws -> Result) rethrows -> (result: Result, seconds: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    let elapsed = (clock.now - start).components
    return (result, Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
}

/// The median of `values` (not empty).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : 0.5 * (sorted[middle - 1] + sorted[middle])
}

/// A JSON object for the runs of one phase.
func phaseJSON(_ runs: [Double]) -> String {
    let list = runs.map(digits17).joined(separator: ", ")
    let minimum = runs.min() ?? .nan
    return "{\"median\": \(digits17(median(runs))), \"min\": \(digits17(minimum)), \"runs\": [\(list)]}"
}

/// The sum of the coordinates of the points at the fractions i/count, so that no query can be
/// optimised away.
func query(_ measure: PathMeasure, count: Int) -> Double {
    var checksum = 0.0
    for i in 0..<count {
        if let location = measure.location(atFraction: Double(i) / Double(count)) {
            checksum += location.point.x + location.point.y
        }
    }
    return checksum
}

/// The path of `data`, which the benchmark wrote itself: read without limits (its accuracy check
/// has one subpath per curve, more than the default 10,000).
func parse(_ data: String) throws -> Path {
    do {
        return try Path(svgPathData: data, limits: .unlimited)
    } catch {
        throw BenchError(description: "path data: \(error)")
    }
}

func time(_ data: String, _ options: Options) throws {
    var (parseRuns, measureRuns, queryRuns) = ([Double](), [Double](), [Double]())
    // One untimed round warms caches and the allocator.
    var path = try parse(data)
    var measure = PathMeasure(path, accuracy: options.accuracy)
    var checksum = query(measure, count: options.queries)
    for _ in 0..<options.repeats {
        let parsed = try timed { try parse(data) }
        path = parsed.result
        parseRuns.append(parsed.seconds)
        let measured = timed { PathMeasure(path, accuracy: options.accuracy) }
        measure = measured.result
        measureRuns.append(measured.seconds)
        let queried = timed { query(measure, count: options.queries) }
        checksum = queried.result
        queryRuns.append(queried.seconds)
    }
    let segments = path.subpaths.reduce(0) { $0 + $1.drawnSegments.count }
    print(
        """
        {"implementation": "pbrender", "segments": \(segments), "repeats": \(options.repeats), \
        "accuracy": \(digits17(options.accuracy)), "queries": \(options.queries), \
        "length": \(digits17(measure.length)), "checksum": \(digits17(checksum)), \
        "parse": \(phaseJSON(parseRuns)), "measure": \(phaseJSON(measureRuns)), \
        "query": \(phaseJSON(queryRuns))}
        """)
}

func lengths(_ data: String, _ options: Options) throws {
    let path = try parse(data)
    let segments = path.subpaths.flatMap(\.drawnSegments)
    var objects: [String] = []
    for accuracy in options.accuracies {
        let measure = PathMeasure(path, accuracy: accuracy)
        let each = segments.map { digits17($0.length(accuracy: accuracy)) }.joined(separator: ", ")
        // Each subpath measured as a path of its own, so that no running sum rounds it.
        let subpaths = path.subpaths.map {
            digits17(PathMeasure(Path(elements: $0.pathElements), accuracy: accuracy).length)
        }
        .joined(separator: ", ")
        objects.append(
            """
            {"accuracy": \(digits17(accuracy)), "length": \(digits17(measure.length)), \
            "segments": [\(each)], "subpaths": [\(subpaths)]}
            """)
    }
    print("[" + objects.joined(separator: ",\n") + "]")
}

func points(_ data: String, _ options: Options) throws {
    let measure = PathMeasure(try parse(data), accuracy: options.accuracy)
    let points = (0..<options.queries).map { i -> String in
        guard let point = measure.location(atFraction: Double(i) / Double(options.queries))?.point else {
            return "null"
        }
        return "[\(digits17(point.x)), \(digits17(point.y))]"
    }
    print("{\"length\": \(digits17(measure.length)), \"points\": [" + points.joined(separator: ", ") + "]}")
}

func once(_ data: String, _ options: Options) throws {
    var result = 0.0
    for _ in 0..<(options.phase == "parse" ? options.rounds : 1) {
        result += Double(try parse(data).subpaths.count)
    }
    if options.phase != "parse" {
        let path = try parse(data)
        var measure = PathMeasure(path, accuracy: options.accuracy)
        for _ in 1..<(options.phase == "measure" ? options.rounds : 1) {
            measure = PathMeasure(path, accuracy: options.accuracy)
        }
        result += measure.length
        for _ in 0..<(options.phase == "query" ? options.rounds : 0) {
            result += query(measure, count: options.queries)
        }
    }
    print(digits17(result))
}

let arguments = CommandLine.arguments
do {
    if arguments.count >= 2, arguments[1] == "ring-frames" {
        try ringFrames(arguments.dropFirst(2))
        exit(0)
    }
    if arguments.count >= 2, arguments[1] == "documents" {
        try documents(arguments.dropFirst(2))
        exit(0)
    }
    guard arguments.count >= 3 else {
        throw BenchError(
            description:
                "usage: pbrender-bench (time|lengths|points|once) FILE [options] | ring-frames MODE COUNT OUTDIR"
                + " | documents DIR [--rounds K]")
    }
    let data = try readFile(arguments[2])
    let options = try Options(arguments.dropFirst(3))
    switch arguments[1] {
    case "time": try time(data, options)
    case "lengths": try lengths(data, options)
    case "points": try points(data, options)
    case "once": try once(data, options)
    default: throw BenchError(description: "unknown subcommand \(arguments[1])")
    }
} catch {
    // Standard error by its descriptor: the C `stderr` global is not concurrency-safe.
    let message = Array("pbrender-bench: \(error)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}
