/// A stack of screens (a navigation path) that is itself a model: TCA's `StackState` with
/// `forEach`.
///
/// Each screen gets a ``StackElementID`` when it is pushed, which names it until it is popped,
/// so an action can be addressed to one screen when several of the same type are on the stack
/// (``ToElement``). Every other action reaches every screen, as everywhere in the tree, and a
/// screen that leaves the stack takes its effects with it.
///
/// ```swift
/// struct AppFeature: Model {
///     var path = ScreenStack<Detail>()
///     var list = ItemList()
///     mutating func update(action: Action) {
///         if let open = action as? ItemList.Open { path.push(Detail(item: open.item)) }
///     }
/// }
///
/// store.update(ScreenStack<Detail>.Push(Detail(item: 3)))        // or from a model, as above
/// store.update(ScreenStack<Detail>.ToElement(id: 0, Detail.Start()))  // that screen alone
/// store.update(ScreenStack<Detail>.PopFrom(id: 0))              // it and every screen above it
/// ```
///
/// A stack of several screen types holds an enum of them (`ScreenStack<Screen>` with
/// `enum Screen: Model { case detail(Detail), case editor(Editor) }`), as `StackState` holds
/// TCA's `Path.State`.
public struct ScreenStack<Screen: Model>: Model {
    /// One screen on the stack, with its id.
    public struct Element: Model, Identifiable, AddressableInstance {
        public let id: StackElementID
        public var screen: Screen

        /// Routed as the screen is: when the screen type routes, an element takes the actions
        /// that name its screen type (a ``ToElement`` does), and a ``ToElement`` goes down the
        /// path to its element alone, past the others.
        public static var routing: ActionRouting {
            Screen.routing.kind == .every ? .everyAction : .nestedActions
        }

        public mutating func update(action: Action) {
            guard let addressed = action as? any AddressedToElement, addressed.element == id else { return }
            // Delivered to this screen and the models inside it, children first, as the store
            // delivers every action: the screen's models received the envelope, not its content.
            addressed.deliver(to: &screen)
        }

        package var dismissal: any Action { PopFrom(id: id) }

        package func address(_ action: any Action) -> any Action {
            func addressed<A: Action>(_ action: A) -> any Action { ToElement(id: id, action) }
            return addressed(action)
        }
    }

    /// The screens, bottom first.
    public private(set) var elements: [Element] = []
    /// The id the next pushed screen gets.
    private var nextID = 0

    /// A stack holding the screens, bottom first, with ids 0, 1...
    public init(_ screens: [Screen] = []) {
        for screen in screens { push(screen) }
    }

    /// The screens, bottom first.
    public var screens: [Screen] { elements.map(\.screen) }
    /// The ids of the screens, bottom first.
    public var ids: [StackElementID] { elements.map(\.id) }
    /// Whether no screen is on the stack.
    public var isEmpty: Bool { elements.isEmpty }
    /// The number of screens on the stack.
    public var count: Int { elements.count }

    /// The screen with the id, while it is on the stack.
    ///
    /// Setting `nil` pops that screen and those above it. Setting a screen for an id the stack
    /// does not hold pushes it with that id, as TCA's `StackState` does: a test writes the screen
    /// a push made as `$0.path[id: 0] = Detail()`.
    public subscript(id id: StackElementID) -> Screen? {
        get { elements.first { $0.id == id }?.screen }
        set {
            guard let index = elements.firstIndex(where: { $0.id == id }) else {
                // An id the stack does not hold is pushed with that id, as TCA's
                // `$0.path[id: 0] = .detail(...)` writes the screen a push made.
                guard let newValue else { return }
                elements.append(Element(id: id, screen: newValue))
                nextID = Swift.max(nextID, id.rawValue + 1)
                return
            }
            if let newValue { elements[index].screen = newValue } else { elements.removeSubrange(index...) }
        }
    }

    /// Pushes a screen on top and returns its id.
    @discardableResult
    public mutating func push(_ screen: Screen) -> StackElementID {
        let id = StackElementID(rawValue: nextID)
        nextID += 1
        elements.append(Element(id: id, screen: screen))
        return id
    }

    /// Pops the top screen, if any.
    public mutating func pop() {
        if !elements.isEmpty { elements.removeLast() }
    }

    /// Pops the screen with the id and every screen above it; nothing when it is not on the stack.
    public mutating func pop(from id: StackElementID) {
        guard let index = elements.firstIndex(where: { $0.id == id }) else { return }
        elements.removeSubrange(index...)
    }

    /// Pops every screen above the one with the id.
    public mutating func pop(to id: StackElementID) {
        guard let index = elements.firstIndex(where: { $0.id == id }) else { return }
        elements.removeSubrange((index + 1)...)
    }

    /// Pushes a screen.
    public struct Push: Action {
        public let screen: Screen
        public init(_ screen: Screen) { self.screen = screen }
    }

    /// Pops the top screen.
    ///
    /// Sent when no stack of this screen type holds a screen, it is dropped with a
    /// `Diagnostic` of kind `undeliverableAction`.
    public struct Pop: Action, Codable, Equatable, DeliveryChecked {
        public init() {}

        @MainActor package func undeliverable(in store: Store) -> String? {
            let stacks = store.locatedModelsUntracked(ScreenStack.self)
            guard stacks.allSatisfy(\.model.isEmpty) else { return nil }
            return "no \(typeName(ScreenStack.self)) in the tree holds a screen to pop"
        }
    }

