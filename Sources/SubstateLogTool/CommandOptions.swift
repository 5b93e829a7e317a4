import SubstateReplay

/// The arguments of one command: its positional arguments and its options, checked against
/// what the command accepts.
struct CommandOptions {
    private(set) var positional: [String] = []
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    /// Whether `--help` or `-h` was given.
    private(set) var wantsHelp = false

    /// The problem with the arguments, as a message for ``Console/usageError(_:command:)``.
    struct Problem: Error {
        let message: String
    }

    /// Reads `arguments`, accepting the options in `valued` (which take a value) and `flags`.
    init(_ arguments: [String], valued: Set<String> = [], flags accepted: Set<String> = []) throws(Problem) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" {
                wantsHelp = true
            } else if valued.contains(argument) {
                guard index < arguments.count else { throw Problem(message: "\(argument) needs a value") }
                values[argument] = arguments[index]
                index += 1
            } else if accepted.contains(argument) {
                flags.insert(argument)
            } else if argument.hasPrefix("-"), argument.count > 1 {
                throw Problem(message: "unknown option \(argument)")
            } else {
                positional.append(argument)
            }
        }
    }

    /// The value of an option that must be a whole number, if given.
    func integer(_ option: String, atLeast minimum: Int = Int.min) throws(Problem) -> Int? {
        guard let text = values[option] else { return nil }
        guard let value = Int(text), value >= minimum else {
            throw Problem(
                message: minimum == Int.min
                    ? "\(option) needs a whole number, not \"\(text)\""
                    : "\(option) needs a whole number from \(minimum), not \"\(text)\"")
        }
        return value
    }

    /// The command's log: exactly `count` positional arguments.
    func paths(_ count: Int, names: String) throws(Problem) -> [String] {
        if positional.count < count { throw Problem(message: "missing \(names)") }
        if positional.count > count {
            throw Problem(message: "unexpected argument \"\(positional[count])\"")
        }
        return positional
    }
}
