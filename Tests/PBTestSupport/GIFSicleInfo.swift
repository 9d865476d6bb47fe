import Foundation

/// A GIF as `gifsicle --info` reads it (Debian's `gifsicle`, a GIF tool that shares no code with
/// giflib or Pillow): the screen, the loop count and each image's rectangle, delay, disposal and
/// colour table. An independent reading of what a GIF's blocks say, for the GIF tests.
///
/// ```swift
/// let info = try GIFSicleInfo.read(gif)
/// #expect(info.loop == .forever && info.images.map(\.delay).reduce(0, +) == 200)
/// ```
public struct GIFSicleInfo: Hashable, Sendable {
    /// How often the animation repeats, as the NETSCAPE2.0 extension says.
    public enum Loop: Hashable, Sendable {
        /// No loop extension: the animation plays once.
        case none
        /// `loop forever`: repeat count 0.
        case forever
        /// `loop count N`: repeats `N` times after the first showing.
        case count(Int)
    }

    /// One image of the file.
    public struct Image: Hashable, Sendable {
        /// Its rectangle on the screen.
        public var x: Int, y: Int, width: Int, height: Int
        /// Its delay in hundredths of a second (0 without a graphics control extension).
        public var delay: Int
        /// Its disposal as gifsicle names it (`asis`, `background`, `previous`, `none`), or `nil`.
        public var disposal: String?
        /// The size of its local colour table, or `nil` without one.
        public var localColorCount: Int?
        /// Its transparent index, or `nil`.
        public var transparentIndex: Int?
    }

    /// The logical screen's width and height.
    public var width: Int, height: Int
    /// The loop extension.
    public var loop: Loop
    /// Every image, in file order.
    public var images: [Image]
    /// gifsicle's whole report.
    public var text: String

    /// Why reading failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, in words.
        public var description: String
    }

    /// Runs `gifsicle --info` on `gif` and reads its report.
    ///
    /// - Throws: ``Failure`` when gifsicle is missing, rejects the file, or reports something
    ///   this reader does not know; a file error from the temporary directory.
    public static func read(_ gif: [UInt8]) throws -> GIFSicleInfo {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pbrender-\(UUID().uuidString).gif")
        try Data(gif).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/gifsicle"), ["--info", file.path])
        guard outcome.status == 0, outcome.errorText.isEmpty else {
            throw Failure(description: "gifsicle --info failed (\(outcome.status)): \(outcome.errorText)")
        }
        return try parse(outcome.outputText)
    }

    /// Reads a `gifsicle --info` report.
    static func parse(_ text: String) throws -> GIFSicleInfo {
        var info = GIFSicleInfo(width: 0, height: 0, loop: .none, images: [], text: text)
        func numbers(_ word: Substring) -> [Int] { word.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) } }
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let first = words.first else { continue }
            switch first {
            case "logical" where words.count >= 3:
                let size = numbers(words[2])
                guard size.count == 2 else { throw Failure(description: "screen: \(line)") }
                (info.width, info.height) = (size[0], size[1])
            case "loop":
                info.loop = words.dropFirst().first == "forever" ? .forever : .count(Int(words.last ?? "") ?? -1)
            case "+" where words.count >= 4:
                let size = numbers(words[3])
                guard size.count == 2 else { throw Failure(description: "image: \(line)") }
                var image = Image(x: 0, y: 0, width: size[0], height: size[1], delay: 0)
                if let at = words.firstIndex(of: "at"), at + 1 < words.count {
                    let origin = numbers(words[at + 1])
                    (image.x, image.y) = (origin[0], origin[1])
                }
                if let transparent = words.firstIndex(of: "transparent"), transparent + 1 < words.count {
                    image.transparentIndex = Int(words[transparent + 1])
                }
                info.images.append(image)
            case "local" where !info.images.isEmpty:
                info.images[info.images.count - 1].localColorCount = numbers(words.last ?? "").first
            case "disposal" where !info.images.isEmpty:
                info.images[info.images.count - 1].disposal = words.count > 1 ? String(words[1]) : nil
                if let delay = words.firstIndex(of: "delay"), delay + 1 < words.count {
                    // "0.03s": hundredths, read without floating point.
                    let digits = words[delay + 1].filter(\.isNumber)
                    info.images[info.images.count - 1].delay = Int(digits) ?? -1
                }
            case "delay" where !info.images.isEmpty && words.count > 1:
                info.images[info.images.count - 1].delay = Int(words[1].filter(\.isNumber)) ?? -1
            default: continue
            }
        }
        guard info.width > 0, !info.images.isEmpty else { throw Failure(description: "no screen or images:\n\(text)") }
        return info
    }
}
