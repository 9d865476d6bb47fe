// swift-tools-version: 6.2
import PackageDescription

/// Every target builds in Swift 6 mode with warnings as errors.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "pbrender",
    products: [
        .library(name: "PBGeometry", targets: ["PBGeometry"]),
        .library(name: "PBRendering", targets: ["PBRendering"]),
        .library(name: "PBSnapshotTesting", targets: ["PBSnapshotTesting"]),
        .library(name: "PBServer", targets: ["PBServer"]),
        // The command line as a library: RenderJob (options to bytes), curve and phase files.
        .library(name: "PBCommandLine", targets: ["PBCommandLine"]),
        .library(name: "PBDocument", targets: ["PBDocument"]),
        .executable(name: "pbrender", targets: ["pbrender"]),
    ],
    targets: [
        // Pure-Swift geometry: paths, SVG path data, arc length, exact trimming.
        .target(name: "PBGeometry", swiftSettings: strict),
        // `Locked`, the one lock type (a pthread mutex: ThreadSanitizer sees it, unlike `Synchronization.Mutex`), `SignalPipe`,
        // the one self-pipe signal helper, and `FNV1a`, the one hash (32 bits for SVG ids, 64 for ETags).
        .target(name: "PBSynchronization", swiftSettings: strict),
        // Cairo (PNG, SVG and PDF surfaces) and libdeflate (our PNG encoder's compressor).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // ISA-L's igzip (Intel's Storage Acceleration Library): the compressor of `PNGCompression.fast`. Debian ships no
        // pkg-config file for it, so the module map links it by name.
        .systemLibrary(name: "CISAL", providers: [.apt(["libisal-dev"])]),
        // libspng: decodes PNGs (snapshot references, screenshots), fuzzed upstream for years.
        .systemLibrary(name: "CSPNG", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        // libwebp and libwebpmux (its `.pc` requires libwebp): lossless WebP stills and animations.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // Pango through its Cairo backend: text layout with fontconfig fallback (labels). Not a system-library target:
        // pangocairo's pkg-config chain (gio-2.0, then gmodule-no-export-2.0) carries `-pthread`, which SwiftPM
        // refuses in a dependency ("warning: prohibited flag(s): -pthread" in every build of a package depending on
        // this one). So CPango is a C target whose include/ holds its module map and a link to Debian's Pango
        // headers (`include/pango` -> /usr/include/pango-1.0/pango), and the include folders those headers need come
        // from HarfBuzz's and Cairo's pkg-config files, which carry no such flag.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libpango1.0-dev"])]),
        .target(name: "CPango", dependencies: ["CHarfBuzz", "CCairo"]),
        // Track + progress scenes drawn with Cairo; the only importer of the C modules.
        .target(
            name: "PBRendering",
            dependencies: [
                "PBGeometry", "PBSynchronization", "CCairo", "CDeflate", "CISAL", "CPango", "CSPNG", "CWebP",
            ],
            swiftSettings: strict),
        // libxml2: reads SVG documents (no network, no entities, no DTD loading).
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // SVG documents read into exact geometry on the canvas with each element's style; the only importer of CXML2.
        .target(name: "PBDocument", dependencies: ["PBGeometry", "PBRendering", "CXML2"], swiftSettings: strict),
        // Snapshot testing on Linux: strategies, record modes, pixel tolerance, artifacts.
        .target(
            name: "PBSnapshotTesting", dependencies: ["PBRendering", "PBGeometry", "PBSynchronization"],
            swiftSettings: strict),
        // The command line as a library (arguments, curve files, commands, messages, and `serve`'s routes).
        .target(
            name: "PBCommandLine",
            dependencies: ["PBGeometry", "PBRendering", "PBDocument", "PBServer", "PBSynchronization", "CMalloc"],
            swiftSettings: strict),
        // glibc's allocator settings (<malloc.h>), for `pbrender serve`: memory a request frees is kept for the next.
        .systemLibrary(name: "CMalloc", providers: [.apt(["libc6-dev"])]),
        // GNU libmicrohttpd, the HTTP library under `pbrender serve`.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // A generic HTTP server on libmicrohttpd: requests and responses, ETags and 304s, query strings,
        // a byte-bounded response cache, access logs, graceful stop on signals; the only importer of CMicroHTTPD.
        .target(name: "PBServer", dependencies: ["CMicroHTTPD", "PBSynchronization"], swiftSettings: strict),
        // The `pbrender` tool: a thin entry point.
        // The tool. A release build links the Swift standard library and Foundation in statically: one image per
        // process then costs 20-24 ms of CPU instead of 35 (42 M instructions instead of 66 M: the dynamic linker
        // looks symbols up in 59 libraries instead of 73; Tests/Benchmarks/results/startup.md). Debug builds
        // (`swift run pbrender`, the tests) stay dynamic, which links faster. Only the executable has these
        // flags, so the library products stay usable by other packages.
        .executableTarget(
            name: "pbrender", dependencies: ["PBCommandLine"],
            // -static-stdlib when compiling too: it makes main.swift's object name the static Foundation's
            // libraries (CoreFoundation, _FoundationICU, …) for the linker.
            swiftSettings: strict + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
        // In-process timings for the benchmarks in Tests/Benchmarks (not a product).
        .executableTarget(name: "pbrender-bench", dependencies: ["PBGeometry", "PBRendering"], swiftSettings: strict),
        // libFuzzer's `LLVMFuzzerRunDriver`, declared for the fuzzer (header only; `-sanitize=fuzzer` links it).
        .systemLibrary(name: "CFuzzer"),
        // libwebp's decoder, for the fuzzer's webp target alone (it decodes what the encoder wrote).
        .systemLibrary(name: "CWebPDecode", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // libFuzzer targets for every input surface (built by .ci/fuzz with -DFUZZING; not a product). Corpus and
        // Dictionaries hold the seed inputs and the dictionaries, one folder or file per target.
        .executableTarget(
            name: "pbrender-fuzz",
            dependencies: [
                "PBCommandLine", "PBDocument", "PBGeometry", "PBRendering", "PBServer", "PBSynchronization", "CFuzzer",
                "CWebPDecode",
            ],
            exclude: ["README.md", "Corpus", "Dictionaries"], swiftSettings: strict),
        // Pixel probes and external oracles (rsvg-convert, pdftoppm, headless Chromium) shared by the test targets;
        // CDeflate to decode Chromium's screenshots fast in debug builds.
        .target(
            name: "PBTestSupport", dependencies: ["PBRendering", "PBSynchronization", "CDeflate"],
            path: "Tests/PBTestSupport",
            swiftSettings: strict),
        .testTarget(
            name: "PBGeometryTests", dependencies: ["PBGeometry", "PBTestSupport"], exclude: ["References"],
            swiftSettings: strict),
        .testTarget(
            name: "PBRenderingTests", dependencies: ["PBRendering", "PBGeometry", "PBTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "PBSnapshotTestingTests",
            dependencies: [
                "PBSnapshotTesting", "PBRendering", "PBGeometry", "PBCommandLine", "PBSynchronization", "PBTestSupport",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "PBCommandLineTests",
            dependencies: [
                "PBCommandLine", "PBGeometry", "PBRendering", "PBServer", "PBSynchronization", "PBTestSupport",
                "pbrender",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "PBDocumentTests", dependencies: ["PBDocument", "PBGeometry", "PBRendering", "PBTestSupport"],
            exclude: ["Oracles"],
            swiftSettings: strict),
        .testTarget(name: "PBSynchronizationTests", dependencies: ["PBSynchronization"], swiftSettings: strict),
        .testTarget(
            name: "PBServerTests", dependencies: ["PBServer", "PBSynchronization", "PBTestSupport"],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
