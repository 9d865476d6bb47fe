#if FUZZING
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The fuzz targets, one per input surface. An input's first byte is the number of its
    /// target; the rest is that target's data. Inputs whose first byte names no target are
    /// ignored (rejected, so libFuzzer keeps none of them).
    ///
    /// Setting `PBRENDER_FUZZ_MODE` to a target's name restricts a run to that target: inputs
    /// for the others are rejected too, and every input kept still names its target by its
    /// first byte, so a crash file reproduces without the variable.
    ///
    /// Numbers are never reused or renumbered (the corpora in `Corpus/` start with them); a new
    /// target takes the next free one.
    enum FuzzTarget: UInt8, CaseIterable {
        /// SVG path data: parse, measure, locate, trim, write and read back.
        case svg = 0
        /// A curve file: decoded, its options applied by the render schema, then measured and
        /// trimmed by `pbrender measure` and `pbrender trim`.
        case curve = 1
        /// A curve file drawn by `pbrender render` on a small canvas.
        case render = 2
        /// The PNG decoder (PNG and APNG files).
        case png = 3
        /// A phase file (`--phases FILE`): decoded, then every phase's state and label.
        case phases = 4
        /// A label template and a font: parsed, filled in for many states and locales, laid out.
        case label = 5
        /// A whole `pbrender` command line, run in process with files served from memory.
        case arguments = 6
        /// Timing functions: parsed from text, or built from raw numbers, and evaluated.
        case timing = 7
        /// Colours and colour lists: parsed, written back, interpolated, made into gradients.
        case color = 8
        /// HTTP query strings (`QueryString` of PBServer).
        case query = 9
        /// Whole requests to `pbrender serve`'s render service: path and query, answered in memory.
        case serve = 10
        /// An SVG document read by PBDocument's `SVGDocument(data:fileName:)`, then fitted.
        case svgdocument = 11
        /// A `RenderJob` from a fuzzed query or command line, rendered when it fits a budget.
        case job = 12
        /// Lossless WebP from a fuzzed pixel buffer or small scene, decoded back by libwebp.
        case webp = 13
        /// An SVG document's estimated cost against what reading and drawing it really takes.
        case budget = 14

        /// The target named by `PBRENDER_FUZZ_MODE`, if it is set.
        static let only: FuzzTarget? = {
            guard let name = getenv("PBRENDER_FUZZ_MODE").map({ String(cString: $0) }) else { return nil }
            guard let target = allCases.first(where: { "\($0)" == name }) else {
                fatalError("PBRENDER_FUZZ_MODE must be one of \(allCases.map { "\($0)" }), not '\(name)'")
            }
            return target
        }()

        /// Runs one input; returns -1 for an input the run does not want (libFuzzer then keeps
        /// it out of the corpus), 0 otherwise.
        static func run(_ bytes: [UInt8]) -> Int32 {
            guard let first = bytes.first, let target = FuzzTarget(rawValue: first) else { return -1 }
            if let only, only != target { return -1 }
            let rest = Array(bytes.dropFirst())
            let wanted: Bool
            switch target {
            case .svg: wanted = SVGPathFuzzing.run(rest)
            case .curve: wanted = CurveFileFuzzing.run(rest)
            case .render: wanted = RenderFuzzing.run(rest)
            case .png: wanted = PNGFuzzing.run(rest)
            case .phases: wanted = PhaseFileFuzzing.run(rest)
            case .label: wanted = LabelFuzzing.run(rest)
            case .arguments: wanted = ArgumentsFuzzing.run(rest)
            case .timing: wanted = TimingFunctionFuzzing.run(rest)
            case .color: wanted = ColorFuzzing.run(rest)
            case .query: wanted = QueryStringFuzzing.run(rest)
            case .serve: wanted = ServeRequestFuzzing.run(rest)
            case .svgdocument: wanted = SVGDocumentFuzzing.run(rest)
            case .job: wanted = RenderJobFuzzing.run(rest)
            case .webp: wanted = WebPFuzzing.run(rest)
            case .budget: wanted = DocumentBudgetFuzzing.run(rest)
            }
            return wanted ? 0 : -1
        }
    }

    /// A 64-bit FNV-1a hash of the input: a stable source of the numbers a target derives from
    /// it (fractions, offsets).
    func fuzzSeed(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// The next number of a linear congruential sequence, as a fraction a little beyond `0...1`
    /// on both sides (pinning is part of several contracts).
    func fuzzFraction(_ seed: inout UInt64) -> Double {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(seed >> 11) / Double(1 << 53) * 1.2 - 0.1
    }

    /// Fails the input: libFuzzer reports the trap with the input that caused it.
    func fuzzFailure(_ message: String) -> Never {
        fatalError("pbrender-fuzz: \(message)")
    }

    /// Writes `message` to standard error at once (unbuffered: a crash later in the run must
    /// not lose it).
    func fuzzReport(_ message: String) {
        let bytes = Array("pbrender-fuzz: \(message)\n".utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
#endif
