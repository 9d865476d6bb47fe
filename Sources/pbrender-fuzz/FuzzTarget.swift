#if FUZZING
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The fuzz targets; an input's first byte (modulo 4) selects one, the rest is its data.
    ///
    /// Setting `PBRENDER_FUZZ_MODE` to a target's name restricts a run to that target: inputs
    /// for the others are rejected (libFuzzer keeps none of them), and every input kept still
    /// selects its target by its first byte, so a crash file reproduces without the variable.
    enum FuzzTarget: UInt8, CaseIterable {
        /// SVG path data: parse, measure, locate, trim, write and read back.
        case svg = 0
        /// A curve file through `pbrender measure` and `pbrender trim`.
        case curve = 1
        /// A curve file through `pbrender render` on a small canvas.
        case render = 2
        /// The PNG decoder.
        case png = 3

        /// The target named by `PBRENDER_FUZZ_MODE`, if it is set.
        static let only: FuzzTarget? = {
            guard let name = getenv("PBRENDER_FUZZ_MODE").map({ String(cString: $0) }) else { return nil }
            guard let target = allCases.first(where: { "\($0)" == name }) else {
                fatalError("PBRENDER_FUZZ_MODE must be one of \(allCases.map { "\($0)" }), not '\(name)'")
            }
            return target
        }()

        /// Runs one input; returns -1 for an input of a target the run excludes.
        static func run(_ bytes: [UInt8]) -> Int32 {
            guard let first = bytes.first, let target = FuzzTarget(rawValue: first % 4) else { return 0 }
            if let only, only != target { return -1 }
            let rest = Array(bytes.dropFirst())
            switch target {
            case .svg: SVGPathFuzzing.run(rest)
            case .curve: CurveFileFuzzing.run(rest)
            case .render: RenderFuzzing.run(rest)
            case .png: PNGFuzzing.run(rest)
            }
            return 0
        }
    }

    /// A 64-bit FNV-1a hash of the input: a stable source of the numbers a target derives from
    /// it (fractions, offsets).
    func fuzzSeed(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// Fails the input: libFuzzer reports the trap with the input that caused it.
    func fuzzFailure(_ message: String) -> Never {
        fatalError("pbrender-fuzz: \(message)")
    }
#endif
