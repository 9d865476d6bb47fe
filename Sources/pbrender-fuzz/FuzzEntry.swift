#if FUZZING
    import CFuzzer

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// libFuzzer's per-input hook: runs the target the input's first byte selects.
    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        guard let data, size > 0 else { return 0 }
        return FuzzTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    }

    /// The executable's entry point (SwiftPM names it `<module>_main`): hands the command line
    /// to libFuzzer, or, with `PBRENDER_FUZZ_DICTIONARY` set to a target's name, prints the
    /// dictionary entries derived from the option schema for that target and exits.
    @_cdecl("pbrender_fuzz_main")
    func fuzzMain(
        _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> Int32 {
        if let name = getenv("PBRENDER_FUZZ_DICTIONARY").map({ String(cString: $0) }) {
            guard let text = FuzzDictionary.generated(for: name) else {
                fuzzReport("no generated dictionary for '\(name)'; there are: \(FuzzDictionary.targets)")
                return 2
            }
            print(text, terminator: "")
            return 0
        }
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
    }
#else
    /// Without `-DFUZZING` the fuzzer is a stub that says how to build it, so that the normal
    /// build needs no libFuzzer.
    @main
    enum FuzzStub {
        static func main() {
            print(
                """
                pbrender-fuzz does nothing unless built for fuzzing; see Sources/pbrender-fuzz/README.md
                and .ci/fuzz, which builds it:
                  swift build -c release --scratch-path .build-fuzz --product pbrender-fuzz \\
                    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xswiftc -DFUZZING -Xswiftc -enable-testing
                """)
        }
    }
#endif
