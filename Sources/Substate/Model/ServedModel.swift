/// A model that needs a middleware in the store's list to do its work: a StateMachine node needs
/// its feature's runner. The store checks it when the model enters the tree, and reports a
/// ``Diagnostic`` of kind ``Diagnostic/Kind/missingMiddleware`` when it is missing.
package protocol ServedModel: Model {
    /// A sentence saying what is missing from the list and what is lost, or `nil` when the
    /// middleware the model needs is there.
    static func missingMiddleware(in middleware: [any Middleware]) -> String?
}
