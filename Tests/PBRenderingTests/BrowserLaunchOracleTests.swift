import Foundation
import PBTestSupport
import Testing

/// The browser oracle must not keep other programs' pipes open: Chromium started while a test
/// was feeding rsvg-convert on another thread inherited the write end of rsvg-convert's
/// standard input, so rsvg-convert never saw the end of its input and the suite hung.
@Suite struct BrowserLaunchOracleTests {
    @Test func chromiumDoesNotInheritOpenPipes() throws {
        // `cat` reads its standard input until the last write end is closed.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cat")
        let (input, output) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // A browser of its own, started while the write end is open in this process.
        let browser = Browser()
        defer { browser.close() }
        _ = try browser.render([.html("<p>x</p>", width: 8, height: 8)])
        try input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(!process.isRunning, "cat still waits for its input: Chromium holds the pipe")
        if process.isRunning { process.terminate() }
    }
}
