// swift-tools-version: 6.0
import PackageDescription

/// An example: its feature library in `Examples/NAME/Feature`, and its program in
/// `Examples/NAME/App`, which uses the feature.
func example(_ name: String, feature: [Target.Dependency], app: [Target.Dependency]) -> [Target] {
    [
        .target(name: "\(name)Feature", dependencies: feature, path: "Examples/\(name)/Feature"),
        .executableTarget(
            name: name, dependencies: [.byName(name: "\(name)Feature")] + app, path: "Examples/\(name)/App"),
    ]
}

/// A program the tests start in a process of its own, in `Tests/Processes/FOLDER`.
func child(_ name: String, folder: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: dependencies, path: "Tests/Processes/\(folder)")
}

/// A test target, in `Tests/NAME`.
func tests(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: name, dependencies: dependencies, path: "Tests/\(name)")
}

/// The libraries the larger examples' programs use.
let app: [Target.Dependency] = ["Substate", "SubstateMachine", "SubstateMiddleware", "SubstateReplay"]
/// What the guides', the catalogs' and the README's samples use: those and the test store.
let samples: [Target.Dependency] = app + ["SubstateTesting"]

let package = Package(
    name: "Substate",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "Substate", targets: ["Substate"]),
        .library(name: "SubstateDump", targets: ["SubstateDump"]),
        .library(name: "SubstateMiddleware", targets: ["SubstateMiddleware"]),
        .library(name: "SubstateReplay", targets: ["SubstateReplay"]),
        .library(name: "SubstateMachine", targets: ["SubstateMachine"]),
        .library(name: "SubstateTesting", targets: ["SubstateTesting"]),
        .executable(name: "substate-bench", targets: ["substate-bench"]),
        .executable(name: "substate-log", targets: ["substate-log"]),
    ],
    targets: [
        .target(name: "SubstateRuntimeSupport", path: "Sources/SubstateRuntimeSupport"),
        .target(name: "Substate", dependencies: ["SubstateRuntimeSupport"], path: "Sources/Substate"),
        .target(name: "SubstateDump", dependencies: ["Substate"], path: "Sources/SubstateDump"),
        .target(name: "SubstateReplay", dependencies: ["Substate", "SubstateDump"], path: "Sources/SubstateReplay"),
        .target(name: "SubstateMiddleware", dependencies: ["Substate", "SubstateDump"], path: "Middleware"),
        .target(name: "SubstateMachine", dependencies: ["Substate"], path: "Sources/SubstateMachine"),
        .target(
            name: "SubstateLogTool", dependencies: ["Substate", "SubstateReplay"], path: "Sources/SubstateLogTool"),
        .executableTarget(name: "substate-log", dependencies: ["SubstateLogTool"], path: "Sources/substate-log"),
        .target(
            name: "SubstateTesting", dependencies: ["Substate", "SubstateDump", "SubstateMiddleware"],
            path: "Sources/SubstateTesting"),
        .executableTarget(
            name: "substate-bench",
            dependencies: [
                "Substate", "SubstateDump", "SubstateMiddleware", "SubstateMachine", "SubstateReplay",
                "SubstateLogTool", "TodosFeature",
            ],
            path: "Benchmarks/substate-bench"),
        .target(name: "SubstateTestSupport", path: "Tests/Support"),
        .target(
            name: "ShopFixture",
            dependencies: ["Substate", "SubstateMiddleware", "SubstateReplay", "SubstateTestSupport"],
            path: "Tests/Fixtures/Shop"),
        child("substate-saver-child", folder: "SaverChild", ["Substate", "SubstateMiddleware"]),
        child(
            "substate-lifetime-child", folder: "LifetimeChild", ["Substate", "SubstateMiddleware", "SubstateReplay"]),
        child("substate-stack-child", folder: "StackChild", ["Substate", "SubstateMiddleware", "SubstateReplay"]),
        child(
            "substate-replay-child", folder: "ReplayChild",
            ["ShopFixture", "Substate", "SubstateMiddleware", "SubstateReplay", "SubstateTestSupport"]),
        // Run only by CI, under the thread sanitizer, which must report its planted race.
        child("substate-race-child", folder: "RaceChild", ["Substate"]),
        tests(
            "SubstateTests",
            [
                "Substate", "SubstateDump", "SubstateMiddleware", "SubstateReplay", "SubstateTestSupport",
                "substate-lifetime-child",
            ]),
        tests(
            "SubstateMiddlewareTests",
            [
                "Substate", "SubstateDump", "SubstateMiddleware", "SubstateReplay", "SubstateTestSupport",
                "ShopFixture", "substate-saver-child", "substate-replay-child", "substate-lifetime-child",
                "substate-stack-child",
            ]),
        tests(
            "SubstateReplayTests",
            [
                "Substate", "SubstateDump", "SubstateReplay", "SubstateMiddleware", "SubstateTestSupport",
                "SubstateLogTool",
            ]),
        tests("SubstateDumpTests", ["Substate", "SubstateDump", "SubstateTestSupport"]),
        tests(
            "SubstateMachineTests",
            ["Substate", "SubstateMachine", "SubstateMiddleware", "SubstateReplay", "SubstateTestSupport"]),
        tests("SubstateTestingTests", samples + ["SubstateTestSupport"]),
        tests(
            "SubstateLogToolTests",
            ["Substate", "SubstateMiddleware", "SubstateReplay", "SubstateLogTool", "SubstateTestSupport"]),
        tests("CounterExampleTests", ["CounterFeature", "Substate", "SubstateTesting"]),
        tests("TodosExampleTests", ["TodosFeature"] + samples),
        tests("PodcastsExampleTests", ["PodcastsFeature", "Substate", "SubstateMiddleware", "SubstateTesting"]),
        tests("SearchExampleTests", ["SearchFeature"] + samples + ["SubstateTestSupport"]),
        tests("GuideTests", samples),
        tests("DocSnippets", samples),
        tests("ReadmeSnippets", samples),
    ]
        + example("Counter", feature: ["Substate"], app: ["Substate", "SubstateMiddleware"])
        + example("Todos", feature: app, app: app)
        + example("Podcasts", feature: ["Substate", "SubstateMiddleware"], app: ["Substate", "SubstateMiddleware"])
        + example("Search", feature: ["Substate", "SubstateMiddleware", "SubstateMachine"], app: app),
    swiftLanguageModes: [.v6]
)
