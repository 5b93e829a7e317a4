/// Writes values on one line, as ``ValueLiteral`` does, into a buffer it keeps from one line
/// to the next, so that a logger formatting every action allocates only the lines it hands out.
///
/// One writer belongs to one logger and is used from one thread at a time.
package final class LineWriter {
    // Used from one thread at a time, and never while a line is being written (plans write to
    // the buffer they are given): unchecked exclusivity keeps each line's cost to its text.
    @exclusivity(unchecked) private var text = TextBuffer()

    package init() {}

    /// The value on one line, followed by `suffix`.
    package func line(_ value: Any, suffix: String = "") -> String {
        text.removeAll()
        ValueFormatter.write(value, into: &text)
        if !suffix.isEmpty { text.append(string: suffix) }
        return text.string
    }
}
