/// The data set the example searches: names of Swift packages and tools, shipped with it.
public enum Catalog {
    public static let packages: [String] = [
        "swift-algorithms", "swift-argument-parser", "swift-async-algorithms", "swift-atomics",
        "swift-collections", "swift-crypto", "swift-format", "swift-log", "swift-metrics",
        "swift-nio", "swift-nio-ssl", "swift-nio-http2", "swift-numerics", "swift-protobuf",
        "swift-syntax", "swift-system", "swift-testing", "swift-distributed-tracing",
        "swift-service-lifecycle", "swift-openapi-generator", "swift-openapi-runtime",
        "swift-docc-plugin", "swift-markdown", "swift-clocks", "swift-dependencies",
        "swift-case-paths", "swift-custom-dump", "swift-snapshot-testing", "swift-parsing",
        "swift-tagged", "swift-identified-collections", "swift-concurrency-extras",
        "substate", "vapor", "hummingbird", "grpc-swift", "async-http-client", "postgres-nio",
        "sqlite-nio", "fluent", "leaf", "jwt-kit", "websocket-kit", "multipart-kit",
        "routing-kit", "console-kit", "yams", "swiftcsv", "xmlcoder", "rainbow", "files",
        "pathkit", "stencil", "swift-mustache", "ink", "plot", "grdb", "swinject", "nimble",
        "quick", "swift-benchmark", "swift-prometheus", "swift-otel", "zipfoundation",
    ]
}
