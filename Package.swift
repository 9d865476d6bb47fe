// swift-tools-version: 6.2
import PackageDescription

/// Every target builds in Swift 6 mode with warnings as errors.
/// Whether SwiftPM fetched this package as another's dependency (a checkout), where it refuses unsafe flags.
let isFetchedDependency = Context.packageDirectory.contains("/checkouts/")

/// Every Swift target's settings: warnings are errors; a release build of this package itself puts each
/// function in its own section, so that the tool's link can lay the functions one image runs side by side
/// (Sources/pbrender/Link/order.txt): one image then touches 45 blocks of 64 KB of code instead of 80, 2 MiB
/// less memory (Tests/Benchmarks/results/startup.md). It also reaches the metadata of generic types such as
/// `[String: Int]` through their accessors rather than by demangling their names at run time, which looked
/// up each conformance (`String: Hashable`) among the binary's 2,600: 0.6 to 1.3 M fewer instructions for
/// one image, for 12 kB more code.
let strict: [SwiftSetting] =
    [.treatAllWarnings(as: .error)]
    + (isFetchedDependency
        ? []
        : [
            .unsafeFlags(
                [
                    "-Xfrontend", "-function-sections",
                    "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                ],
                .when(configuration: .release))
        ])

let package = Package(
    name: "pbrender",
    products: [
        .library(name: "PBGeometry", targets: ["PBGeometry"]),
        .library(name: "PBStyle", targets: ["PBStyle"]),
        .library(name: "PBScene", targets: ["PBScene"]),
        .library(name: "PBRendering", targets: ["PBRendering"]),
        .library(name: "PBSnapshotTesting", targets: ["PBSnapshotTesting"]),
        .library(name: "PBServer", targets: ["PBServer"]),
        // The app core: RenderJob (options to bytes), its option schema, inputs (paths, curve and phase files,
        // documents).
        .library(name: "PBJob", targets: ["PBJob"]),
        // The command line as a library: commands, help, writing files.
        .library(name: "PBCommandLine", targets: ["PBCommandLine"]),
        .library(name: "PBDocument", targets: ["PBDocument"]),
        // pbrender's types with Foundation's (`Progress`, `Date`, `Locale`), for Swift apps: apart, so that the tool
        // links no Foundation.
        .library(name: "PBFoundation", targets: ["PBFoundation"]),
        .executable(name: "pbrender", targets: ["pbrender"]),
    ],
    targets: [
        // C libraries loaded when first needed, not at start-up: libmicrohttpd, libxml2 and Pango with what they
        // pull in cost one image per process about 12 ms of CPU in the dynamic linker (Tests/Benchmarks/startup.py),
        // and a ring needs none of them. Their modules declare function tables typed from the libraries' headers.
        // Each library searches its own dependencies first (RTLD_DEEPBIND) unless libc's malloc is replaced.
        .target(name: "CDynamicLibrary"),
        // Pure-Swift geometry: paths, SVG path data, arc length, exact trimming.
        .target(name: "PBGeometry", swiftSettings: strict),
        // `Locked`, the one lock type (a pthread mutex: ThreadSanitizer sees it, unlike `Synchronization.Mutex`), `SignalPipe`,
        // the one self-pipe signal helper, `PosixThread`, the one thread, `Processors`, the core count, and `FNV1a`, the
        // one hash (32 bits for SVG ids, 64 for ETags).
        .target(name: "PBSynchronization", swiftSettings: strict),
        // Cairo (PNG, SVG and PDF surfaces) and libdeflate (our PNG encoder's compressor).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // Libraries only some images need, loaded when first used (CDynamicLibrary), as C targets whose headers are in
        // /usr/include: ISA-L's igzip (Intel's Storage Acceleration Library), the compressor of `PNGCompression.fast`;
        // libspng, which decodes PNGs (snapshot references, screenshots), fuzzed upstream for years; libwebp and
        // libwebpmux, lossless WebP stills and animations; giflib, GIF stills and animations (and its median cut).
        // Linked, they cost every image 0.3 ms of CPU in the dynamic linker (Tests/Benchmarks/results/startup.md).
        .target(name: "CISAL", dependencies: ["CDynamicLibrary"]),
        .target(name: "CSPNG", dependencies: ["CDynamicLibrary"]),
        .target(name: "CWebP", dependencies: ["CDynamicLibrary"]),
        .target(name: "CGIF", dependencies: ["CDynamicLibrary"]),
        // Pango through its Cairo backend: text layout with fontconfig fallback (labels), loaded when the first font or
        // label needs it (CDynamicLibrary). A C target whose include/ holds its module map and links to Debian's
        // headers (`include/pango` -> /usr/include/pango-1.0/pango, `include/harfbuzz` -> /usr/include/harfbuzz,
        // forwarded by include/hb.h); GLib's include folders come from Cairo's pkg-config file. Not a system library
        // with pangocairo's pkg-config file: that would link Pango, GLib and HarfBuzz into every process, and its
        // chain (gio-2.0, then gmodule-no-export-2.0) carries `-pthread`, which SwiftPM refuses in a dependency.
        .target(name: "CPango", dependencies: ["CCairo", "CDynamicLibrary"]),
        // librsvg (Debian's librsvg2-dev), the SVG engine GNOME uses: it draws SVG documents, rewritten with their
        // progress, onto pbrender's Cairo context. Loaded when the first document is drawn (CDynamicLibrary), never
        // for a ring; include/librsvg and include/gdk-pixbuf link to Debian's headers, like CPango's.
        .target(name: "CRSVG", dependencies: ["CCairo", "CDynamicLibrary"]),
        // ICU (Debian's libicu72, which libxml2 needs already): numbers, percents, byte counts and times in the
        // locale `--locale` names, loaded when the first such locale is asked for (CDynamicLibrary); en_US_POSIX,
        // the default, needs none. Its header spells ICU's types itself (Foundation carries an ICU of its own, whose
        // enums differ, and a module seeing both would not compile); CICU.c checks them against Debian's headers.
        .target(name: "CICU", dependencies: ["CDynamicLibrary"]),
        // Style primitives: colours and their parsing (CSS, system colours, dark variants), caps, joins, stroke styles,
        // fill rules, and the "did you mean" of names. Below everything that draws, so that reading a document links
        // no renderer.
        .target(name: "PBStyle", swiftSettings: strict),
        // libxml2: reads SVG documents (no network, no entities, no DTD loading); loaded when the first document is
        // read (CDynamicLibrary). A C target whose include/libxml links to Debian's headers, like CPango.
        .target(name: "CXML2", dependencies: ["CDynamicLibrary"]),
        // SVG documents read into exact geometry on the canvas with each element's style; the only importer of CXML2.
        .target(name: "PBDocument", dependencies: ["PBGeometry", "PBStyle", "CXML2"], swiftSettings: strict),
        // The scene model: indicators and their layout, paint, scenes of layers, timelines and motion, badges,
        // progress values and their text, text layout (Pango), and the limits a scene is checked against. Cairo
        // measures strokes and Pango text here; nothing is encoded.
        .target(
            name: "PBScene",
            dependencies: ["PBGeometry", "PBStyle", "PBDocument", "PBSynchronization", "CCairo", "CICU", "CPango"],
            swiftSettings: strict),
        // Output: scenes drawn by Cairo (raster and PDF) and by pbrender's SVG writer, the encoders (PNG and APNG,
        // WebP, GIF), the format registry (`ImageFormat`), frames rendered on every core, PNG decoding for tests.
        .target(
            name: "PBRendering",
            dependencies: [
                "PBGeometry", "PBStyle", "PBDocument", "PBScene", "PBSynchronization", "CCairo", "CDeflate", "CISAL",
                "CPango",
                "CRSVG", "CSPNG", "CWebP", "CGIF",
            ],
            swiftSettings: strict),
        // `ProgressState(progress)` for a Foundation `Progress`, `Date`s for `Timestamp`s, `Locale`s for locale
        // identifiers.
        .target(name: "PBFoundation", dependencies: ["PBRendering"], swiftSettings: strict),
        // Snapshot testing on Linux: strategies, record modes, pixel tolerance, artifacts.
        .target(
            name: "PBSnapshotTesting", dependencies: ["PBRendering", "PBGeometry", "PBSynchronization"],
            swiftSettings: strict),
        // The app core: one render job for every front end (the command line, the server, Swift apps): the option
        // schema read from arguments, curve files and query strings, the inputs (built-in shapes, path data, curve
        // files, SVG documents), limits and messages. No HTTP, no files written.
        .target(
            name: "PBJob",
            dependencies: ["PBGeometry", "PBStyle", "PBScene", "PBRendering", "PBDocument", "PBSynchronization"],
            swiftSettings: strict),
        // The command line as a library: commands, help, and writing files whole (or frame sequences all or
        // nothing); `serve` starts PBServer.
        .target(
            name: "PBCommandLine",
            dependencies: [
                "PBGeometry", "PBJob", "PBRendering", "PBDocument", "PBServer", "PBSynchronization", "CLinux",
                "CMalloc",
            ],
            swiftSettings: strict),
        // Linux calls Swift's Glibc module leaves out (`renameat2` to swap a frame folder in whole, `statx`, `flock`,
        // `flistxattr`): fixed-argument wrappers in a header, nothing linked.
        .systemLibrary(name: "CLinux"),
        // glibc's allocator settings (<malloc.h>), for `pbrender serve`: memory a request frees is kept for the next.
        .systemLibrary(name: "CMalloc", providers: [.apt(["libc6-dev"])]),
        // GNU libmicrohttpd, the HTTP library under `pbrender serve`, loaded when a server starts (CDynamicLibrary):
        // its header is in /usr/include, and nothing links it.
        .target(name: "CMicroHTTPD", dependencies: ["CDynamicLibrary"]),
        // `pbrender serve`: an HTTP server on libmicrohttpd (requests and responses, ETags and 304s, query strings,
        // a byte-bounded response cache, access logs, graceful stop on signals; the only importer of CMicroHTTPD),
        // and pbrender's routes (Routes/: render jobs from query strings and bodies, budgets, renderer pools).
        .target(
            name: "PBServer", dependencies: ["CMicroHTTPD", "PBJob", "PBRendering", "PBSynchronization"],
            swiftSettings: strict),
        // The `pbrender` tool: a thin entry point.
        // The tool. What one image per process costs is part of the product (Tests/Benchmarks/startup.py): a release
        // build links the Swift runtime in statically (no module it links imports Foundation: PBFoundation holds the
        // Foundation conveniences), and packs its relative relocations (`-z pack-relative-relocs`, with lld: glibc
        // 2.36 reads DT_RELR), keeping position independence (ASLR) for a binary that parses what HTTP clients send.
        // Libraries a command may not need are loaded when needed (CDynamicLibrary). Debug builds (`swift run
        // pbrender`, the tests) stay dynamic, which links faster. Only the executable has these flags, so the library
        // products stay usable by other packages.
        .executableTarget(
            name: "pbrender", dependencies: ["PBCommandLine"], exclude: ["Link"],
            // -static-stdlib when compiling too: it makes main.swift's object name the static runtime libraries for
            // the linker.
            swiftSettings: strict + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                        // Link/ holds linker scripts named libstdc++.so and libgcc_s.so that take GCC's static
                        // libraries instead: searched before GCC's own folder.
                        "-L", Context.packageDirectory + "/Sources/pbrender/Link",
                        // The functions one image runs, side by side (Link/order.txt, written by
                        // Tests/Benchmarks/order_file.py): the kernel maps code 64 KB around each fault, so
                        // scattered functions made one image 2 MB larger in memory. Names no longer in the
                        // binary are skipped.
                        "-Xlinker",
                        "--symbol-ordering-file=" + Context.packageDirectory + "/Sources/pbrender/Link/order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering",
                        // Functions the compiler leaves unnamed (private value witnesses, object destroyers:
                        // `.text..L*` sections) cannot be named in that list; Link/private-functions.ld puts
                        // them side by side before the rest of the code, 14 kB, instead of one per 64 KB block
                        // wherever their module's code lands: the server then keeps 0.6 to 0.9 MB less code
                        // resident (Tests/Benchmarks/results/serve-memory.md).
                        "-Xlinker", "-T", "-Xlinker",
                        Context.packageDirectory + "/Sources/pbrender/Link/private-functions.ld",
                        // The static-stdlib flags export every symbol of our modules (-export-dynamic), which no
                        // one looks up: their table, searched by the dynamic linker for every symbol Cairo and
                        // its libraries bind, cost each image 0.9 MB of memory.
                        "-Xlinker", "--no-export-dynamic",
                    ],
                    .when(configuration: .release))
            ]),
        // In-process timings for the benchmarks in Tests/Benchmarks (not a product).
        .executableTarget(
            name: "pbrender-bench", dependencies: ["PBGeometry", "PBRendering", "PBDocument"], swiftSettings: strict),
        // libFuzzer's `LLVMFuzzerRunDriver`, declared for the fuzzer (header only; `-sanitize=fuzzer` links it).
        .systemLibrary(name: "CFuzzer"),
        // libwebp's decoder, for the fuzzer's webp target alone (it decodes what the encoder wrote).
        .systemLibrary(name: "CWebPDecode", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // libFuzzer targets for every input surface (built by .ci/fuzz with -DFUZZING; not a product). Corpus and
        // Dictionaries hold the seed inputs and the dictionaries, one folder or file per target.
        .executableTarget(
            name: "pbrender-fuzz",
            dependencies: [
                "PBCommandLine", "PBJob", "PBDocument", "PBGeometry", "PBRendering", "PBServer", "PBSynchronization",
                "CFuzzer", "CWebPDecode",
            ],
            exclude: ["README.md", "Corpus", "Dictionaries"], swiftSettings: strict),
        // Test tools that need no renderer: child processes (the oracles' scripts), sanitizers, seeded randomness,
        // XML, README snippets, and the document tests' helpers (documents from text, lengths, closeness).
        .target(
            name: "PBTestCore", dependencies: ["PBDocument", "PBGeometry"], path: "Tests/PBTestCore",
            swiftSettings: strict),
        // Pixel probes and external oracles (rsvg-convert, pdftoppm, headless Chromium) shared by the test targets,
        // with PBTestCore; CDeflate to decode Chromium's screenshots fast in debug builds.
        .target(
            name: "PBTestSupport", dependencies: ["PBTestCore", "PBRendering", "PBSynchronization", "CDeflate"],
            path: "Tests/PBTestSupport",
            swiftSettings: strict),
        .testTarget(
            name: "PBGeometryTests", dependencies: ["PBGeometry", "PBTestSupport"], exclude: ["References"],
            swiftSettings: strict),
        .testTarget(
            name: "PBRenderingTests",
            dependencies: [
                "PBRendering", "PBScene", "PBStyle", "PBDocument", "PBGeometry", "PBFoundation", "PBTestSupport",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "PBSnapshotTestingTests",
            dependencies: [
                "PBSnapshotTesting", "PBRendering", "PBGeometry", "PBJob", "PBCommandLine", "PBSynchronization",
                "PBTestSupport",
            ],
            // References recorded beside the tests (the snapshot-testing article's example) are not sources.
            exclude: ["__Snapshots__"],
            swiftSettings: strict),
        .testTarget(
            name: "PBCommandLineTests",
            dependencies: [
                "PBCommandLine", "PBJob", "PBGeometry", "PBRendering", "PBScene", "PBStyle", "PBDocument", "PBServer",
                "PBSynchronization", "PBTestSupport", "pbrender",
            ],
            swiftSettings: strict),
        // Reading documents: no renderer, no encoder in its dependencies (nor in PBDocument's).
        .testTarget(
            name: "PBDocumentTests", dependencies: ["PBDocument", "PBGeometry", "PBStyle", "PBTestCore"],
            exclude: ["Oracles"],
            swiftSettings: strict),
        .testTarget(name: "PBSynchronizationTests", dependencies: ["PBSynchronization"], swiftSettings: strict),
        .testTarget(
            name: "PBServerTests",
            dependencies: ["PBServer", "PBJob", "PBRendering", "PBSynchronization", "PBTestSupport"],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
