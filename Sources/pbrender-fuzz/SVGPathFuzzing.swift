#if FUZZING
    import PBGeometry

    /// SVG path data: parse; on success measure at two accuracies, locate, trim with fractions
    /// from the input, and write the path and each trim as path data and read them back.
    enum SVGPathFuzzing {
        static func run(_ bytes: [UInt8]) {
            let text = String(decoding: bytes, as: UTF8.self)
            guard let path = try? Path(svgPathData: text) else { return }
            checkRoundTrip(path)
            _ = path.bounds
            _ = path.reversed()
            var seed = fuzzSeed(bytes)
            for accuracy in [1e-3, 1e-9] {
                let measure = PathMeasure(path, accuracy: accuracy)
                for fraction in [0, 0.25, 0.5, 1, -0.5, 1.5, .nan, fraction(&seed)] {
                    _ = measure.location(atFraction: fraction)
                }
                _ = measure.location(atDistance: measure.length / 3)
                let trims: [(Double, Double, Double)] = [
                    (0, 1, 0), (0, 0.5, 0), (0.25, 0.75, 0), (0, 0.3, 0.9),
                    (fraction(&seed), fraction(&seed), fraction(&seed)),
                    (fraction(&seed), fraction(&seed), fraction(&seed) * 7 - 3),
                ]
                for (from, to, offset) in trims {
                    for scope in [TrimScope.wholePath, .eachSubpath] {
                        trim(measure, from: from, to: to, offset: offset, scope: scope)
                    }
                }
            }
        }

        /// A fraction a little beyond `0...1` on both sides (pinning is part of the contract).
        static func fraction(_ seed: inout UInt64) -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53) * 1.2 - 0.1
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
