extension StateMachine {
    /// No change and no effect; useful for `switch` cases that do nothing.
    public static var undefined: Transition { (nil, nil) }

    /// No change and no effect; another name for ``undefined``.
    public static var identity: Transition { (nil, nil) }

    /// A new state, and no effect.
    public static func nextState(_ state: State) -> Transition { (state, nil) }

    /// An effect to run, and no change of state.
    public static func run(_ effect: IOEffect) -> Transition { (nil, effect) }

    /// A new state and an effect to run.
    public static func transition(_ state: State, _ effect: IOEffect) -> Transition { (state, effect) }

    /// Runs a closure right away (an escape hatch for logging and the like), with no change and
    /// no effect.
    public static func unsafe(_ action: () -> Void) -> Transition {
        action()
        return (nil, nil)
    }
}
