/// Sets one stored field of a model: the one action that every control of a form can send,
/// as TCA's `BindingAction` is, recorded and replayed by the field's name.
///
/// A form needs no action per control: each control sends a binding made from a key path and
/// a value, the model applies it in one line of its ``Model/update(action:)``, and reacts to
/// the change of one field with ``changed(_:)``. Every model of type `M` in the tree applies
/// it, as every model receives every action.
///
/// ```swift
/// struct Settings: Model, Equatable {
///     var volume = 1.0
///     var displayName = ""
///     var greeting = ""
///
///     mutating func update(action: Action) {
///         guard let set = applyBinding(action) else { return }
///         if set.changed(\.displayName) { greeting = "Hello, \(displayName)" }
///     }
/// }
///
/// store.update(BindingAction(\Settings.volume, 0.5))
/// // ActionLogger: Settings.volume = 0.5
/// ```
///
/// A binding names a model type, not one model: in a list of rows, every row of type `M`
/// applies it. To set a field of one row, send an action that names the row instead, a
/// ``TargetedAction`` carrying the value, which the row applies when the id is its own:
///
/// ```swift
/// struct Todo: Model, Identifiable {
///     let id: Int
///     var title = ""
///     struct SetTitle: TargetedAction {
///         let targetID: Int
///         let title: String
///         typealias Target = Todo
///     }
///     mutating func update(action: Action) {
///         if let set = action as? SetTitle, set.targetID == id { title = set.title }
///     }
/// }
/// ```
///
/// The key path must lead to a stored field, through stored struct fields
/// (`\Settings.profile.name`): the log holds the model's type, the field's name and its
/// value, which replay reads back into the same field. A computed property traps at once with
/// a ``BindingError``; ``init(checking:_:)`` throws it instead. Values are
/// `Codable & Equatable & Sendable`.
public struct BindingAction<M: Model>: Action, Equatable, Codable, CustomStringConvertible, CustomReflectable {
    /// The field set, as a path of names from the model: `volume`, `profile.name`.
    public var field: String { path.name }
    /// The value the field is set to.
    public let value: any Codable & Equatable & Sendable
    let path: StoredFieldPath

    /// A binding that sets the field at `keyPath` to `value`.
    ///
    /// Made at the call site, as a control's binding is; the model applies it with
    /// ``apply(to:)`` or ``Model/applyBinding(_:)``.
    ///
    /// ```swift
    /// store.update(BindingAction(\Settings.volume, 0.5))
    /// ```
    ///
    /// A key path that is not a stored field (a computed property) stops the program with a
    /// ``BindingError`` that names it: it could not be recorded by name.
    public init<Value: Codable & Equatable & Sendable>(_ keyPath: WritableKeyPath<M, Value>, _ value: Value) {
        guard let path = StoredFieldPath.of(keyPath) else {
            preconditionFailure(BindingError.notStored(keyPath).message)
        }
        self.path = path
        self.value = value
    }

    /// A binding that sets the field at `keyPath` to `value`, or a ``BindingError`` when the key
    /// path is not a stored field.
    ///
    /// Use it where the key path is not known to be stored, such as one a screen receives
    /// from elsewhere; ``init(_:_:)`` is the form for key paths written at the call site.
    ///
    /// ```swift
    /// let set = try BindingAction(checking: \Settings.volume, 0.5)
    /// ```
    public init<Value: Codable & Equatable & Sendable>(
        checking keyPath: WritableKeyPath<M, Value>, _ value: Value
    ) throws(BindingError) {
        guard let path = StoredFieldPath.of(keyPath) else { throw BindingError.notStored(keyPath) }
        self.path = path
        self.value = value
    }

    /// Sets the field in the model.
    ///
    /// Call it from the model's ``Model/update(action:)``, or use ``Model/applyBinding(_:)``,
    /// which casts the action and applies it in one call.
    ///
    /// ```swift
    /// if let set = action as? BindingAction<Self> { set.apply(to: &self) }
    /// ```
    public func apply(to model: inout M) {
        func write<Value>(_ value: Value) {
            withUnsafeMutableBytes(of: &model) { bytes in
                // Fact (stored offset): `MemoryLayout.offset(of:)` gives an offset only for a key path whose value is stored inline at that offset, and the field's type is the value's, so writing there is writing through the key path.
                (bytes.baseAddress! + path.offset).assumingMemoryBound(to: Value.self).pointee = value
            }
        }
        write(value)
    }

    /// Whether this binding sets the field at `keyPath`, a field inside it or a field that
    /// contains it: whether that field may have changed.
    ///
    /// It is how a model reacts to one control, as TCA's `case .binding(\.stepCount)` does; it
    /// asks which field was bound, not whether the value differs from the one before.
    ///
    /// ```swift
    /// if set.changed(\.stepCount) { sliderValue = min(sliderValue, Double(stepCount)) }
    /// ```
    ///
    /// A key path that is not a stored field stops the program with a ``BindingError``.
    public func changed<Value>(_ keyPath: KeyPath<M, Value>) -> Bool {
        guard let asked = StoredFieldPath.of(keyPath) else {
            preconditionFailure(BindingError.notStored(keyPath).message)
        }
        return path.overlaps(asked)
    }

    /// The binding as it reads in a log: `Settings.volume = 0.5`.
    public var description: String { "\(typeName(M.self)).\(field) = \(Self.literal(value))" }

    /// No children: loggers print the binding by its ``description``.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: nil) }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        func equal<Value: Equatable>(_ value: Value) -> Bool { (rhs.value as? Value) == value }
        return lhs.path == rhs.path && equal(lhs.value)
    }

    private enum CodingKeys: String, CodingKey {
        case model, field, value
    }

    /// Encodes the model's type name (for people reading the log), the field's name and the
    /// value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeName(M.self), forKey: .model)
        try container.encode(field, forKey: .field)
        try container.encode(value, forKey: .value)
    }

    /// Decodes a binding of the field named in the log, with a value of that field's type
    /// today; a field gone or renamed is an error that names it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let field = try container.decode(String.self, forKey: .field)
        let names = field.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let path = StoredFieldPath.named(names, in: M.self) else {
            throw DecodingError.dataCorruptedError(
                forKey: .field, in: container, debugDescription: "\(typeName(M.self)) has no stored field \(field)")
        }
        // Sendable is not checked at run time; every stored field of a model is, since models are.
        guard let type = path.type as? any (Codable & Equatable & Sendable).Type else {
            throw DecodingError.dataCorruptedError(
                forKey: .field, in: container,
                debugDescription: "\(typeName(M.self)).\(field) is no longer Codable and Equatable")
        }
        func decode<Value: Codable & Equatable & Sendable>(_: Value.Type) throws -> any Codable & Equatable & Sendable {
            try container.decode(Value.self, forKey: .value)
        }
        self.path = path
        value = try decode(type)
    }

    /// A value as Swift source spells it: strings quoted, optionals unwrapped or `nil`.
    private static func literal(_ value: Any) -> String {
        if let string = value as? String { return string.debugDescription }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional { return mirror.children.first.map { literal($0.value) } ?? "nil" }
        return String(describing: value)
    }
}
