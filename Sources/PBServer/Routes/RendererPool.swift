import PBJob
import PBRendering
import PBSynchronization

/// Renderers kept between a server's requests: each request takes one (or makes one) and gives it
/// back, so PNG encoders, their buffers and the pixels of a shape's track are reused instead of
/// made again for every request. There are at most as many as requests render at once (the
/// server's threads); each keeps the buffers of the largest image it rendered (bounded by the
/// server's pixel budget).
final class RendererPool: Sendable {
    /// A renderer in the pool. `@unchecked Sendable`: a renderer is not safe to share between
    /// threads, and is not shared: it is used by one request at a time, taken out of the pool under
    /// its lock and put back after.
    private struct Kept: @unchecked Sendable {
        let renderer: SceneRenderer
    }

    private let kept = Locked<[Kept]>([])

    /// Runs `body` with a renderer of the pool (a new one when none is free), then keeps it.
    func withRenderer<R>(
        compression: PNGCompression, _ body: (SceneRenderer) throws(CommandLineError) -> R
    ) throws(CommandLineError) -> R {
        let renderer = kept.withLock { $0.popLast() }?.renderer ?? SceneRenderer(compression: compression)
        defer {
            let returned = Kept(renderer: renderer)
            kept.withLock { $0.append(returned) }
        }
        return try body(renderer)
    }
}
