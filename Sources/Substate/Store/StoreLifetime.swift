/// What outlives a store for the handles a caller may keep after releasing it: a `Next` kept
/// by middleware, or the store's ``EffectRuntime``.
///
/// Those handles check whether the store was released before they use it; after the release,
/// they report the call here as a ``Diagnostic``, once per kind of call, and do nothing else.
@MainActor
final class StoreLifetime {
    private(set) var isReleased = false
    private let onDiagnostic: @MainActor (Diagnostic) -> Void
    private var reported: Set<String> = []

    init(onDiagnostic: @escaping @MainActor (Diagnostic) -> Void) {
        self.onDiagnostic = onDiagnostic
    }

    func release() { isReleased = true }

    /// Reports a call made after the store was released, once per member.
    func reportUseAfterRelease(member: String, _ message: String) {
        guard reported.insert(member).inserted else { return }
        onDiagnostic(Diagnostic(kind: .useAfterRelease, typeName: "Store", member: member, message: message))
    }
}
