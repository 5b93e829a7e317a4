/// Why a ``BindingAction`` cannot be made: its key path is not a stored field of the model, or
/// a recorded field name no longer names one.
///
/// A binding sets a stored field and is recorded by the field's name, so a computed property
/// (or a path through a class, an optional or a subscript) cannot be bound: set the stored
/// fields it reads, or send an action of its own.
///
/// ```swift
/// do {
///     _ = try BindingAction(checking: \Profile.initials, "AB")
/// } catch {
///     print(error)   // \Profile.<computed String> is not a stored field of Profile: ...
/// }
/// ```
public struct BindingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence that names the key path or field and says what to do.
    public let message: String

    public var description: String { message }

    init(_ message: String) {
        self.message = message
    }

    /// The error for a key path that is not a path of stored struct fields.
    static func notStored<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> BindingError {
        let model = typeName(Root.self)
        return BindingError(
            "\(spelling(of: keyPath, in: model)) is not a stored field of \(model): a BindingAction sets stored "
                + "fields only (not computed properties, nor paths through a class, an optional or a subscript), "
                + "since it is recorded by the field's name. Bind the stored fields it reads, or send an action "
                + "of its own.")
    }

    /// The key path as Swift spells it, without the address the runtime prints for a computed
    /// property, so that the sentence is the same in every run.
    private static func spelling<Root, Value>(of keyPath: KeyPath<Root, Value>, in model: String) -> String {
        let printed = String(describing: keyPath)
        guard printed.contains("<computed ") else { return printed }
        return "\\\(model).<computed \(typeName(Value.self))>"
    }
}
