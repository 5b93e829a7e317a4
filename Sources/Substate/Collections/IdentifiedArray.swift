/// An ordered collection of `Identifiable` values that reads and writes an element by its id
/// in constant time: TCA's `IdentifiedArray`, for the rows of a list.
///
/// Use it where a model holds rows that actions address by id: `todos[id: 3]?.isDone = true`
/// finds the row without a search, and `remove(id:)` removes it. Elements keep the order they
/// were added in, and no two elements share an id.
///
/// ```swift
/// struct Todos: Model {
///     var todos: IdentifiedArrayOf<Todo> = []
///     struct Delete: Action { let id: Int }
///
///     mutating func update(action: Action) {
///         if let delete = action as? Delete { todos.remove(id: delete.id) }
///     }
/// }
/// ```
///
/// The elements are kept in an `Array` (``elements``), beside a dictionary of each element's
/// position by its id. The store walks that array as it walks any array: models inside receive
/// every action, are found by `find`, and show in change tracking, diffs and logs under their
/// ids (`Todos.todos[id: 3].isDone`). It encodes as a plain array of its elements.
///
/// No operation stops the program on a position or id it does not hold: such a call does
/// nothing, or returns `nil` or `false`, as each method says. The exceptions are the
/// `Collection` subscripts, which have no value to return: reading a position outside
/// `indices` stops the program, as reading an `Array` there does.
///
/// An element's id is meant to stay the same while it is in the collection, as in TCA; declare
/// it `let`. Changing an element's id through a position (`todos[0] = other`) is handled: the
/// element is stored and re-indexed under its new id, unless another element holds that id, in
/// which case the write is ignored. A model that replaces its own id inside `update(action:)` is
/// written in place by the store, where the collection cannot see it. Nothing breaks: a lookup
/// that meets the old id's stale entry searches the elements instead, and a change that meets it
/// re-indexes them. But until the collection is re-indexed (by such a change, a sort, a move, a
/// removal by offsets or by predicate), a lookup by the new id finds nothing. To give a row a new
/// id, set it through the collection: `todos[id: old] = renamed`.
public struct IdentifiedArray<Element: Identifiable> {
    /// The elements, in order.
    ///
    /// A stored `Array`: the store reaches the models inside through it, at the cost of walking
    /// an array. Read it to pass the rows on as an array.
    public private(set) var elements: [Element]
    /// The position of each element by its id.
    private var positions: [Element.ID: Int]

    /// An empty collection.
    ///
    /// The usual start of a list that fills as the app runs; `[]` says the same.
    public init() {
        elements = []
        positions = [:]
    }

    /// A collection of the given elements, in order, each id once.
    ///
    /// Use it to build a list from rows whose ids are unique, as TCA's `init(uniqueElements:)`.
    /// Where two elements share an id, the first is kept and the later ones are left out.
    ///
    /// ```swift
    /// let todos = IdentifiedArray(uniqueElements: loaded)
    /// ```
    public init(uniqueElements: some Sequence<Element>) {
        self.init()
        append(contentsOf: uniqueElements)
    }

    /// A collection of the given elements, in order, each id once; where two share an id the
    /// first is kept and the later ones are left out.
    ///
    /// The same as ``init(uniqueElements:)``, for converting any sequence of rows.
    public init(_ elements: some Sequence<Element>) {
        self.init(uniqueElements: elements)
    }

    /// A collection of the given elements, where elements that share an id are combined into
    /// one, at the first one's position.
    ///
    /// Use it to merge rows from sources that may repeat an id, as TCA's
    /// `init(_:id:uniquingIDsWith:)`; `combine` receives the element kept so far and the next
    /// one with its id, and returns the one to keep, stored as a write through its position is.
    ///
    /// ```swift
    /// let latest = IdentifiedArray(edits) { _, newer in newer }
    /// ```
    public init(
        _ elements: some Sequence<Element>, uniquingIDsWith combine: (Element, Element) throws -> Element
    ) rethrows {
        self.init()
        for element in elements {
            if let position = positions[element.id] {
                self[position] = try combine(self.elements[position], element)
            } else {
                positions[element.id] = self.elements.count
                self.elements.append(element)
            }
        }
    }

