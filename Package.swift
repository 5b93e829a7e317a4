// swift-tools-version: 6.0
import PackageDescription

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
        .target(name: "CounterFeature", dependencies: ["Substate"], path: "Examples/Counter/Feature"),
        .executableTarget(
            name: "Counter", dependencies: ["CounterFeature", "Substate", "SubstateMiddleware"],
            path: "Examples/Counter/App"),
        .target(
            name: "TodosFeature",
            dependencies: ["Substate", "SubstateMiddleware", "SubstateMachine", "SubstateReplay"],
            path: "Examples/Todos/Feature"),
        .executableTarget(
            name: "Todos",
            dependencies: ["TodosFeature", "Substate", "SubstateMiddleware", "SubstateMachine", "SubstateReplay"],
            path: "Examples/Todos/App"),
        .target(
            name: "PodcastsFeature", dependencies: ["Substate", "SubstateMiddleware"],
            path: "Examples/Podcasts/Feature"),
        .executableTarget(
            name: "Podcasts", dependencies: ["PodcastsFeature", "Substate", "SubstateMiddleware"],
            path: "Examples/Podcasts/App"),
        .target(
            name: "SearchFeature", dependencies: ["Substate", "SubstateMiddleware", "SubstateMachine"],
            path: "Examples/Search/Feature"),
        .executableTarget(
            name: "Search",
            dependencies: ["SearchFeature", "Substate", "SubstateMiddleware", "SubstateMachine", "SubstateReplay"],
            path: "Examples/Search/App"),
        .executableTarget(
            name: "substate-bench",
            dependencies: [
                "Substate", "SubstateDump", "SubstateMiddleware", "SubstateMachine", "SubstateReplay",
                "SubstateLogTool", "TodosFeature",
            ],
            path: "Benchmarks/substate-bench"),
        .target(name: "SubstateTestSupport", path: "Tests/Support"),
        .executableTarget(
            name: "substate-saver-child", dependencies: ["Substate", "SubstateMiddleware"],
            path: "Tests/Processes/SaverChild"),
        .target(
            name: "ShopFixture",
            dependencies: ["Substate", "SubstateMiddleware", "SubstateReplay", "SubstateTestSupport"],
            path: "Tests/Fixtures/Shop"),
        .executableTarget(
            name: "substate-lifetime-child", dependencies: ["Substate", "SubstateMiddleware", "SubstateReplay"],
            path: "Tests/Processes/LifetimeChild"),
        .executableTarget(
            name: "substate-stack-child", dependencies: ["Substate", "SubstateMiddleware", "SubstateReplay"],
            path: "Tests/Processes/StackChild"),
        .executableTarget(
            name: "substate-replay-child",
            dependencies: ["ShopFixture", "Substate", "SubstateMiddleware", "SubstateReplay", "SubstateTestSupport"],
            path: "Tests/Processes/ReplayChild"),
        .testTarget(
            name: "SubstateTests",
            dependencies: ["Substate", "SubstateDump", "SubstateMiddleware", "SubstateReplay", "SubstateTestSupport"],
            path: "Tests/SubstateTests"),
        .testTarget(
            name: "SubstateMiddlewareTests",
            dependencies: [
                "Substate", "SubstateDump", "SubstateMiddleware", "SubstateReplay", "SubstateTestSupport",
                "ShopFixture", "substate-saver-child",
                "substate-replay-child",
                "substate-lifetime-child",
                "substate-stack-child",
            ],
            path: "Tests/SubstateMiddlewareTests"),
        .testTarget(
            name: "SubstateReplayTests",
            dependencies: [
                "Substate", "SubstateDump", "SubstateReplay", "SubstateMiddleware", "SubstateTestSupport",
                "SubstateLogTool",
            ],
            path: "Tests/SubstateReplayTests"),
        .testTarget(
            name: "SubstateDumpTests",
            dependencies: ["Substate", "SubstateDump", "SubstateTestSupport"],
            path: "Tests/SubstateDumpTests"),
        .testTarget(
            name: "SubstateMachineTests",
            dependencies: [
                "Substate", "SubstateMachine", "SubstateMiddleware", "SubstateReplay", "SubstateTestSupport",
            ],
            path: "Tests/SubstateMachineTests"),
        .testTarget(
            name: "SubstateTestingTests",
            dependencies: [
                "Substate", "SubstateMachine", "SubstateMiddleware", "SubstateReplay", "SubstateTesting",
                "SubstateTestSupport",
            ],
            path: "Tests/SubstateTestingTests"),
        .testTarget(
            name: "SubstateLogToolTests",
            dependencies: [
                "Substate", "SubstateMiddleware", "SubstateReplay", "SubstateLogTool", "SubstateTestSupport",
            ],
            path: "Tests/SubstateLogToolTests"),
        .testTarget(
            name: "CounterExampleTests", dependencies: ["CounterFeature", "Substate", "SubstateTesting"],
            path: "Tests/CounterExampleTests"),
        .testTarget(
            name: "TodosExampleTests",
            dependencies: [
                "TodosFeature", "Substate", "SubstateMachine", "SubstateMiddleware", "SubstateReplay",
                "SubstateTesting",
            ],
            path: "Tests/TodosExampleTests"),
        .testTarget(
            name: "PodcastsExampleTests",
            dependencies: ["PodcastsFeature", "Substate", "SubstateMiddleware", "SubstateTesting"],
            path: "Tests/PodcastsExampleTests"),
        .testTarget(
            name: "SearchExampleTests",
            dependencies: [
                "SearchFeature", "Substate", "SubstateMachine", "SubstateMiddleware", "SubstateReplay",
                "SubstateTesting", "SubstateTestSupport",
            ],
            path: "Tests/SearchExampleTests"),
        .testTarget(
            name: "GuideTests",
            dependencies: ["Substate", "SubstateMachine", "SubstateMiddleware", "SubstateReplay", "SubstateTesting"],
            path: "Tests/GuideTests"),
        .testTarget(
            name: "DocSnippets",
            dependencies: ["Substate", "SubstateMachine", "SubstateMiddleware", "SubstateReplay", "SubstateTesting"],
            path: "Tests/DocSnippets"),
        .testTarget(
            name: "ReadmeSnippets",
            dependencies: ["Substate", "SubstateMachine", "SubstateMiddleware", "SubstateReplay", "SubstateTesting"],
            path: "Tests/ReadmeSnippets"),
    ],
    swiftLanguageModes: [.v6]
)
