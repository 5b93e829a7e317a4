import Synchronization

/// One store's shared values, by key: the one copy every ``Shared`` field reads in a walk.
///
/// The store makes it the current table for the length of its own walk of the tree, so that a
/// field reaches its store's value and no other: the table is never global, and outside a
/// walk there is none.
final class SharedValues: Sendable {
    /// The table of the store whose tree is being walked on this thread, if any.
    @TaskLocal static var current: SharedValues?

    fileprivate struct Table {
        var values: [Slot: any Sendable] = [:]
        var changed = false
        /// Whether a shared field was made during the walk (a screen a model's `update` made),
        /// which the walk may not reach again.
        var fieldMade = false
        /// The number of the last keyless value named in a walk (see ``nextKeylessName()``).
        var keylessCount = 0
    }

    /// Where a value is kept: its key's name and value type (keys of two types never meet),
    /// and for a value that is not an element of an array it holds, the element's id.
    fileprivate struct Slot: Hashable {
        let name: String
        let type: ObjectIdentifier
        let element: String?
        /// Keyless values never meet a keyed one of the same name.
        var keyless = false
    }

    /// The prefix of the names a walk gives keyless values, followed by their number.
    private static let walkNamePrefix = "value-walk-"

    private let table = Mutex(Table())

    /// Brings a field's copy up to date, or gives the table the field's value when it has none.
    func load<Value: Sendable & Equatable>(_ value: inout Value, for key: SharedKey<Value>) {
        table.withLock { table in
            if key.isKeyless { table.noteKeyless(key.name) }
            if let element = key.element,
                let found = table.element(Value.self, of: key.name, id: element, keyless: key.isKeyless)
            {
                if found != value { value = found }
                return
            }
            let slot = Slot(
                name: key.name, type: ObjectIdentifier(Value.self), element: key.element, keyless: key.isKeyless)
            if let stored = table.values[slot] as? Value {
                if stored != value { value = stored }
            } else {
                table.values[slot] = value
            }
        }
    }

    /// Makes a value the table's, noting a change when it differs from what the table held.
    func write<Value: Sendable & Equatable>(_ value: Value, for key: SharedKey<Value>) {
        table.withLock { table in
            if key.isKeyless { table.noteKeyless(key.name) }
            if let element = key.element,
                table.replace(element: element, of: key.name, keyless: key.isKeyless, with: value)
            {
                return
            }
            let slot = Slot(
                name: key.name, type: ObjectIdentifier(Value.self), element: key.element, keyless: key.isKeyless)
            if let stored = table.values[slot] as? Value, stored == value { return }
            table.values[slot] = value
            table.changed = true
        }
    }

    /// Notes that a shared field was made during the walk: it holds the value it was made with,
    /// and the walk may be past the place it is put.
    func noteFieldMade() {
        table.withLock { $0.fieldMade = true }
    }

    /// Whether a value changed, or a field was made, since the last call: some field may then
    /// hold another value than the table's.
    func takeChanged() -> Bool {
        table.withLock { table in
            defer {
                table.changed = false
                table.fieldMade = false
            }
            return table.changed || table.fieldMade
        }
    }

    /// Forgets every value, for a state put back wholesale: the fields' copies give the values
    /// again in the next walk. The count of keyless names stays, so no name is given twice.
    func removeAll() {
        table.withLock { $0 = Table(keylessCount: $0.keylessCount) }
    }

    /// A name for a value made with ``Shared/init(value:)`` during the walk: the next number
    /// after every name the store has seen, so the same actions name the same values in a replay
    /// and a name in a saved or recorded state is never given again.
    func nextKeylessName() -> String {
        table.withLock { table in
            table.keylessCount += 1
            return Self.walkNamePrefix + String(table.keylessCount)
        }
    }

    /// The number in a name a walk gave, if it is one.
    fileprivate static func walkNumber(of name: String) -> Int? {
        guard name.hasPrefix(walkNamePrefix) else { return nil }
        return Int(name.dropFirst(walkNamePrefix.count))
    }
}

extension SharedValues.Table {
    /// Counts a keyless name the store met past the names it gives.
    fileprivate mutating func noteKeyless(_ name: String) {
        if let number = SharedValues.walkNumber(of: name), number > keylessCount { keylessCount = number }
    }

    /// The element with an id of the array of `Value`s kept under a name, if there is one.
    fileprivate func element<Value>(_: Value.Type, of name: String, id: String, keyless: Bool) -> Value? {
        let slot = SharedValues.Slot(name: name, type: ObjectIdentifier([Value].self), element: nil, keyless: keyless)
        guard let array = values[slot] as? any SharedElements else { return nil }
        return array.element(id: id) as? Value
    }

    /// Replaces the element with an id of the array of `Value`s kept under a name; `false` when
    /// there is no such element.
    fileprivate mutating func replace<Value: Equatable>(
        element id: String, of name: String, keyless: Bool, with value: Value
    ) -> Bool {
        let slot = SharedValues.Slot(name: name, type: ObjectIdentifier([Value].self), element: nil, keyless: keyless)
        guard let stored = values[slot], let array = stored as? any SharedElements,
            let current = array.element(id: id) as? Value
        else { return false }
        if current == value { return true }
        func replaced<Stored: Sendable>(_ stored: Stored) -> (any Sendable)? {
            guard var elements = stored as? any SharedElements, elements.replace(id: id, with: value) else {
                return nil
            }
            return elements as? Stored
        }
        values[slot] = replaced(stored) ?? stored
        changed = true
        return true
    }
}

/// An array whose elements a shared key can name by id.
protocol SharedElements {
    func element(id: String) -> Any?
    mutating func replace(id: String, with element: Any) -> Bool
}

extension Array: SharedElements where Element: Identifiable {
    func element(id: String) -> Any? {
        first { String(describing: $0.id) == id }
    }

    mutating func replace(id: String, with element: Any) -> Bool {
        guard let element = element as? Element, let index = firstIndex(where: { String(describing: $0.id) == id })
        else { return false }
        self[index] = element
        return true
    }
}

extension SharedValues {
    /// Brings the shared fields of a value outside any store up to date with the current
    /// values, or gives the current table the values it has none of.
    static func syncFields<M: Model>(of value: inout M) {
        // Fact (walk-scoped addresses): the value's address is walked only inside the closure, while `value` is held for it.
        withUnsafeMutablePointer(to: &value) { pointer in
            let layout = LayoutCache.layout(for: M.self, checking: pointer)
            LayoutCache.visitor(for: layout, action: SharedSync.type)?(UnsafeMutableRawPointer(pointer), SharedSync())
        }
    }

    /// ``syncFields(of:)`` for a model whose type is known only at run time.
    static func syncFields(of value: inout any Model) {
        func open<M: Model>(_ model: M) -> any Model {
            var model = model
            syncFields(of: &model)
            return model
        }
        value = open(value)
    }
}

/// The action of the walk that brings every shared field up to date after an action changed a
/// shared value: only ``Shared`` fields take it, no model's `update` sees it, and no middleware.
struct SharedSync: Action {
    static let type = ObjectIdentifier(SharedSync.self)
}
