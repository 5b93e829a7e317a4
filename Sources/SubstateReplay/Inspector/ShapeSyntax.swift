/// A type's shape as a log records it (see `typeShape`), read back into its parts, so that
/// readers of a log without the app's types know what its values hold.
///
/// `Settings(strategy: Strategy(manual | debounced(Duration)), steps: Array<Duration>)` reads as
/// a structure with two fields, the first an enumeration of two cases. What the shape's grammar
/// does not cover (a function's type, text from a damaged or hand-written log) reads as
/// ``opaque``: nothing is known of its values, and nothing in them is shown differently.
indirect enum ShapeSyntax: Equatable {
    /// A type known by its name, with its generic arguments' shapes: the toolchain's own types
    /// (`Int`, `Duration`, `Optional<Duration>`), classes, and a type met again inside itself.
    case named(String, arguments: [ShapeSyntax])
    /// A struct and its stored fields.
    case structure(String, fields: [Field])
    /// An enum and its cases, each with its payload's shape when it has one.
    case enumeration(String, cases: [Case])
    /// A tuple (an enum case's payload of several values, or of one labelled value): its
    /// elements, labelled by name or, unlabelled, by position (`0`, `1`...).
    case tuple([Field])
    /// A type the shape does not describe in a way that can be read.
    case opaque

    struct Field: Equatable {
        let label: String
        let type: ShapeSyntax
    }

    struct Case: Equatable {
        let name: String
        let payload: ShapeSyntax?
    }

    /// Nesting deeper than this reads as ``opaque``: a shape from a log is data from elsewhere,
    /// and reading it must not exhaust the stack.
    static let depthLimit = 256

    /// The shape read from its text; ``opaque`` when the text is not a shape.
    init(parsing text: String) {
        var parser = ShapeParser(bytes: Array(text.utf8))
        let syntax = parser.type(depth: 0)
        parser.skipSpaces()
        self = parser.failed || parser.index != parser.bytes.count ? .opaque : syntax
    }

    /// The shape's own name and its description, and those of every type described inside it,
    /// outermost first.
    var describedTypes: [(name: String, syntax: ShapeSyntax)] {
        var found: [(String, ShapeSyntax)] = []
        var pending = [self]
        while let syntax = pending.popLast() {
            switch syntax {
            case .named(_, let arguments): pending += arguments.reversed()
            case .structure(let name, let fields):
                found.append((name, syntax))
                pending += fields.map(\.type).reversed()
            case .enumeration(let name, let cases):
                found.append((name, syntax))
                pending += cases.compactMap(\.payload).reversed()
            case .tuple(let fields): pending += fields.map(\.type).reversed()
            case .opaque: break
            }
        }
        return found
    }
}

/// Reads a shape's text in one pass, byte by byte; sets ``failed`` on text that is not a shape.
private struct ShapeParser {
    let bytes: [UInt8]
    var index = 0
    var failed = false

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpaces() {
        while next == UInt8(ascii: " ") { index += 1 }
    }

    private mutating func fail() -> ShapeSyntax {
        failed = true
        index = bytes.count
        return .opaque
    }

    /// Consumes `byte` after any spaces, or fails.
    private mutating func expect(_ byte: UInt8) {
        skipSpaces()
        if next == byte { index += 1 } else { _ = fail() }
    }

    /// One type: a tuple, or a name with its generic arguments and, for a struct or an enum,
    /// its description; a function's type reads as opaque.
    mutating func type(depth: Int) -> ShapeSyntax {
        guard depth < ShapeSyntax.depthLimit, !failed else { return fail() }
        skipSpaces()
        if next == UInt8(ascii: "(") {
            index += 1
            let elements = fields(until: UInt8(ascii: ")"), depth: depth)
            return functionTail(depth: depth) ? .opaque : .tuple(elements)
        }
        let start = index
        while let byte = next, !Self.delimiters.contains(byte) { index += 1 }
        var arguments: [ShapeSyntax] = []
        if next == UInt8(ascii: "<") {
            index += 1
            while !failed {
                arguments.append(type(depth: depth + 1))
                guard comma() else { break }
            }
            expect(UInt8(ascii: ">"))
        }
        let name = String(decoding: bytes[start..<index], as: UTF8.self).trimmed
        guard !failed, !name.isEmpty || next == UInt8(ascii: "(") else { return fail() }
        skipSpaces()
        guard next == UInt8(ascii: "(") else { return .named(name, arguments: arguments) }
        index += 1
        let described = body(of: name, depth: depth)
        return functionTail(depth: depth) ? .opaque : described
    }

