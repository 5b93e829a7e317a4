import Substate

/// A log line being written, with the containers open in it and the current coding path.
struct LogOutput {
    struct Frame {
        let id: Int
        let isObject: Bool
        var count = 0
    }

    var bytes: [UInt8] = []
    private var frames: [Frame] = []
    private var nextID = 0
    var path: [any CodingKey] = []
    /// Set when a container was misused, even if the value caught the error and went on.
    private(set) var failed = false

    init() {
        bytes.reserveCapacity(256)
    }

    mutating func reset() {
        frames.removeAll(keepingCapacity: true)
        path.removeAll(keepingCapacity: true)
        failed = false
    }

    mutating func fail() -> LogEncoder.Unsupported {
        failed = true
        return LogEncoder.Unsupported()
    }

    func codingPath(depth: Int) -> [any CodingKey] { Array(path.prefix(depth)) }

    /// Opens an object or array at the current value position and returns its id.
    mutating func open(object: Bool) -> Int {
        nextID += 1
        frames.append(Frame(id: nextID, isObject: object))
        bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return nextID
    }

    /// Finishes every container opened after `id`.
    mutating func close(after id: Int) {
        while let last = frames.last, last.id > id {
            bytes.append(last.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            frames.removeLast()
        }
    }

    /// Makes the container `id` the one being written (finishing those nested in it) and
    /// starts its next element; throws if it was finished already.
    mutating func beginElement(in id: Int) throws {
        close(after: id)
        guard let last = frames.last, last.id == id else { throw fail() }
        if last.count > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[frames.count - 1].count += 1
    }

    mutating func beginElement(in id: Int, key: String) throws {
        try beginElement(in: id)
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    func count(of id: Int) -> Int { frames.last { $0.id == id }?.count ?? 0 }

    var openID: Int { frames.last?.id ?? 0 }

    mutating func writeInteger<I: FixedWidthInteger>(_ value: I) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        while magnitude > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        }
        bytes[start...].reverse()
    }

    mutating func writeFloat<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: path, debugDescription: "\(value) is not valid JSON"))
        }
        bytes.append(contentsOf: value.description.utf8)
    }

    mutating func writeNull() { bytes.append(contentsOf: "null".utf8) }

    mutating func writeBool(_ value: Bool) { bytes.append(contentsOf: value ? "true".utf8 : "false".utf8) }

    /// Writes a quoted JSON string, escaping quotes, backslashes and control characters.
    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: "u00".utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
