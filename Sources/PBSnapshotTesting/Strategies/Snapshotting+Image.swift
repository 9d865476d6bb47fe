import PBGeometry
import PBRendering

extension Diffing where Value == RGBAImage {
    /// Images stored as PNG files and compared pixel by pixel under `tolerance`; a failure
    /// comes with a difference picture (`diff.png`).
    public static func image(tolerance: ImageTolerance = .default) -> Diffing {
        Diffing(
            toData: { try $0.pngData() },
            fromData: { try RGBAImage(png: $0) },
            diff: { reference, actual in
                guard reference.width == actual.width, reference.height == actual.height else {
                    return SnapshotDifference(
                        message: "the size is \(actual.width) x \(actual.height) pixels, "
                            + "the reference's \(reference.width) x \(reference.height)")
                }
                let comparison = ImageComparison(reference: reference, actual: actual, tolerance: tolerance)
                let total = reference.width * reference.height
                guard Double(comparison.failing) > tolerance.allowedShare * Double(total) else { return nil }
                let attachments = (try? comparison.picture.pngData()).map { [(suffix: "diff.png", bytes: $0)] } ?? []
                return SnapshotDifference(
                    message: "\(comparison.failing) of \(total) pixels differ beyond the tolerance "
                        + "(largest difference \(comparison.largest) of 255; interior threshold "
                        + "\(tolerance.interiorThreshold), edge threshold \(tolerance.edgeThreshold), "
                        + "\(comparison.tolerated) more within it)",
                    attachments: attachments)
            })
    }
}

extension Snapshotting where Value == RGBAImage, Format == RGBAImage {
    /// A PNG of the image, compared with the default ``ImageTolerance``.
    public static var image: Snapshotting { .image(tolerance: .default) }

    /// A PNG of the image, compared with `tolerance`.
    public static func image(tolerance: ImageTolerance) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance)) { $0 }
    }
}

extension Snapshotting where Value == Scene, Format == RGBAImage {
    /// The scene rendered as a PNG, compared with the default ``ImageTolerance``.
    public static var image: Snapshotting { .image(tolerance: .default) }

    /// The scene rendered as a PNG, compared with `tolerance`.
    public static func image(tolerance: ImageTolerance) -> Snapshotting {
        Snapshotting<RGBAImage, RGBAImage>.image(tolerance: tolerance).pullback { try $0.renderImage() }
    }
}
