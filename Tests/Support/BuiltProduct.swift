import Foundation

/// The executable of one of the package's products, built beside the test bundle.
public func builtProduct(_ name: String) -> URL {
    #if os(macOS)
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
        }
    #endif
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
}
