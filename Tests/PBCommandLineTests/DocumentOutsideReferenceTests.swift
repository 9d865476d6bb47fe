import Foundation
import PBTestSupport
import Testing

/// Nothing outside a document is read or fetched, with librsvg drawing it: the built tool run
/// under strace, its file system and network calls watched.
@Suite struct DocumentOutsideReferenceTests {
    @Test("<image> and <use> naming a file or a URL draw nothing, one warning each, and nothing is opened or fetched")
    func outsideReferencesAreNotRead() throws {
        let folder = try ScratchFolder()
        let secret = folder("secret.svg")
        try #"<svg xmlns="http://www.w3.org/2000/svg"><rect id="x" width="9" height="9"/></svg>"#
            .write(toFile: secret, atomically: true, encoding: .utf8)
        let document = folder("outside.svg")
        try """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">
          <image href="file://\(secret)" width="50" height="50"/>
          <image xlink:href="http://127.0.0.1:9/a.png" width="50" height="50"/>
          <use href="secret.svg#x"/>
          <rect x="10" y="10" width="50" height="50" stroke="red"/>
        </svg>
        """.write(toFile: document, atomically: true, encoding: .utf8)
        let trace = folder("trace.txt")
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/strace"),
            [
                // LeakSanitizer cannot run under ptrace (it exits 1 when the suite runs under
                // AddressSanitizer): leaks are the other suites' to find, not this one's.
                "-f", "-E", "ASAN_OPTIONS=detect_leaks=0", "-e", "trace=open,openat,connect", "-o", trace,
                EndToEndTests.binary.path, "--path", document,
                "--progress", "1", "--fills", "at-end", "-o", folder("out.png"),
            ])
        #expect(outcome.status == 0, "\(outcome.errorText)")
        let warnings = outcome.errorText.split(separator: "\n")
        #expect(warnings.count == 3 && warnings.allSatisfy { $0.hasSuffix("nothing outside the document is read") })
        let calls = try String(contentsOfFile: trace, encoding: .utf8)
        // The trace can fail: it holds the document's own opening.
        #expect(calls.contains("outside.svg"))
        #expect(!calls.contains("secret.svg"), "\(calls)")
        #expect(!calls.contains("connect("), "\(calls)")
    }
}
