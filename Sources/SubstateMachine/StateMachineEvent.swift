/// An event of a state machine: an input from outside, or the result of one of its effects.
public enum StateMachineEvent<Input, IOResult> {
    case input(Input)
    case ioResult(IOResult)
}

extension StateMachineEvent: Sendable where Input: Sendable, IOResult: Sendable {}
extension StateMachineEvent: Equatable where Input: Equatable, IOResult: Equatable {}

/// A type that carries state machine events among cases of its own, such as an app's action
/// enum, so that state machine logic can be adopted gradually.
///
/// ```swift
/// enum Action: StateMachineEventConvertible {
///     case input(Input)
///     case ioResult(IOResult)
///     case onAppear
///
///     static func map(_ action: Self) -> StateMachineEvent<Input, IOResult>? {
///         switch action {
///         case .input(let input): .input(input)
///         case .ioResult(let result): .ioResult(result)
///         default: nil
///         }
///     }
/// }
/// ```
public protocol StateMachineEventConvertible {
    associatedtype Input
    associatedtype IOResult

    static func input(_: Input) -> Self
    static func ioResult(_: IOResult) -> Self
    static func map(_ action: Self) -> StateMachineEvent<Input, IOResult>?
}
