// swift-tools-version: 6.2
import PackageDescription

// An app-side package that draws a download badge with pbrender and snapshot-tests it.
let package = Package(
    name: "DownloadBadge",
    products: [.library(name: "DownloadBadge", targets: ["DownloadBadge"])],
    dependencies: [
        // In your own package: .package(url: "https://github.com/<you>/pbrender", from: "0.1.0")
        .package(name: "pbrender", path: "../..")
    ],
    targets: [
        .target(
            name: "DownloadBadge",
            dependencies: [
                .product(name: "PBRendering", package: "pbrender"),
                .product(name: "PBGeometry", package: "pbrender"),
            ]),
        .testTarget(
            name: "DownloadBadgeTests",
            dependencies: [
                "DownloadBadge", .product(name: "PBSnapshotTesting", package: "pbrender"),
                .product(name: "PBCommandLine", package: "pbrender"),
                .product(name: "PBRendering", package: "pbrender"),
            ],
            // The snapshot references are read from the source tree by #filePath, not bundled.
            exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