    /// The ids of the elements, in order.
    ///
    /// Read it to compare a list's order or to send every row an action; to ask whether an id
    /// is present, ``index(id:)`` answers in constant time.
    public var ids: [Element.ID] { elements.map(\.id) }

    /// The position of the element with the given id, or `nil` when there is none.
    ///
    /// Constant time: a dictionary lookup, checked against the element it names.
    public func index(id: Element.ID) -> Int? {
        guard let position = positions[id] else { return nil }
        if position < elements.count, elements[position].id == id { return position }
        // The entry is stale: an element's id was changed in place (see the type's discussion).
        return elements.firstIndex { $0.id == id }
    }

    /// The element with the given id: reading it returns `nil` when there is none; setting it
    /// replaces that element in place, appends a new one, or, set to `nil`, removes it.
    ///
    /// The way a model reaches one of its rows in `update(action:)`. Setting a value under an
    /// id stores it as a write through that element's position would, or, when no element has
    /// the id, as ``append(_:)`` would.
    ///
    /// ```swift
    /// todos[id: toggle.id]?.isDone.toggle()
    /// todos[id: 9] = Todo(id: 9, title: "Bread")   // appended
    /// todos[id: 9] = nil                          // removed
    /// ```
    public subscript(id id: Element.ID) -> Element? {
        get { index(id: id).map { elements[$0] } }
        set {
            guard let newValue else {
                remove(id: id)
                return
            }
            if let position = mutatingIndex(id: id) {
                self[position] = newValue
            } else {
                append(newValue)
            }
        }
    }

    /// Replaces the element with the new one's id, or appends the new one when no element has
    /// its id; returns the element it replaced.
    ///
    /// TCA's `updateOrAppend(_:)`: the way to file a row that may or may not be listed yet.
    @discardableResult
    public mutating func updateOrAppend(_ element: Element) -> Element? {
        if let position = mutatingIndex(id: element.id) {
            let original = elements[position]
            elements[position] = element
            return original
        }
        append(element)
        return nil
    }

