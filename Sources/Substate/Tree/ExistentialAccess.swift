/// How the store reaches the model inside an `any Model` field, whose type is known only at
/// run time.
struct ExistentialAccess: Sendable {
    /// Opens the existential in place and calls the body with the model's address and layout.
    func withOpenedMutable(_ pointer: UnsafeMutableRawPointer, _ body: (UnsafeMutableRawPointer, TypeLayout) -> Void) {
        func open<M: Model>(_ model: inout M) {
            // Fact (walk-scoped addresses): the opened model's address is used only inside the closure.
            withUnsafeMutablePointer(to: &model) {
                body(UnsafeMutableRawPointer($0), LayoutCache.layout(for: M.self, checking: $0))
            }
        }
        // Fact (typed address): only the layout of `any Model` has an existential access, so an existential container is here.
        open(&pointer.assumingMemoryBound(to: (any Model).self).pointee)
    }

    /// Opens a copy of the existential and calls the body with the model's address and layout.
    func withOpened(_ pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, TypeLayout) -> Void) {
        func open<M: Model>(_ model: M) {
            // Fact (walk-scoped addresses): the opened copy's address is used only inside the closure.
            withUnsafePointer(to: model) { body(UnsafeRawPointer($0), LayoutCache.layout(for: M.self, checking: $0)) }
        }
        // Fact (typed address): only the layout of `any Model` has an existential access, so an existential container is here.
        open(pointer.assumingMemoryBound(to: (any Model).self).pointee)
    }
}
