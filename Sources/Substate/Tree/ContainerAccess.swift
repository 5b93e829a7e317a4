/// How the store reaches the elements of a container type that can hold models.
///
/// Each container (`Array`, `ContiguousArray`, `Optional`, `Dictionary`) builds these closures in a generic
/// context where its element type is known; the store calls them through raw pointers.
struct ContainerAccess: Sendable {
    enum Kind: Sendable { case array, contiguousArray, optional, dictionary }

    /// Which container this is; arrays and optionals of models get visitors specialised in
    /// the model's own module.
    let kind: Kind
    /// Wraps a visitor of one element into a visitor of the whole container, in place.
    let makeVisit: @Sendable (@escaping Visit) -> Visit
    /// Calls the body with the address of each element, for writing.
    let forEachMutable: @Sendable (UnsafeMutableRawPointer, (UnsafeMutableRawPointer) -> Void) -> Void
    /// Calls the body with the address of each element, for reading.
    let forEach: @Sendable (UnsafeRawPointer, (UnsafeRawPointer) -> Void) -> Void
    /// Calls the body with where each element sits (its index or key) and its address.
    let forEachLocated: @Sendable (UnsafeRawPointer, (ModelLocation.Step, UnsafeRawPointer) -> Void) -> Void
    /// Calls the body with the address of the element at a place, for reading, if there is one.
    let element: @Sendable (UnsafeRawPointer, ModelLocation.Step, (UnsafeRawPointer) -> Void) -> Void
    /// Calls the body with the address of the element at a place, for writing, if there is one.
    let elementMutable:
        @Sendable (UnsafeMutableRawPointer, ModelLocation.Step, (UnsafeMutableRawPointer) -> Void) -> Void
    /// Wraps a visitor of one element, told the element's position in the walk's order, into a
    /// visitor of the whole container; the tracked walk uses it to know where it is.
    let makeIndexedVisit: @Sendable (@escaping IndexedVisit) -> Visit
    /// Where the element at a position of the walk's order sits: its index, or its key.
    let step: @Sendable (UnsafeRawPointer, Int) -> ModelLocation.Step
    /// For an `Optional`: its value and a way to empty it, for dismissals (see ``OptionalAccess``).
    var optional: OptionalAccess? = nil
}

/// Reads and empties an `Optional` through its address: an optional field holding a screen is
/// a holder that a ``Dismiss`` of the screen sets to `nil`, as TCA's `@Presents` optional.
struct OptionalAccess: Sendable {
    /// The optional's value, `nil` when it holds none.
    let value: @Sendable (UnsafeRawPointer) -> Any?
    /// Sets the optional to `nil`.
    let clear: @Sendable (UnsafeMutableRawPointer) -> Void
}

/// A visitor of one element of a container, told its position in the container's walk order.
typealias IndexedVisit = @Sendable (UnsafeMutableRawPointer, any Action, Int) -> Void

// `Array` and `ContiguousArray` keep their elements in a buffer of their own, one stride apart,
// and are reached the same way: the functions below take the array's address and whether it is
// a `ContiguousArray`, and are inlined into the walker's closures, which are compiled generic
// over the element type alone, as closures written for either array type would be.

/// Calls the body with the elements of the array at the address, for writing. An empty array
/// is left alone: asking it for a mutable buffer allocates. (Its `count` is read, not
/// `isEmpty`: in generic code, `isEmpty` asks the runtime for the array's conformance.)
@inline(__always)
private func withMutableElements<Element>(
    _ pointer: UnsafeMutableRawPointer, _: Element.Type, contiguous: Bool,
    _ body: (UnsafeMutableBufferPointer<Element>) -> Void
) {
    // Fact (array storage): an array's own buffer holds its elements contiguously, one stride apart; the pointer is used only inside the closure.
    if contiguous {
        let array = pointer.assumingMemoryBound(to: ContiguousArray<Element>.self)
        if array.pointee.count != 0 { array.pointee.withUnsafeMutableBufferPointer { body($0) } }
    } else {
        let array = pointer.assumingMemoryBound(to: [Element].self)
        if array.pointee.count != 0 { array.pointee.withUnsafeMutableBufferPointer { body($0) } }
    }
}

