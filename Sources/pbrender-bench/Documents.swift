import PBDocument
import PBGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pbrender-bench documents DIR [--rounds K]`, for `Tests/Benchmarks/documents.py`: reads every
/// `.svg` file in DIR into memory, then K times (after one untimed round) reads each as an
/// `SVGDocument` and measures each element's path on the canvas (`PathMeasure`, default
/// accuracy). Prints JSON: the number of files, the seconds of each round, the number of files that
/// could not be read (each named with its message on standard error) and each other file's total
/// length to 17 digits. Each round's
/// seconds are given as wall time and as the process's CPU time.
func documents(_ arguments: ArraySlice<String>) throws {
    guard let directory = arguments.first else {
        throw BenchError(description: "usage: pbrender-bench documents DIR [--rounds K]")
    }
    let options = try Options(arguments.dropFirst())
    guard let folder = opendir(directory) else { throw BenchError(description: "cannot open \(directory)") }
    var names: [String] = []
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.hasSuffix(".svg") { names.append(name) }
    }
    closedir(folder)
    names.sort()
    let files = try names.map { (name: $0, bytes: Array(try readFile(directory + "/" + $0).utf8)) }

    /// Every file read and measured once: each readable file's total length, and the failures.
    func round() -> (lengths: [Double], failures: [(String, String)]) {
        var lengths: [Double] = []
        var failures: [(String, String)] = []
        lengths.reserveCapacity(files.count)
        for file in files {
            do {
                let document = try SVGDocument(data: file.bytes, fileName: file.name)
                lengths.append(document.elements.reduce(0) { $0 + PathMeasure($1.path).length })
            } catch {
                lengths.append(.nan)
                failures.append((file.name, error.description))
            }
        }
        return (lengths, failures)
    }

    let (lengths, failures) = round()
    var seconds: [Double] = []
    var cpuSeconds: [Double] = []
    for _ in 0..<max(options.rounds, 1) {
        let cpuStart = processCPUSeconds()
        seconds.append(timed { round() }.seconds)
        cpuSeconds.append(processCPUSeconds() - cpuStart)
    }
    for (name, message) in failures {
        // Standard error by its descriptor: the C `stderr` global is not concurrency-safe.
        let line = Array("pbrender-bench: \(name): \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
    let entries = zip(files, lengths).filter { $1.isFinite }.map { "\"\($0.name)\": \(digits17($1))" }
    print(
        "{\"files\": \(files.count), \"seconds\": \(phaseJSON(seconds)), \"cpuSeconds\": \(phaseJSON(cpuSeconds)), "
            + "\"failures\": \(failures.count), \"lengths\": {\(entries.joined(separator: ", "))}}")
}

/// The CPU time the process has used, in seconds (a shared machine's wall time is not the work).
private func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}