    /// Adds an element at the end, unless an element already has its id; returns whether it
    /// was added and the position of the element with its id.
    ///
    /// As TCA's `append(_:)`: a row whose id is listed is not added again, and the listed one is
    /// left as it is (``updateOrAppend(_:)`` replaces it instead).
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        if let position = mutatingIndex(id: element.id) { return (false, position) }
        positions[element.id] = elements.count
        elements.append(element)
        return (true, elements.count - 1)
    }

    /// Adds each element at the end whose id is not yet present, in order.
    ///
    /// For appending a page of rows: those already listed are left as they are.
    public mutating func append(contentsOf newElements: some Sequence<Element>) {
        for element in newElements { append(element) }
    }

    /// Inserts an element at a position, unless an element already has its id; returns whether
    /// it was inserted and the position of the element with its id.
    ///
    /// As TCA's `insert(_:at:)`. A position past either end inserts at that end: `0` for a
    /// negative one, `count` for one past the end.
    @discardableResult
    public mutating func insert(_ element: Element, at position: Int) -> (inserted: Bool, index: Int) {
        if let existing = mutatingIndex(id: element.id) { return (false, existing) }
        let position = Swift.min(Swift.max(position, 0), elements.count)
        elements.insert(element, at: position)
        reindex(from: position)
        return (true, position)
    }

    /// Removes the element with the given id and returns it, or returns `nil` when there is
    /// none.
    ///
    /// The way a model deletes one of its rows by the id an action carries.
    @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        guard let position = mutatingIndex(id: id) else { return nil }
        return remove(at: position)
    }

    /// Removes the element at a position and returns it, or returns `nil` when the position is
    /// outside `indices`.
    ///
    /// For a row chosen by its place, such as the first; the elements after it move up one.
    @discardableResult
    public mutating func remove(at position: Int) -> Element? {
        guard position >= 0, position < elements.count else { return nil }
        let removed = elements.remove(at: position)
        if positions[removed.id] == position { positions[removed.id] = nil }
        reindex(from: position)
        return removed
    }

    /// Removes the elements at the given positions; positions outside `indices` are ignored.
    ///
    /// SwiftUI's `onDelete` hands a list's deleted rows over this way: pass its `IndexSet`
    /// (any sequence of `Int` does).
    ///
    /// ```swift
    /// todos.remove(atOffsets: [0, 2])
    /// ```
    public mutating func remove(atOffsets offsets: some Sequence<Int>) {
        var removing = [Bool](repeating: false, count: elements.count)
        for offset in offsets where offset >= 0 && offset < elements.count { removing[offset] = true }
        guard removing.contains(true) else { return }
        var kept: [Element] = []
        kept.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() where !removing[position] { kept.append(element) }
        elements = kept
        reindex()
    }

    /// Removes the elements that satisfy the predicate, keeping the others in order.
    ///
    /// For clearing the rows of one kind at once, such as the completed ones.
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        defer { reindex() }
        try elements.removeAll(where: shouldBeRemoved)
    }

    /// Removes every element.
    ///
    /// For emptying a list; `keepingCapacity` keeps the storage for rows that will follow.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        elements.removeAll(keepingCapacity: keepingCapacity)
        positions.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Moves the elements at the given positions to just before the element that was at
    /// `destination`, keeping their order, as SwiftUI's `move(fromOffsets:toOffset:)` does.
    ///
    /// SwiftUI's `onMove` hands a list's dragged rows over this way. Positions outside
    /// `indices` are ignored; a destination past either end moves the rows to that end.
    ///
    /// ```swift
    /// todos.move(fromOffsets: [0], toOffset: 3)   // the first row now comes after the third
    /// ```
    public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
        var moving = [Bool](repeating: false, count: elements.count)
        for offset in source where offset >= 0 && offset < elements.count { moving[offset] = true }
        let destination = Swift.min(Swift.max(destination, 0), elements.count)
        var before: [Element] = []
        var moved: [Element] = []
        var after: [Element] = []
        before.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            if moving[position] {
                moved.append(element)
            } else if position < destination {
                before.append(element)
            } else {
                after.append(element)
            }
        }
        guard !moved.isEmpty else { return }
        before.append(contentsOf: moved)
        before.append(contentsOf: after)
        elements = before
        reindex()
    }

    /// A collection of the elements that satisfy the predicate, in order.
    ///
    /// As TCA's `filter(_:)`, it keeps the type, so a filtered list can be stored back:
    /// `todos = todos.filter { !$0.isDone }`.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
        var filtered = Self()
        for element in elements where try isIncluded(element) {
            filtered.positions[element.id] = filtered.elements.count
            filtered.elements.append(element)
        }
        return filtered
    }

    /// The position of an id's element for a change, re-indexing first when its entry is
    /// stale (an element's id was changed in place).
    private mutating func mutatingIndex(id: Element.ID) -> Int? {
        guard let position = positions[id] else { return nil }
        if position < elements.count, elements[position].id == id { return position }
        reindex()
        return positions[id]
    }

    /// Files every element from `start` on under its position. From the start, the index is
    /// rebuilt whole, and where two elements share an id (one was changed in place) the first
    /// is found by id.
    private mutating func reindex(from start: Int = 0) {
        guard start > 0 else {
            positions.removeAll(keepingCapacity: true)
            for (position, element) in elements.enumerated() where positions[element.id] == nil {
                positions[element.id] = position
            }
            return
        }
        for position in start..<elements.count { positions[elements[position].id] = position }
    }
}

