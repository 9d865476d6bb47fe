// swift-tools-version: 6.2
import PackageDescription

/// Every target builds in Swift 6 mode with warnings as errors.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "pbrender",
    products: [
        .library(name: "PBGeometry", targets: ["PBGeometry"]),
        .executable(name: "pbrender", targets: ["pbrender"]),
    ],
    targets: [
        // Pure-Swift geometry: paths, SVG path data, arc length, exact trimming.
        .target(name: "PBGeometry", swiftSettings: strict),
        // The command line as a library (arguments, curve files, commands, messages).
        .target(name: "PBCommandLine", dependencies: ["PBGeometry"], swiftSettings: strict),
        // The `pbrender` tool: a thin entry point.
        .executableTarget(name: "pbrender", dependencies: ["PBCommandLine"], swiftSettings: strict),
        // In-process timings for the benchmarks in Tests/Benchmarks (not a product).
        .executableTarget(name: "pbrender-bench", dependencies: ["PBGeometry"], swiftSettings: strict),
        .testTarget(name: "PBGeometryTests", dependencies: ["PBGeometry"], swiftSettings: strict),
        .testTarget(
            name: "PBCommandLineTests", dependencies: ["PBCommandLine", "PBGeometry", "pbrender"],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
