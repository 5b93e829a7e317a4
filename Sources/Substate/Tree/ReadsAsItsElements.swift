/// A collection of the package's that keeps its elements in one stored `Array` field and shows
/// itself as those elements (``IdentifiedArray``).
///
/// The store walks its stored fields like any struct's. A path through it names the element
/// and not the field (`Todos.todos[id: 3]`, not `Todos.todos.elements[id: 3]`), and since its
/// custom mirror shows elements rather than fields, the layout guard reads its stored fields
/// from ``storedFieldsMirror`` to reach the elements' own layouts.
protocol ReadsAsItsElements {
    /// The stored fields by name, in order, as `Mirror` would list them without the custom
    /// mirror.
    var storedFieldsMirror: Mirror { get }
}
