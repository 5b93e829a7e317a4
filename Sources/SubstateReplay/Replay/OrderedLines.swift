/// The lines of a log as replay takes them: each check (digest, snapshot, model) moved after
/// the action with its sequence number, everything else in its order, read as the log is read.
///
/// Recorders sharing a sink may write a check before the action it follows reaches the log;
/// holding checks until their action has passed lets replay compare the right state. Only the
/// checks waiting for their action are held, so memory stays small however long the log.
struct OrderedLines {
    private let source: () throws -> ActionLog.Line?
    private var ready: [ActionLog.Line] = []
    private var readyIndex = 0
    private var held: [ActionLog.Line] = []
    private var lastAction = 0
    private var sourceDone = false
    private var lookahead: ActionLog.Line??

    init(source: @escaping () throws -> ActionLog.Line?) {
        self.source = source
    }

    /// The next line in replay order, or `nil` at the end.
    mutating func next() throws -> ActionLog.Line? {
        if let line = lookahead {
            lookahead = nil
            return line
        }
        return try produce()
    }

    /// The line ``next()`` will return, without taking it.
    mutating func peek() throws -> ActionLog.Line? {
        if let line = lookahead { return line }
        let line = try produce()
        lookahead = .some(line)
        return line
    }

    private mutating func produce() throws -> ActionLog.Line? {
        while readyIndex == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
            if sourceDone {
                guard !held.isEmpty else { return nil }
                swap(&ready, &held)
                break
            }
            guard let line = try source() else {
                sourceDone = true
                continue
            }
            if case .action(let entry) = line {
                ready.append(line)
                lastAction = entry.sequence
                if !held.isEmpty {
                    ready += held.filter { Self.sequence(of: $0) <= lastAction }
                    held.removeAll { Self.sequence(of: $0) <= lastAction }
                }
            } else if Self.sequence(of: line) > lastAction {
                held.append(line)
            } else {
                ready.append(line)
            }
        }
        defer { readyIndex += 1 }
        return ready[readyIndex]
    }

    private static func sequence(of line: ActionLog.Line) -> Int {
        switch line {
        case .action(let entry): entry.sequence
        case .digest(let sequence, _, _), .snapshot(let sequence, _, _), .model(let sequence, _, _, _, _): sequence
        }
    }
}