/// Calls the body with the elements of the array at the address, for reading.
@inline(__always)
private func withElements<Element>(
    _ pointer: UnsafeRawPointer, _: Element.Type, contiguous: Bool, _ body: (UnsafeBufferPointer<Element>) -> Void
) {
    // Fact (array storage): an array's own buffer holds its elements contiguously, one stride apart; the pointer is used only inside the closure.
    if contiguous {
        pointer.assumingMemoryBound(to: ContiguousArray<Element>.self).pointee.withUnsafeBufferPointer { body($0) }
    } else {
        pointer.assumingMemoryBound(to: [Element].self).pointee.withUnsafeBufferPointer { body($0) }
    }
}

/// The array's own storage and its count, read in place: the buffer-pointer closure would make
/// the runtime look its generic types up on every read. No storage when the array does not
/// hold its elements itself (a bridged array).
@inline(__always)
private func storage<Element>(
    _ pointer: UnsafeRawPointer, _: Element.Type, contiguous: Bool
) -> (elements: UnsafeMutablePointer<Element>?, count: Int) {
    // Fact (array storage): an array's own buffer holds its elements contiguously, one stride apart; the storage is read only while the array is not changed.
    if contiguous {
        let array = pointer.assumingMemoryBound(to: ContiguousArray<Element>.self)
        return (array.pointee._baseAddressIfContiguous, array.pointee.count)
    }
    let array = pointer.assumingMemoryBound(to: [Element].self)
    return (array.pointee._baseAddressIfContiguous, array.pointee.count)
}

extension ContainerAccess {
    /// The access to the elements of an `Array`, or of a `ContiguousArray` when `contiguous`.
    fileprivate static func array<Element>(of _: Element.Type, contiguous: Bool) -> ContainerAccess {
        let stride = MemoryLayout<Element>.stride
        return ContainerAccess(
            kind: contiguous ? .contiguousArray : .array,
            makeVisit: { element in
                { pointer, action in
                    withMutableElements(pointer, Element.self, contiguous: contiguous) { buffer in
                        var address = UnsafeMutableRawPointer(buffer.baseAddress!)
                        for _ in 0..<buffer.count {
                            element(address, action)
                            address += stride
                        }
                    }
                }
            },
            forEachMutable: { pointer, body in
                withMutableElements(pointer, Element.self, contiguous: contiguous) { buffer in
                    for index in buffer.indices { body(UnsafeMutableRawPointer(buffer.baseAddress! + index)) }
                }
            },
            forEach: { pointer, body in
                withElements(pointer, Element.self, contiguous: contiguous) { buffer in
                    for index in buffer.indices { body(UnsafeRawPointer(buffer.baseAddress! + index)) }
                }
            },
            forEachLocated: { pointer, body in
                withElements(pointer, Element.self, contiguous: contiguous) { buffer in
                    for index in buffer.indices { body(.element(index), UnsafeRawPointer(buffer.baseAddress! + index)) }
                }
            },
            element: { pointer, step, body in
                let (elements, count) = storage(pointer, Element.self, contiguous: contiguous)
                guard case .element(let index) = step, index >= 0, index < count, let elements else { return }
                body(UnsafeRawPointer(elements + index))
            },
            elementMutable: { pointer, step, body in
                guard case .element(let index) = step, index >= 0,
                    index < storage(pointer, Element.self, contiguous: contiguous).count
                else { return }
                withMutableElements(pointer, Element.self, contiguous: contiguous) {
                    body(UnsafeMutableRawPointer($0.baseAddress! + index))
                }
            },
            makeIndexedVisit: { element in
                { pointer, action in
                    withMutableElements(pointer, Element.self, contiguous: contiguous) { buffer in
                        var address = UnsafeMutableRawPointer(buffer.baseAddress!)
                        for index in 0..<buffer.count {
                            element(address, action, index)
                            address += stride
                        }
                    }
                }
            },
            step: { _, index in .element(index) }
        )
    }
}

/// A standard-library type whose elements may be models.
protocol ModelContainer {
    /// The container's element type and the way to reach its elements.
    static func containerPart(_ builder: inout LayoutBuilder) -> Part
}

