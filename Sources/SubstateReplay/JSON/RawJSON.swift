import Foundation
import Substate

/// A JSON document from a log, checked once, whose values are kept as the bytes they were
/// written as.
///
/// Nothing read from a log is re-serialised: an initial state, a snapshot or a model carried by
/// a store-level action reaches its decoder, or the comparison with the replayed state, byte for
/// byte as the recorder wrote it, so a leading U+FEFF in a string, a `-0.0` or the precision of
/// a number survive. A document that is not valid UTF-8, not valid JSON, or an object that names
/// a member twice is refused.
package struct RawJSON {
    package let bytes: [UInt8]
    private let reader: LogDecoder

    /// Checks the bytes; the error says what is wrong and where, for the caller to place.
    package init(bytes: [UInt8]) throws(RawJSONError) {
        if let offset = UTF8Validation.firstInvalid(bytes) {
            throw RawJSONError(UTF8Validation.describe(bytes[offset]), offset: offset)
        }
        if case .failure(let failure) = JSONSyntax.check(bytes) {
            throw RawJSONError("not valid JSON: " + failure.reason, offset: failure.offset)
        }
        self.bytes = bytes
        reader = LogDecoder(bytes: bytes, userInfo: [:])
    }

    /// Bytes known to be valid JSON, not checked again: written by this package's encoders (the
    /// session page diffs a state per action), or a payload a log reader checked with its line.
    package init(written bytes: [UInt8]) {
        self.bytes = bytes
        reader = LogDecoder(bytes: bytes, userInfo: [:])
    }

    /// Where the document's value starts.
    package var root: Int { skipSpace(0) }

    /// The members of the object at `index`, each key with its value's range; `nil` when the
    /// value there is not an object. A key that appears twice is an error.
    package func members(at index: Int) throws(RawJSONError) -> [String: Range<Int>]? {
        guard bytes[index] == UInt8(ascii: "{"), let members = try? reader.members(at: index, path: []) else {
            return nil
        }
        var result: [String: Range<Int>] = [:]
        for member in members {
            guard result.updateValue(member.value, forKey: member.key) == nil else {
                throw RawJSONError("the member \"\(member.key)\" appears twice", offset: member.value.lowerBound)
            }
        }
        return result
    }

    /// The ranges of the elements of the array at `index`; `nil` when it is not an array.
    package func elements(at index: Int) -> [Range<Int>]? {
        guard bytes[index] == UInt8(ascii: "[") else { return nil }
        return try? reader.elements(at: index, path: [])
    }

    /// Where the value at `index` ends.
    package func end(at index: Int) -> Int { reader.valueEnd(at: index) }

    /// The first index at or after `index` that is not JSON whitespace.
    func skipSpace(_ index: Int) -> Int { reader.skipSpace(index) }

    /// The string at a range, unescaped; `nil` when the value there is not a string.
    func string(_ range: Range<Int>) -> String? {
        guard bytes[range.lowerBound] == UInt8(ascii: "\"") else { return nil }
        return reader.readString(at: range.lowerBound).value
    }

    /// The integer at a range; `nil` when the value there is not one that fits an `Int`.
    func integer(_ range: Range<Int>) -> Int? {
        Int(String(decoding: bytes[range], as: UTF8.self))
    }

    /// The number at a range; `nil` when the value there is not a number.
    func number(_ range: Range<Int>) -> Double? {
        guard let first = bytes[range].first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first) else {
            return nil
        }
        return Double(String(decoding: bytes[range], as: UTF8.self))
    }

    /// The bytes of the value at a range, as written.
    package func data(_ range: Range<Int>) -> Data { Data(bytes[range]) }
}

/// What is wrong with a JSON document, as a phrase.
package struct RawJSONError: Error {
    package let reason: String
    /// The offset of the byte where the problem is, from the document's start, when it is known.
    package let offset: Int?
    init(_ reason: String, offset: Int? = nil) {
        self.reason = reason
        self.offset = offset
    }
}
