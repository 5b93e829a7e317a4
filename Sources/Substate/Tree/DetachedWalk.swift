/// Delivers an action to every model in a value through the compiled walk a store's dispatch
/// uses, on whatever thread calls it.
///
/// For the benchmark, which measures the walk on threads started with chosen stack sizes (the
/// store itself lives on the main actor); apps go through a ``Store``.
package func walkOutsideStore<Root: Model>(_ action: any Action, through value: inout Root) {
    let layout = LayoutCache.layout(for: Root.self)
    guard let visit = LayoutCache.visitor(for: layout, action: nil) else { return }
    // Fact (walk-scoped addresses): the value's address is walked only inside the closure.
    withUnsafeMutablePointer(to: &value) { visit(UnsafeMutableRawPointer($0), action) }
}