extension Array: ModelContainer {
    static func containerPart(_ builder: inout LayoutBuilder) -> Part {
        Part(access: .elements(.array(of: Element.self, contiguous: false)), child: builder.layout(Element.self))
    }
}

extension ContiguousArray: ModelContainer {
    static func containerPart(_ builder: inout LayoutBuilder) -> Part {
        Part(access: .elements(.array(of: Element.self, contiguous: true)), child: builder.layout(Element.self))
    }
}

extension Optional: ModelContainer {
    // An optional's payload sits at the optional's own address, so the element visitor runs on
    // the same pointer once the optional is known to hold a value.
    static func containerPart(_ builder: inout LayoutBuilder) -> Part {
        // Fact (optional in place): an optional's payload sits at the optional's own address (`.some` is tag 0 of a single-payload enum).
        let access = ContainerAccess(
            kind: .optional,
            makeVisit: { element in
                { pointer, action in
                    if pointer.assumingMemoryBound(to: Wrapped?.self).pointee != nil { element(pointer, action) }
                }
            },
            forEachMutable: { pointer, body in
                if pointer.assumingMemoryBound(to: Wrapped?.self).pointee != nil { body(pointer) }
            },
            forEach: { pointer, body in
                if pointer.assumingMemoryBound(to: Wrapped?.self).pointee != nil { body(pointer) }
            },
            forEachLocated: { pointer, body in
                if pointer.assumingMemoryBound(to: Wrapped?.self).pointee != nil { body(.element(0), pointer) }
            },
            element: { pointer, step, body in
                guard step == .element(0), pointer.assumingMemoryBound(to: Wrapped?.self).pointee != nil else { return }
                body(pointer)
            },
            elementMutable: { pointer, step, body in
                guard step == .element(0), pointer.assumingMemoryBound(to: Wrapped?.self).pointee != nil else { return }
                body(pointer)
            },
            makeIndexedVisit: { element in
                { pointer, action in
                    if pointer.assumingMemoryBound(to: Wrapped?.self).pointee != nil { element(pointer, action, 0) }
                }
            },
            step: { _, _ in .element(0) },
            // Fact (typed address): the optional's layout led here, so an `Optional<Wrapped>` is there.
            optional: OptionalAccess(
                value: { pointer in pointer.assumingMemoryBound(to: Wrapped?.self).pointee.map { $0 as Any } },
                clear: { pointer in pointer.assumingMemoryBound(to: Wrapped?.self).pointee = nil })
        )
        return Part(access: .elements(access), child: builder.layout(Wrapped.self))
    }
}

extension Dictionary: ModelContainer {
    // Values are visited in the dictionary's own order, which is not stable between runs; models
    // only change themselves, so the order of siblings never changes the resulting state.
    static func containerPart(_ builder: inout LayoutBuilder) -> Part {
        // Reached through an existential so that the closures below do not capture `Key`'s
        // metatype, which Swift cannot prove `Sendable` here.
        let values: any ValueWalker = DictionaryValues<Key, Value>()
        let access = ContainerAccess(
            kind: .dictionary,
            makeVisit: { element in
                { pointer, action in values.forEachMutable(pointer) { element($0, action) } }
            },
            forEachMutable: { values.forEachMutable($0, $1) },
            forEach: { values.forEach($0, $1) },
            forEachLocated: { values.forEachLocated($0, $1) },
            element: { values.element($0, $1, $2) },
            elementMutable: { values.elementMutable($0, $1, $2) },
            makeIndexedVisit: { element in
                { pointer, action in
                    var index = 0
                    values.forEachMutable(pointer) { value in
                        element(value, action, index)
                        index += 1
                    }
                }
            },
            step: { values.step($0, $1) }
        )
        return Part(access: .elements(access), child: builder.layout(Value.self))
    }
}