    /// A struct's fields or an enum's cases, after the opening parenthesis: fields are
    /// `label: Type` separated by commas, cases `name` or `name(Payload)` separated by bars.
    private mutating func body(of name: String, depth: Int) -> ShapeSyntax {
        skipSpaces()
        if next == UInt8(ascii: ")") {
            index += 1
            return .structure(name, fields: [])
        }
        let start = index
        while let byte = next, !Self.delimiters.contains(byte), byte != UInt8(ascii: ":") { index += 1 }
        let isStructure = next == UInt8(ascii: ":")
        index = start
        if isStructure { return .structure(name, fields: fields(until: UInt8(ascii: ")"), depth: depth)) }
        var cases: [ShapeSyntax.Case] = []
        while !failed {
            skipSpaces()
            let caseStart = index
            while let byte = next, !Self.delimiters.contains(byte) { index += 1 }
            let caseName = String(decoding: bytes[caseStart..<index], as: UTF8.self).trimmed
            guard !caseName.isEmpty else { return fail() }
            var payload: ShapeSyntax?
            if next == UInt8(ascii: "(") {
                index += 1
                payload = type(depth: depth + 1)
                expect(UInt8(ascii: ")"))
            }
            cases.append(ShapeSyntax.Case(name: caseName, payload: payload))
            skipSpaces()
            guard next == UInt8(ascii: "|") else { break }
            index += 1
        }
        expect(UInt8(ascii: ")"))
        return failed ? .opaque : .enumeration(name, cases: cases)
    }

    /// `label: Type` elements separated by commas, up to and including `close`; an element
    /// without a label (a function's parameter) is labelled with the empty string.
    private mutating func fields(until close: UInt8, depth: Int) -> [ShapeSyntax.Field] {
        var fields: [ShapeSyntax.Field] = []
        skipSpaces()
        if next == close {
            index += 1
            return fields
        }
        while !failed {
            skipSpaces()
            let start = index
            while let byte = next, !Self.delimiters.contains(byte), byte != UInt8(ascii: ":") { index += 1 }
            var label = ""
            if next == UInt8(ascii: ":") {
                label = String(decoding: bytes[start..<index], as: UTF8.self).trimmed
                index += 1
            } else {
                index = start
            }
            fields.append(ShapeSyntax.Field(label: label, type: type(depth: depth + 1)))
            guard comma() else { break }
        }
        expect(close)
        return fields
    }

    /// Consumes a comma after any spaces; `false` when something else follows.
    private mutating func comma() -> Bool {
        skipSpaces()
        guard !failed, next == UInt8(ascii: ",") else { return false }
        index += 1
        return true
    }

    /// Whether what follows a parenthesised group makes it a function's parameters: effects
    /// (`async`, `throws(E)`), then `->` and the result's type, all consumed.
    private mutating func functionTail(depth: Int) -> Bool {
        let start = index
        skipSpaces()
        while let byte = next, Self.isLetter(byte) {
            while let letter = next, Self.isLetter(letter) { index += 1 }
            if next == UInt8(ascii: "(") {
                index += 1
                _ = type(depth: depth + 1)
                expect(UInt8(ascii: ")"))
            }
            skipSpaces()
        }
        guard next == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
            index = start
            return false
        }
        index += 2
        _ = type(depth: depth + 1)
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// The bytes that end a name: `(`, `)`, `<`, `>`, `,` and `|`; a `-` starts `->`.
    private static let delimiters: Set<UInt8> = Set("()<>,|".utf8).union([UInt8(ascii: "-")])
}

extension String {
    fileprivate var trimmed: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
