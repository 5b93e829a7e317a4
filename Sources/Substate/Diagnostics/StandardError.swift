#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a line to standard error, where diagnostics go unless the app routes them elsewhere.
func printToStandardError(_ line: String) {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let bytes = Array((line + "\n").utf8)
        // Fact (scoped pointer): the line's bytes are used only inside the closure, for one `write` of their count.
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    #else
        print(line)
    #endif
}
