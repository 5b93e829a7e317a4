/// What a command that takes only logs makes of its arguments: the logs to read, or the exit
/// code to end with at once, its help or a usage error printed.
struct LogPathArguments {
    /// The logs, in the order given; `nil` when the command ends at once with ``exitCode``.
    let paths: [String]?
    let exitCode: Int32

    /// Reads `arguments` as exactly `count` logs (`names` says which, when they are missing).
    init(_ arguments: [String], count: Int, names: String, command: String, console: Console) {
        do {
            let options = try CommandOptions(arguments)
            if options.wantsHelp {
                (paths, exitCode) = (nil, console.printHelp(command))
            } else {
                (paths, exitCode) = (try options.paths(count, names: names), 0)
            }
        } catch {
            (paths, exitCode) = (nil, console.usageError(error.message, command: command))
        }
    }
}
