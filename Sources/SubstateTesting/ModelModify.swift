import Substate

extension Model {
    /// Changes the first model of a type found inside this one (or the one with the id), as the
    /// store finds models: through fields, optionals, enum payloads, arrays and dictionaries.
    ///
    /// For expected-state closures, where a screen sits deep in the tree or inside an enum case:
    /// the change is one line instead of a `switch` that takes the payload out and puts it back.
    /// When there is no such model, the test fails, naming the type and where it looked.
    ///
    /// ```swift
    /// await store.send(EditForm.SetTitle("Standup")) {
    ///     $0.modify(EditForm.self) { $0.title = "Standup" }   // inside .destination(.edit(...))
    /// }
    /// ```
    @MainActor
    public mutating func modify<M: Model>(
        _ type: M.Type, fileID: StaticString = #fileID, file filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ change: (inout M) -> Void
    ) {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        modify(type, where: { _ in true }, describing: "", at: location, change)
    }

    /// Changes the model of a type with the id found inside this one, as ``modify(_:fileID:file:line:column:_:)``
    /// does: one element of an array or dictionary of screens, by its `id`.
    ///
    /// ```swift
    /// $0.modify(Attendee.self, id: attendeeID) { $0.name = "Blob" }
    /// ```
    @MainActor
    public mutating func modify<M: Model & Identifiable>(
        _ type: M.Type, id: M.ID, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column, _ change: (inout M) -> Void
    ) {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        modify(type, where: { $0.id == id }, describing: " with id \(id)", at: location, change)
    }

    @MainActor
    private mutating func modify<M: Model>(
        _ type: M.Type, where matches: (M) -> Bool, describing: String, at location: TestLocation,
        _ change: (inout M) -> Void
    ) {
        let (count, changed) = modifyModel(M.self, in: &self, where: matches, change)
        guard !changed else { return }
        let name = typeName(M.self)
        let seen = count == 0 ? "none is" : "\(count) \(name) \(count == 1 ? "is" : "are")"
        reportFailure(
            "modify: no \(name)\(describing) in \(typeName(Self.self)), looked through its fields, optionals, enum payloads, arrays and dictionaries; \(seen) there.",
            at: location)
    }
}
