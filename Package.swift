// swift-tools-version:6.0
// Detent — a headless simulator of iOS container interactions, driven by Lua 5.4.
//
// The layers, bottom to top, and what each target holds: docs/architecture.md, "Layers" — the
// one list; LayerListTests checks this manifest against it (a target depends only on those
// listed before it).
import PackageDescription

let package = Package(
    name: "Detent",
    products: [
        .executable(name: "detent", targets: ["detent"]),
        .executable(name: "detent-fuzz-config", targets: ["DetentFuzzConfig"]),
        .executable(name: "detent-fuzz-lua", targets: ["DetentFuzzLua"]),
        .library(name: "DetentRuntime", targets: ["DetentRuntime"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        // Lua 5.4 from the system (Debian: liblua5.4-dev). The release archive has it, and libedit
        // below, linked statically by scripts/install.sh (issue 26 §7), not by a linker setting:
        // SwiftPM puts pkg-config's `-llua5.4` and the module map's autolinked one ahead of every
        // linker setting, and a shared library named first stays a DT_NEEDED entry whatever
        // -Bstatic, --as-needed or an archive come after it (the script's header has the way round).
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // Lua's function-like macros, the error-raising trampoline, the count hook and the capped allocator.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // The few services of the system Detent takes without Foundation (printf formatting,
        // standard error, a condition variable, detached threads, path text): the executable
        // loads FoundationEssentials only.
        .target(name: "CPlatform"),
        .target(name: "DetentPlatform", dependencies: ["CPlatform"]),
        // The standard library's wrappers a spec gets (Lua/libraries_sandbox.lua), compiled in.
        .target(name: "DetentLua", dependencies: ["CLua", "CLuaShim", "DetentPlatform", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
                resources: [.embedInCode("Lua")], plugins: ["PreludeBytecodePlugin"]),
        // The prelude's Lua compiled at build time (PreludeBytecode.chunks in DetentScripting):
        // the compiler, run on the build machine only, and the plugin that runs it.
        .executableTarget(name: "DetentPreludeCompiler", dependencies: ["CLua"]),
        .plugin(name: "PreludeBytecodePlugin", capability: .buildTool(), dependencies: ["DetentPreludeCompiler"],
                path: "Sources/PreludeBytecodePlugin"),
        // JSON values, their parser and writer (traces, reports, the daemon's protocol): a leaf.
        .target(name: "DetentJSON"),
        .target(name: "DetentMotion"),
        .target(name: "DetentTime"),
        .target(name: "DetentWorld", dependencies: ["DetentTime", "DetentMotion", "DetentLayout"]),
        .target(name: "DetentLayout"),
        .target(name: "DetentNavigation", dependencies: ["DetentWorld", "DetentLayout", "DetentMotion", "DetentTime"]),
        .target(name: "DetentRelease", dependencies: ["DetentWorld", "DetentLayout", "DetentMotion"]),
        .target(name: "DetentDrawer", dependencies: ["DetentRelease", "DetentWorld", "DetentLayout", "DetentMotion", "DetentTime"]),
        .target(name: "DetentPager", dependencies: ["DetentRelease", "DetentWorld", "DetentLayout", "DetentMotion", "DetentTime"]),
        .target(name: "DetentSheet", dependencies: ["DetentRelease", "DetentWorld", "DetentLayout", "DetentMotion", "DetentTime", "DetentNavigation"]),
        .target(name: "DetentAdaptive", dependencies: ["DetentNavigation", "DetentWorld", "DetentLayout", "DetentMotion", "DetentTime"]),
        .target(
            name: "DetentScripting",
            dependencies: ["DetentLua", "DetentJSON", "DetentPlatform", "DetentWorld", "DetentMotion", "DetentTime", "DetentNavigation", "DetentLayout",
                           "DetentRelease", "DetentDrawer", "DetentSheet", "DetentAdaptive", "DetentPager",
                           .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            resources: [.embedInCode("Lua"), .embedInCode("Types"), .embedInCode("Replay")],
            plugins: ["PreludeBytecodePlugin"]
        ),
        // Configuration: the built-in defaults (config/'s files, through the link
        // Sources/DetentConfig/Defaults, so `detent` needs no config folder beside it), a config
        // folder's files and detent.toml laid over them, .busted files, each value's origin.
        .target(
            name: "DetentConfig",
            dependencies: [
                "DetentScripting", "DetentJSON", "DetentPlatform", "DetentWorld", "DetentTime", "DetentLua", "DetentMotion",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            resources: [.embedInCode("Defaults"), .embedInCode("Lua")]
        ),
        // Test results and the reports CI reads (SPEC §10): console, TAP, JUnit, JSON, documents,
        // coverage, merging shards' reports.
        .target(name: "DetentReports", dependencies: ["DetentScripting", "DetentJSON", "DetentPlatform", "DetentLua"]),
        // Traces (SPEC §11): recording a test's frames, reading a trace file back, its plots and the
        // self-contained HTML replay (Replay/: its page, style and script; each engine's drawing
        // comes from its registration).
        .target(
            name: "DetentTrace",
            dependencies: ["DetentReports", "DetentConfig", "DetentScripting", "DetentJSON", "DetentPlatform", "DetentWorld", "DetentTime",
                           "DetentLua", .product(name: "Logging", package: "swift-log")],
            resources: [.embedInCode("Replay")]
        ),
        .target(
            name: "DetentRuntime",
            dependencies: [
                "DetentConfig", "DetentReports", "DetentTrace", "DetentScripting", "DetentJSON", "DetentPlatform", "DetentWorld", "DetentTime", "DetentLua", "DetentMotion",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The console's and the live session's Lua (Lua/).
            resources: [.embedInCode("Lua")]
        ),
        // `detent bench`'s workloads and their measurement (latency histograms: hdrhistogram).
        .target(
            name: "DetentBenchmarks",
            dependencies: ["DetentReports", "DetentConfig", 
                "DetentRuntime", "DetentJSON", "DetentScripting", "DetentPlatform", "DetentWorld", "DetentTime", "DetentLua", "DetentMotion",
                "DetentLayout", "DetentNavigation", "DetentDrawer", "DetentSheet", "DetentAdaptive",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            // The workloads' Lua (Lua/: the bridge loops, an idle minute, a leaky file).
            resources: [.embedInCode("Lua")]
        ),
        // The daemon's protocol (JSON-RPC 2.0 messages, its error codes) and its clients: `detent
        // run --connect` and the console's `--connect`, which need no server.
        .target(
            name: "DetentDaemonClient",
            dependencies: ["DetentReports", "DetentRuntime", "DetentJSON", "DetentPlatform", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")]
        ),
        // `detent daemon`: JSON-RPC 2.0 over a Unix socket (SwiftNIO), a client of the runtime;
        // with --http, Detent Studio over HTTP and a WebSocket (NIOHTTP1, NIOWebSocket).
        .target(
            name: "DetentDaemon",
            dependencies: ["DetentReports", "DetentConfig", 
                "DetentDaemonClient", "DetentRuntime", "DetentJSON", "DetentScripting", "DetentPlatform", "DetentWorld", "DetentLayout", "DetentLua", "DetentTrace",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // Detent Studio's page (Studio/Page: studio.html, studio.js, studio.css).
            resources: [.embedInCode("Studio/Page")]
        ),
        // libedit from the system (Debian: libedit-dev): line editing, history and completion
        // for `detent console`, through its readline-compatible interface.
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
        ),
        // `detent console`: a REPL on a live world, a client of the runtime (or, with --connect, of a daemon).
        .target(
            name: "DetentConsole",
            dependencies: ["DetentTrace", "DetentConfig", "CEditLine", "DetentDaemonClient", "DetentRuntime", "DetentJSON", "DetentScripting", "DetentPlatform", "DetentWorld", "DetentLua",
                           "DetentTime", "DetentDrawer", "DetentSheet", "DetentAdaptive", "DetentNavigation", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")]
        ),
        .executableTarget(
            name: "detent",
            dependencies: ["DetentTrace", "DetentReports", 
                "DetentConfig",
                "DetentRuntime", "DetentJSON", "DetentBenchmarks", "DetentDaemonClient", "DetentDaemon", "DetentConsole", "DetentPlatform",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // What `detent init` writes (detent.toml, the example spec, .luarc.json), and the
            // reference pages `detent docs` prints (Docs holds links to README.md and docs/*.md).
            resources: [.embedInCode("Templates"), .embedInCode("Docs")],
            // A release build carries the Swift runtime and Foundation inside it, as `swift
            // build --static-swift-stdlib` would: nothing is bound at load time, so `detent`
            // starts in two thirds of the time (BENCHMARKS.md, "Start-up: the static release
            // build"), and the binary runs on a machine without the Swift toolchain. The link
            // prints one warning from inside static FoundationEssentials (glibc's "the use of
            // `mktemp` is dangerous", from `Data`'s own atomic writing, which Detent does not
            // call: swift-foundation issue #1358). A crash's backtrace then wants
            // SWIFT_BACKTRACE=swift-backtrace=<toolchain>/usr/libexec/swift/linux/swift-backtrace-static
            // (the toolchain is /opt/swift here); without it a crash prints bare addresses.
            // Debug builds, and so the tests, link the runtime dynamically. The compiler needs
            // the flag as well as the linker: it makes Foundation's modules link their C shims.
            // The release executable is also linked at a fixed address (`-no-pie`): as a
            // position-independent one, the loader patched ~65,000 pointers in it at every start
            // (`LD_DEBUG=statistics detent --version`), copying each page they sit on, in the
            // coordinator and again in each worker; an empty run 27.4 → 25.4 ms (BENCHMARKS.md,
            // "Start-up, issue 29's last steps"). The shared libraries stay randomized.
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release))]
        ),
        // Fuzz targets (issue #11): built with -sanitize=fuzzer by scripts/fuzz/run.sh; in an
        // ordinary build they replay the committed corpus (Tests/FuzzCorpus), which swift test runs.
        .target(name: "DetentFuzzSupport"),
        .executableTarget(name: "DetentFuzzConfig", dependencies: ["DetentConfig", "DetentRuntime", "DetentFuzzSupport"]),
        .executableTarget(name: "DetentFuzzLua", dependencies: ["DetentConfig", "DetentRuntime", "DetentScripting", "DetentFuzzSupport"]),
        // Helpers the Swift test targets share (device profiles); not a product.
        .target(name: "DetentTestSupport", dependencies: ["DetentWorld", "DetentLayout", "DetentTime"], path: "Tests/DetentTestSupport"),
        .testTarget(name: "DetentPlatformTests", dependencies: ["DetentPlatform", "CPlatform"]),
        .testTarget(name: "DetentMotionTests", dependencies: ["DetentMotion"]),
        .testTarget(name: "DetentJSONTests", dependencies: ["DetentJSON"]),
        .testTarget(name: "DetentLuaTests", dependencies: ["DetentLua", "CLua"]),
        .testTarget(name: "DetentWorldTests", dependencies: ["DetentTestSupport", "DetentWorld", "DetentTime", "DetentMotion"]),
        .testTarget(name: "DetentLayoutTests", dependencies: ["DetentLayout"]),
        .testTarget(name: "DetentNavigationTests", dependencies: ["DetentTestSupport", "DetentNavigation", "DetentWorld", "DetentLayout", "DetentTime", "DetentMotion"]),
        .testTarget(name: "DetentReleaseTests", dependencies: ["DetentRelease", "DetentMotion", "DetentLayout"]),
        .testTarget(name: "DetentDrawerTests", dependencies: ["DetentTestSupport", "DetentDrawer", "DetentRelease", "DetentWorld", "DetentLayout", "DetentMotion", "DetentTime"]),
        .testTarget(name: "DetentPagerTests", dependencies: ["DetentTestSupport", "DetentPager", "DetentRelease", "DetentWorld", "DetentLayout", "DetentMotion", "DetentTime"]),
        .testTarget(name: "DetentSheetTests", dependencies: ["DetentTestSupport", "DetentSheet", "DetentNavigation", "DetentRelease", "DetentWorld", "DetentLayout", "DetentMotion", "DetentTime"]),
        .testTarget(name: "DetentAdaptiveTests", dependencies: ["DetentTestSupport", "DetentAdaptive", "DetentNavigation", "DetentWorld", "DetentLayout", "DetentTime"]),
        .testTarget(name: "DetentDaemonTests", dependencies: ["DetentConfig", "DetentTestSupport", "DetentDaemon", "DetentDaemonClient", "DetentRuntime", "DetentJSON",
                                                             .product(name: "NIOCore", package: "swift-nio"),
                                                             .product(name: "NIOEmbedded", package: "swift-nio")]),
        .testTarget(name: "DetentConsoleTests", dependencies: ["DetentReports", "DetentConfig", "DetentTestSupport", "DetentConsole", "DetentRuntime"]),
        .testTarget(name: "DetentRuntimeTests", dependencies: ["DetentTrace", "DetentReports", "DetentConfig", "DetentTestSupport", "DetentRuntime", "DetentJSON", "DetentPlatform", "DetentScripting", "DetentWorld", "DetentNavigation", "DetentDrawer", "DetentSheet"]),
    ],
    swiftLanguageModes: [.v6]
)

// A member is visible only where its module is imported (SE-0444): the executable takes
// FoundationEssentials, not Foundation, and this keeps Foundation's extensions (which other
// packages import) from being used unnoticed.
//
// Release builds leave out the runtime's exclusivity checks (`swift_beginAccess`, a call of
// ~65 instructions for every access to a class's stored `var` or a global that the compiler
// cannot prove safe). Debug builds, and so `swift test` and every suite CI runs, keep them:
// an access that overlaps another still traps there (docs/architecture.md, "One tick";
// BENCHMARKS.md, "The busy world, issue 29's last steps").
for target in package.targets where [.regular, .executable].contains(target.type) && !target.name.hasPrefix("C") {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("MemberImportVisibility"),
        .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
    ]
}
