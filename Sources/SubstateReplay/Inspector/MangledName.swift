import Substate

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Type names as a log records them for decoding (`18SubstateMiddleware10ModelSaverC8SettingsV`,
/// Swift's mangled form, which finds the type again), shown as people write them
/// (`ModelSaver.Settings`).
package enum MangledName {
    /// The readable name of a mangled type name, or `nil` when the runtime cannot read it.
    package static func readable(_ mangled: String) -> String? {
        guard !mangled.isEmpty, !mangled.utf8.contains(0) else { return nil }
        let symbol = "$s" + mangled
        let demangled: String? = symbol.withCString { pointer in
            guard let result = swift_demangle(pointer, UInt(symbol.utf8.count), nil, nil, 0) else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
        return demangled.map(readableTypeName)
    }
}

/// The Swift runtime's demangler: the standard library exports it for tools like this one.
@_silgen_name("swift_demangle")
private func swift_demangle(
    _ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: UInt, _ outputBuffer: UnsafeMutablePointer<CChar>?,
    _ outputBufferSize: UnsafeMutablePointer<UInt>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?
