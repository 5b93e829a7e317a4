extension Model {
    /// Applies the action to this model if it is a ``BindingAction`` of the model's type, and
    /// returns it; `nil` for any other action.
    ///
    /// It is the one line a form's model needs for all its controls, as TCA's
    /// `BindingReducer()` is; the binding it returns tells which field changed.
    ///
    /// ```swift
    /// mutating func update(action: Action) {
    ///     if let set = applyBinding(action), set.changed(\.stepCount) {
    ///         sliderValue = min(sliderValue, Double(stepCount))
    ///     }
    /// }
    /// ```
    @discardableResult
    public mutating func applyBinding(_ action: any Action) -> BindingAction<Self>? {
        guard let binding = action as? BindingAction<Self> else { return nil }
        binding.apply(to: &self)
        return binding
    }
}
