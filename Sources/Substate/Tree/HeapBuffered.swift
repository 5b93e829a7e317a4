/// A standard-library type that keeps its contents in one heap buffer, whose size the store
/// reads to decide how to track changes to a model holding it (see ``BufferField``).
protocol HeapBuffered {
    /// How many bytes the buffer of the value at the address holds.
    static var heapBytes: @Sendable (UnsafeRawPointer) -> Int { get }
}

extension Array: HeapBuffered {
    static var heapBytes: @Sendable (UnsafeRawPointer) -> Int {
        { $0.assumingMemoryBound(to: [Element].self).pointee.capacity * MemoryLayout<Element>.stride }
    }
}

extension ContiguousArray: HeapBuffered {
    static var heapBytes: @Sendable (UnsafeRawPointer) -> Int {
        { $0.assumingMemoryBound(to: ContiguousArray<Element>.self).pointee.capacity * MemoryLayout<Element>.stride }
    }
}

extension Dictionary: HeapBuffered {
    static var heapBytes: @Sendable (UnsafeRawPointer) -> Int {
        {
            $0.assumingMemoryBound(to: [Key: Value].self).pointee.capacity
                * (MemoryLayout<Key>.stride + MemoryLayout<Value>.stride)
        }
    }
}

extension String: HeapBuffered {
    static var heapBytes: @Sendable (UnsafeRawPointer) -> Int {
        { $0.assumingMemoryBound(to: String.self).pointee.utf8.count }
    }
}
