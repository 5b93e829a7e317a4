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
enum MangledName {
    /// The readable name of a mangled type name, or `nil` when the runtime cannot read it.
    static func readable(_ mangled: String) -> String? {
        let symbol = "$s" + mangled
        let demangled: String? = symbol.withCString { pointer in
            guard let result = swift_demangle(pointer, UInt(symbol.utf8.count), nil, nil, 0) else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
        return demangled.map(readableTypeName)
    }

    /// A payload with its `"modelName"` member readable, for the store's own actions that carry
    /// a model (`Store.Register`, `Store.Replace`); other payloads are left as they are.
    static func readablePayload(_ payload: String) -> String {
        guard let key = payload.range(of: #""modelName":""#) else { return payload }
        guard let end = payload[key.upperBound...].firstIndex(of: "\"") else { return payload }
        let mangled = String(payload[key.upperBound..<end])
        guard let readable = readable(mangled) else { return payload }
        return payload.replacingCharacters(in: key.upperBound..<end, with: readable)
    }
}

/// The Swift runtime's demangler: the standard library exports it for tools like this one.
@_silgen_name("swift_demangle")
private func swift_demangle(
    _ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: UInt, _ outputBuffer: UnsafeMutablePointer<CChar>?,
    _ outputBufferSize: UnsafeMutablePointer<UInt>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?