/// Reaches the values of a container in place.
protocol ValueWalker: Sendable {
    func forEachMutable(_ pointer: UnsafeMutableRawPointer, _ body: (UnsafeMutableRawPointer) -> Void)
    func forEach(_ pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void)
    func forEachLocated(_ pointer: UnsafeRawPointer, _ body: (ModelLocation.Step, UnsafeRawPointer) -> Void)
    func elementMutable(
        _ pointer: UnsafeMutableRawPointer, _ step: ModelLocation.Step, _ body: (UnsafeMutableRawPointer) -> Void)
    func element(_ pointer: UnsafeRawPointer, _ step: ModelLocation.Step, _ body: (UnsafeRawPointer) -> Void)
    /// Where the value at a position of the walk order sits.
    func step(_ pointer: UnsafeRawPointer, _ position: Int) -> ModelLocation.Step
}

/// Reaches the values of a dictionary in place.
struct DictionaryValues<Key: Hashable, Value>: ValueWalker {
    func forEachMutable(_ pointer: UnsafeMutableRawPointer, _ body: (UnsafeMutableRawPointer) -> Void) {
        // Fact (dictionary values in place): a value reached through the dictionary's own subscript is written in place; the pointer is used only inside the closure.
        let dictionary = pointer.assumingMemoryBound(to: [Key: Value].self)
        if dictionary.pointee.isEmpty { return }
        var index = dictionary.pointee.values.startIndex
        while index != dictionary.pointee.values.endIndex {
            withUnsafeMutablePointer(to: &dictionary.pointee.values[index]) { body(UnsafeMutableRawPointer($0)) }
            dictionary.pointee.values.formIndex(after: &index)
        }
    }

    func forEach(_ pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void) {
        // Fact (typed address): the dictionary's layout led here; each value is read from a copy, used only inside the closure.
        for value in pointer.assumingMemoryBound(to: [Key: Value].self).pointee.values {
            withUnsafePointer(to: value) { body(UnsafeRawPointer($0)) }
        }
    }

    func forEachLocated(_ pointer: UnsafeRawPointer, _ body: (ModelLocation.Step, UnsafeRawPointer) -> Void) {
        // Fact (typed address): the dictionary's layout led here; each value is read from a copy, used only inside the closure.
        for (key, value) in pointer.assumingMemoryBound(to: [Key: Value].self).pointee {
            let step = ModelLocation.Step.key(ModelLocation.Key(value: AnyHashable(key)))
            withUnsafePointer(to: value) { body(step, UnsafeRawPointer($0)) }
        }
    }

    func elementMutable(
        _ pointer: UnsafeMutableRawPointer, _ step: ModelLocation.Step, _ body: (UnsafeMutableRawPointer) -> Void
    ) {
        guard case .key(let located) = step, let key = Self.key(located) else { return }
        // Fact (dictionary values in place): a value reached through the dictionary's own subscript is written in place; the pointer is used only inside the closure.
        let dictionary = pointer.assumingMemoryBound(to: [Key: Value].self)
        guard dictionary.pointee[key] != nil else { return }
        withUnsafeMutablePointer(to: &dictionary.pointee[key]!) { body(UnsafeMutableRawPointer($0)) }
    }

    func element(_ pointer: UnsafeRawPointer, _ step: ModelLocation.Step, _ body: (UnsafeRawPointer) -> Void) {
        // Fact (typed address): the dictionary's layout led here; the value is read from a copy, used only inside the closure.
        guard case .key(let located) = step, let key = Self.key(located),
            let value = pointer.assumingMemoryBound(to: [Key: Value].self).pointee[key]
        else { return }
        withUnsafePointer(to: value) { body(UnsafeRawPointer($0)) }
    }

    func step(_ pointer: UnsafeRawPointer, _ position: Int) -> ModelLocation.Step {
        // Fact (typed address): the dictionary's layout led here.
        let dictionary = pointer.assumingMemoryBound(to: [Key: Value].self)
        let index = dictionary.pointee.index(dictionary.pointee.startIndex, offsetBy: position)
        return .key(ModelLocation.Key(value: AnyHashable(dictionary.pointee[index].key)))
    }

    /// The key itself, or decoded from the JSON a log recorded it as.
    private static func key(_ located: ModelLocation.Key) -> Key? {
        if let key = located.value?.base as? Key { return key }
        guard let decodable = Key.self as? any Decodable.Type else { return nil }
        return located.decode?(decodable) as? Key
    }
}
