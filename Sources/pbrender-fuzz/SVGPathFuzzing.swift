#if FUZZING
    import PBGeometry

    /// SVG path data: parse; on success measure at two accuracies, locate, trim with fractions
    /// from the input, and write the path and each trim as path data and read them back.
    enum SVGPathFuzzing {
        static func run(_ bytes: [UInt8]) -> Bool {
            let text = String(decoding: bytes, as: UTF8.self)
            guard let path = try? Path(svgPathData: text) else { return true }
            checkRoundTrip(path)
            _ = path.bounds
            _ = path.reversed()
            var seed = fuzzSeed(bytes)
            checkLengths(coarse: PathMeasure(path, accuracy: 1e-3), fine: PathMeasure(path, accuracy: 1e-9))
            for accuracy in [1e-3, 1e-9] {
                let measure = PathMeasure(path, accuracy: accuracy)
                for fraction in [0, 0.25, 0.5, 1, -0.5, 1.5, .nan, fuzzFraction(&seed)] {
                    _ = measure.location(atFraction: fraction)
                }
                _ = measure.location(atDistance: measure.length / 3)
                let trims: [(Double, Double, Double)] = [
                    (0, 1, 0), (0, 0.5, 0), (0.25, 0.75, 0), (0, 0.3, 0.9),
                    (fuzzFraction(&seed), fuzzFraction(&seed), fuzzFraction(&seed)),
                    (fuzzFraction(&seed), fuzzFraction(&seed), fuzzFraction(&seed) * 7 - 3),
                ]
                for (from, to, offset) in trims {
                    for scope in [TrimScope.wholePath, .eachSubpath] {
                        trim(measure, from: from, to: to, offset: offset, scope: scope)
                    }
                }
            }
            return true
        }

        /// The accuracy promise, checked two ways that do not trust the quadrature: each
        /// subpath's length at accuracy 1e-3 is within 1e-3 + 1e-9 (relative) of its length at
        /// 1e-9, since both are within their bound of the same exact length; and no subpath is
        /// shorter than the sum of its segments' chords (a curve is never shorter than the
        /// straight line between its ends). Only where every number is finite.
        static func checkLengths(coarse: PathMeasure, fine: PathMeasure) {
            for (index, subpath) in fine.subpaths.enumerated() {
                let (a, b) = (coarse.subpathLengths[index], fine.subpathLengths[index])
                guard a.isFinite, b.isFinite else { continue }
                guard abs(a - b) <= (1e-3 + 1e-9) * 1.000_001 * max(a, b) + 1e-300 else {
                    fuzzFailure("subpath \(index) measures \(a) at 1e-3 and \(b) at 1e-9: \(fine.path.svgPathData)")
                }
                let chords = subpath.drawnSegments.reduce(0.0) { $0 + ($1.end - $1.start).length }
                guard chords.isFinite else { continue }
                guard b >= chords * (1 - 1e-9) - 1e-300 else {
                    fuzzFailure(
                        "subpath \(index) measures \(b), less than its chords, \(chords): \(fine.path.svgPathData)")
                }
            }
        }

        /// The writer's promise: a path read from path data reads back from its own data as
        /// an equal path.
        static func checkRoundTrip(_ path: Path) {
            let data = path.svgPathData
            let back: Path
            do {
                back = try Path(svgPathData: data)
            } catch {
                fuzzFailure("the written data '\(data)' does not read back: \(error)")
            }
            guard back == path else { fuzzFailure("'\(data)' reads back as '\(back.svgPathData)'") }
        }

        /// Trims with finite fractions, which must not throw; a trim of a path of finite length
        /// must be writable as path data that reads back.
        static func trim(_ measure: PathMeasure, from: Double, to: Double, offset: Double, scope: TrimScope) {
            let trimmed: Path
            do {
                trimmed = try measure.trimmedPath(from: from, to: to, offset: offset, scope: scope)
            } catch {
                fuzzFailure("trimming with finite fractions threw: \(error)")
            }
            guard measure.length.isFinite else { return }
            let data = trimmed.svgPathData
            do {
                _ = try Path(svgPathData: data)
            } catch {
                fuzzFailure(
                    "the trim \(from)...\(to) offset \(offset) of '\(measure.path.svgPathData)' wrote '\(data)': \(error)"
                )
            }
        }
    }
#endif