    /// Pops the screen with the id and every screen above it.
    ///
    /// Sent for a screen no longer on the stack (popped a moment before, as a late effect's
    /// action often is), it is dropped with a `Diagnostic` of kind `undeliverableAction`.
    public struct PopFrom: Action, Codable, Equatable, DeliveryChecked {
        public let id: StackElementID
        public init(id: StackElementID) { self.id = id }

        @MainActor package func undeliverable(in store: Store) -> String? {
            ScreenStack.element(id, in: store) == nil ? ScreenStack.missing(id) : nil
        }
    }

    /// An action for the screen with the id alone: its screen model and the models inside it
    /// receive ``action``; the other screens do not.
    ///
    /// Middleware sees the envelope; `EffectHandler` starts the effects declared for the
    /// wrapped action's type, bound to this screen. Sent for a screen no longer on the stack,
    /// it is dropped with a `Diagnostic` of kind `undeliverableAction`.
    public struct ToElement<Wrapped: Action>: Action, AddressedToElement, AddressedAction, DeliveryChecked {
        public let id: StackElementID
        public let action: Wrapped

        public init(id: StackElementID, _ action: Wrapped) {
            self.id = id
            self.action = action
        }

        var element: StackElementID { id }

        var isDismissal: Bool { action is any DismissRequest }

        func deliver<Target: Model>(to screen: inout Target) {
            walkOutsideStore(action, through: &screen)
        }

        package var addressedAction: any Action { action }

        package func readdressing(_ action: any Action) -> (any Action)? {
            (action as? Wrapped).map { ToElement(id: id, $0) }
        }

        @MainActor package func instance(in store: Store) -> ModelLocation? {
            ScreenStack.element(id, in: store)
        }

        @MainActor package func undeliverable(in store: Store) -> String? {
            ScreenStack.element(id, in: store) == nil ? ScreenStack.missing(id) : nil
        }
    }

    /// Where the element with the id is, on the first stack of this type that holds it.
    ///
    /// Where the store's id index saw it, if it is still there; else read in the stacks
    /// themselves, an integer comparison per screen: a push adds an id the index has never seen,
    /// and making the index's entry again would read every screen.
    @MainActor
    static func element(_ id: StackElementID, in store: Store) -> ModelLocation? {
        if let known = store.indexedLocation(of: Element.self, id: id) { return known }
        guard let elementsPart = elementsPart else { return store.location(of: Element.self, id: id) }
        for (location, stack) in store.locatedModelsUntracked(ScreenStack.self) {
            guard let index = stack.elements.firstIndex(where: { $0.id == id }) else { continue }
            let found = ModelLocation(
                box: location.box, steps: location.steps + [.part(elementsPart), .part(0), .element(index)])
            store.noteLocation(found, of: Element.self, id: id)
            return found
        }
        return nil
    }

    /// The index of the part of a stack's layout that holds its elements (the array, whose one
    /// part is its elements).
    private static var elementsPart: Int? {
        LayoutCache.layout(for: ScreenStack.self).parts.firstIndex { part in
            if case .field(let name, _) = part.access { return name == "elements" }
            return false
        }
    }

    static func missing(_ id: StackElementID) -> String {
        "no screen with id \(id) is on a \(typeName(ScreenStack.self)); it was popped, or never pushed"
    }

    public mutating func update(action: Action) {
        switch action {
        case let addressed as any AddressedToElement:
            // A screen's own effect asked to dismiss it: that screen goes, with those above it.
            if addressed.isDismissal { pop(from: addressed.element) }
        case let push as Push: self.push(push.screen)
        case is Pop: pop()
        case let pop as PopFrom: self.pop(from: pop.id)
        case let dismiss as any DismissRequest:
            // The topmost screen of the type, with the screens above it.
            if let index = elements.lastIndex(where: { dismiss.matches($0.screen) }) {
                elements.removeSubrange(index...)
            }
        default: break
        }
    }
}

/// An action addressed to one element of a stack.
protocol AddressedToElement {
    var element: StackElementID { get }
    /// Whether the action inside is a ``Dismiss``: the element asks to be dismissed.
    var isDismissal: Bool { get }
    /// Delivers the action inside to a screen and the models inside it.
    func deliver<Target: Model>(to screen: inout Target)
}

extension ScreenStack: ScreenHolder {
    func carriesOut(_ dismissal: any DismissRequest) -> Bool {
        elements.contains { dismissal.matches($0.screen) }
    }
}

extension ScreenStack: Equatable where Screen: Equatable {
    /// Two stacks are equal when they hold the same screens with the same ids: the id the next
    /// screen will get is not part of what a stack shows, so an emptied stack equals a new one.
    public static func == (lhs: ScreenStack, rhs: ScreenStack) -> Bool { lhs.elements == rhs.elements }
}
extension ScreenStack.Element: Equatable where Screen: Equatable {}
extension ScreenStack: Codable where Screen: Codable {}
extension ScreenStack.Element: Codable where Screen: Codable {}
extension ScreenStack.Push: Codable where Screen: Codable {}
extension ScreenStack.Push: Equatable where Screen: Equatable {}
extension ScreenStack.ToElement: PathDelivered {
    static var instanceLayout: TypeLayout { LayoutCache.layout(for: ScreenStack.Element.self) }
    var instanceKey: AnyHashable { AnyHashable(id) }
    @MainActor func instanceLocation(in store: Store) -> ModelLocation? { ScreenStack.element(id, in: store) }
}

extension ScreenStack.ToElement: Codable where Wrapped: Codable {}
extension ScreenStack.ToElement: Equatable where Wrapped: Equatable {}
