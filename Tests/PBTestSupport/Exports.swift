// The test tools that need no renderer (child processes, sanitizers, seeded randomness, XML, README
// snippets), for every test target that imports PBTestSupport.
@_exported import PBTestCore
