// swift-tools-version:5.9
import PackageDescription

/// Platforms without Apple's Combine: there the tracer is built on `CombineStandIn`.
let platformsWithoutCombine: [Platform] = [.linux, .windows, .android, .wasi, .openbsd]

let package = Package(
    name: "CombineLint",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .executable(name: "combinelint", targets: ["combinelint"]),
        .library(name: "CombineLintKit", targets: ["CombineLintKit"]),
        .library(name: "CombineTrace", targets: ["CombineTrace"]),
        .library(name: "CombineTraceCore", targets: ["CombineTraceCore"]),
        .library(name: "CombineTraceTesting", targets: ["CombineTraceTesting"]),
        .plugin(name: "CombineLintCommand", targets: ["CombineLintCommand"]),
        .plugin(name: "CombineLintBuildTool", targets: ["CombineLintBuildTool"]),
    ],
    targets: [
        // The static analyzer: lexer, syntax structure, project index, rules, engine, reporters;
        // it reads traces (CombineTraceCore, which has no dependencies) to join runtime evidence.
        .target(name: "CombineLintKit", dependencies: ["CombineTraceCore"]),
        // The command line, a thin shell over CombineLintKit and CombineTraceCore.
        .executableTarget(name: "combinelint", dependencies: ["CombineLintKit", "CombineTraceCore"]),
        // SwiftPM plugins, thin shells over the `combinelint` tool: `swift package combinelint`
        // and lint warnings during `swift build` / Xcode builds.
        .plugin(
            name: "CombineLintCommand",
            capability: .command(
                intent: .custom(verb: "combinelint", description: "Lint the package's Swift sources with combinelint"),
                permissions: []
            ),
            dependencies: ["combinelint"]
        ),
        .plugin(name: "CombineLintBuildTool", capability: .buildTool(), dependencies: ["combinelint"]),

        // The runtime tracer.
        .target(name: "CombineTraceCore"),
        .target(name: "CombineStandIn"),
        .target(
            name: "CombineTrace",
            dependencies: [
                "CombineTraceCore",
                .target(name: "CombineStandIn", condition: .when(platforms: platformsWithoutCombine)),
            ]
        ),
        .target(name: "CombineTraceTesting", dependencies: ["CombineTrace", "CombineTraceCore"]),

        // Speed and memory of lexing, structure and index over a generated corpus (scripts/benchmark.sh).
        .executableTarget(name: "ScannerBenchmark", dependencies: ["CombineLintKit"], path: "Benchmarks/ScannerBenchmark"),
        // The demo of the tracer: a feed screen appearing three times (README, "Try it: the demo").
        .executableTarget(
            name: "TraceDemo",
            dependencies: [
                "CombineTrace", "CombineTraceCore",
                .target(name: "CombineStandIn", condition: .when(platforms: platformsWithoutCombine)),
            ],
            path: "samples/TraceDemo"
        ),
        // A screen with no `.trace` in it, for `combinelint instrument` (README, "From
        // instrumentation to the rules' misses"). It builds as it is and once instrumented.
        .executableTarget(
            name: "InstrumentDemo",
            dependencies: [
                "CombineTrace", "CombineTraceCore",
                .target(name: "CombineStandIn", condition: .when(platforms: platformsWithoutCombine)),
            ],
            path: "samples/InstrumentDemo"
        ),
        // The tracer's speed: `scripts/bench-trace.sh`.
        .executableTarget(
            name: "TraceBenchmark",
            dependencies: [
                "CombineTrace", "CombineTraceCore",
                .target(name: "CombineStandIn", condition: .when(platforms: platformsWithoutCombine)),
            ],
            path: "Benchmarks/TraceBenchmark"
        ),

        .testTarget(name: "CombineLintKitTests", dependencies: ["CombineLintKit", "CombineTraceCore"]),
        .testTarget(name: "CombineLintCLITests", dependencies: ["combinelint", "CombineLintKit"]),
        .testTarget(name: "CombineTraceCoreTests", dependencies: ["CombineTraceCore"]),
        .testTarget(
            name: "CombineStandInTests",
            dependencies: [.target(name: "CombineStandIn", condition: .when(platforms: platformsWithoutCombine))]
        ),
        .testTarget(name: "CombineTraceTests", dependencies: ["CombineTrace", "CombineTraceCore"]),
        .testTarget(name: "CombineTraceTestingTests", dependencies: ["CombineTraceTesting", "CombineTrace", "CombineTraceCore"]),
    ]
)