/// Another name for ``IdentifiedArray``, as TCA spells an identified array of a feature's state.
///
/// Ported code keeps its declarations: `var todos: IdentifiedArrayOf<Todo> = []`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element>

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
    /// A position is an offset from the start, as in an `Array`.
    public typealias Index = Int
    /// The positions of the elements, `0..<count`, as in an `Array`.
    public typealias Indices = Range<Int>

    /// The position of the first element: always 0.
    public var startIndex: Int { 0 }

    /// The position after the last element: the number of elements.
    public var endIndex: Int { elements.count }

    /// The element at a position: reading it returns the element, and writing it replaces the
    /// element there, keeping ids unique.
    ///
    /// A written element with the same id is stored in place. One with an id no other element
    /// has is stored and re-indexed under its new id. One with an id another element has is
    /// ignored, and the collection is left as it was: two rows never share an id. A write
    /// outside `indices` is ignored too; a read there stops the program, as an `Array`'s does.
    public subscript(position: Int) -> Element {
        get { elements[position] }
        set {
            guard position >= 0, position < elements.count else { return }
            let oldID = elements[position].id
            let newID = newValue.id
            if oldID == newID {
                elements[position] = newValue
                return
            }
            if let holder = mutatingIndex(id: newID), holder != position { return }
            elements[position] = newValue
            if positions[oldID] == position { positions[oldID] = nil }
            positions[newID] = position
        }
    }

    /// Exchanges the elements at two positions, keeping each filed under its id; positions
    /// outside `indices` leave the collection as it was.
    ///
    /// The standard library's `reverse()` and `shuffle()` move elements this way.
    public mutating func swapAt(_ first: Int, _ second: Int) {
        guard first != second, first >= 0, second >= 0, first < elements.count, second < elements.count else {
            return
        }
        elements.swapAt(first, second)
        positions[elements[first].id] = first
        positions[elements[second].id] = second
    }

    /// Calls the body with the elements' storage, then re-indexes them.
    ///
    /// The standard library's `sort(by:)` and `partition(by:)` reorder elements this way, in
    /// place. Where the body leaves two elements with one id, both are kept and the first is
    /// the one found by id.
    public mutating func withContiguousMutableStorageIfAvailable<R>(
        _ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R
    ) rethrows -> R? {
        defer { reindex() }
        return try elements.withUnsafeMutableBufferPointer(body)
    }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
    /// A collection of the listed elements, each id once: where two share an id, the first is
    /// kept.
    ///
    /// Lets a list be declared as an array is: `var todos: IdentifiedArrayOf<Todo> = [milk]`.
    public init(arrayLiteral elements: Element...) {
        self.init(uniqueElements: elements)
    }
}

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether two collections hold equal elements in the same order.
    ///
    /// Compares what tests compare in an array; the index, which follows from the elements,
    /// is not compared.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.elements == rhs.elements
    }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Hashes the elements in order, as an array of them would be hashed.
    ///
    /// Lets a state holding rows be a dictionary key or a set member.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements)
    }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as a plain array, the same bytes as `[Element]` encodes to.
    ///
    /// Saved models and recorded logs stay readable by code that expects an array.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(elements)
    }
}

extension IdentifiedArray: Decodable where Element: Decodable {
    /// Decodes a plain array of elements; throws `DecodingError.dataCorrupted` when two of them
    /// share an id.
    ///
    /// Reads what ``encode(to:)`` and `[Element]` write, as TCA's does, refusing a list that
    /// could not have been one of these.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let decoded = try container.decode([Element].self)
        self.init()
        for (offset, element) in decoded.enumerated() {
            guard append(element).inserted else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Duplicate element at offset \(offset): its id is already present")
            }
        }
    }
}

extension IdentifiedArray: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The elements as an array prints them: `[Todo(id: 1, title: "Milk")]`.
    ///
    /// So that printing a state shows its rows, not the index kept beside them.
    public var description: String { elements.description }

    /// The elements as an array prints them for debugging, named by the type:
    /// `IdentifiedArray([...])`.
    ///
    /// Tells an identified collection from an array in a debugger.
    public var debugDescription: String { "IdentifiedArray(" + elements.debugDescription + ")" }

    /// A mirror that shows the elements as a collection.
    ///
    /// `dump`, debuggers and the package's diffs show the rows, compared by id, as an array's.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
    }
}

extension IdentifiedArray: ReadsAsItsElements {
    var storedFieldsMirror: Mirror {
        Mirror(self, children: ["elements": elements, "positions": positions], displayStyle: .struct)
    }
}
