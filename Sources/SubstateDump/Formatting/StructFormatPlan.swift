/// A struct or a tuple: its name, then its labelled fields in parentheses, each read at its
/// offset and written by its own plan.
final class StructFormatPlan: FormatPlan {
    /// One field: where its label is in ``bytes``, where its value is, and its plan.
    private struct Field {
        let label: Range<Int>
        let offset: Int
        // The plan is kept alive by `parts`; an unowned(unsafe) reference keeps writing a field
        // free of reference counting.
        unowned(unsafe) let plan: FormatPlan
    }

    /// The name, then each field's label with its `: `, as UTF-8. Held in buffers of the plan's
    /// own, which reading costs no reference counting.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let name: Range<Int>
    private let fields: UnsafeMutableBufferPointer<Field>
    /// Keeps the fields' plans alive.
    private let parts: [FormatPlan]

    /// - Parameters:
    ///   - name: What comes before the parentheses: the type's name, or nothing for a tuple.
    ///   - fields: Each field's label (empty for none), offset and plan.
    init(name: String, fields: [(label: String, offset: Int, plan: FormatPlan)]) {
        var bytes = Array(name.utf8)
        let name = 0..<bytes.count
        var laid: [Field] = []
        for field in fields {
            let start = bytes.count
            if !field.label.isEmpty { bytes += (field.label + ": ").utf8 }
            laid.append(Field(label: start..<bytes.count, offset: field.offset, plan: field.plan))
        }
        // Fact (owned allocation): the plan alone holds its bytes and fields, initialized here and freed once, in deinit.
        self.bytes = .allocate(capacity: bytes.count)
        _ = self.bytes.initialize(from: bytes)
        self.name = name
        self.fields = .allocate(capacity: laid.count)
        _ = self.fields.initialize(from: laid)
        parts = fields.map(\.plan)
        super.init(nests: true)
    }

    deinit {
        bytes.deallocate()
        fields.deallocate()
    }

    override func write(_ value: UnsafeRawPointer, into text: inout TextBuffer) {
        text.append(UnsafeBufferPointer(rebasing: bytes[name]))
        text.append(UInt8(ascii: "("))
        for index in fields.indices {
            if index > 0 {
                text.append(UInt8(ascii: ","))
                text.append(UInt8(ascii: " "))
            }
            let field = fields[index]
            text.append(UnsafeBufferPointer(rebasing: bytes[field.label]))
            // Values nest as deep as trees do: each level makes sure of its stack, except values
            // that cannot nest.
            FormatPlan.write(value + field.offset, with: field.plan, into: &text)
        }
        text.append(UInt8(ascii: ")"))
    }
}

/// A field that may hold a weak or unowned reference, read through its key path (which reads
/// such references as they must be read) rather than at its offset.
final class KeyPathFieldFormatPlan<Root, Value>: FormatPlan {
    private let path: KeyPath<Root, Value>
    private let value: FormatPlan

    init(_ path: KeyPath<Root, Value>, value: FormatPlan) {
        self.path = path
        self.value = value
        super.init(nests: value.nests)
    }

    override func write(_ root: UnsafeRawPointer, into text: inout TextBuffer) {
        // Fact (typed address): this plan was built for the value's type, so a value of it is at this address.
        withUnsafePointer(to: root.assumingMemoryBound(to: Root.self).pointee[keyPath: path]) {
            value.write(UnsafeRawPointer($0), into: &text)
        }
    }
}
