/// An `IOEffect` that can combine effects: run them in parallel (`merge`) or one after another
/// (`concat`), nested as deeply as needed.
///
/// Without macros, the feature author writes two cases by hand in place of
/// `@ComposableEffect`; the cases themselves satisfy the protocol, and the store's runtime
/// recognises them:
///
/// ```swift
/// enum IOEffect: ComposableIOEffect {
///     case fetch(Int)
///     case log(String)
///     case merge([IOEffect])    // written by hand in place of @ComposableEffect
///     case concat([IOEffect])
/// }
///
/// static func reduceInput(_ state: State, _ input: Input) -> Transition {
///     switch input {
///     case .buttonTapped: run(.merge(.fetch(1), .log("fetching")))        // in parallel
///     case .anotherButtonTapped: run(.concat(.log("step 1"), .log("step 2")))  // in order
///     }
/// }
/// ```
///
/// `runIOEffect` is only ever called with the other cases.
public protocol ComposableIOEffect: Sendable {
    /// An effect that runs the effects in parallel, results arriving as they come.
    static func merge(_ effects: [Self]) -> Self
    /// An effect that runs the effects one after another, each to its end.
    static func concat(_ effects: [Self]) -> Self
}

extension ComposableIOEffect {
    /// Runs the effects in parallel.
    public static func merge(_ effects: Self...) -> Self { merge(effects) }

    /// Runs the effects one after another.
    public static func concat(_ effects: Self...) -> Self { concat(effects) }
}

/// How an effect is built: a plain effect, or a merge or concatenation of others.
enum EffectComposition<Effect> {
    case plain(Effect)
    case merge([Effect])
    case concat([Effect])

    /// Recognises the `merge` and `concat` cases of an effect enum by their names and payload.
    init(_ effect: Effect) {
        guard effect is any ComposableIOEffect, let child = Mirror(reflecting: effect).children.first,
            let parts = child.value as? [Effect]
        else {
            self = .plain(effect)
            return
        }
        switch child.label {
        case "merge": self = .merge(parts)
        case "concat": self = .concat(parts)
        default: self = .plain(effect)
        }
    }
}
