/// An array type that keeps its elements in one heap buffer, whose size the store reads to
/// decide how to track changes to a model holding it (see ``BufferField``).
protocol HeapBuffered {
    /// The buffer's description, when its elements are plain values (no references): the
    /// buffers that images, samples and documents' bytes live in. Other arrays are not counted.
    static var plainBuffer: BufferField? { get }
}

extension Array: HeapBuffered {
    static var plainBuffer: BufferField? {
        _isPOD(Element.self) ? BufferField(offset: 0, stride: MemoryLayout<Element>.stride, contiguous: false) : nil
    }
}

extension ContiguousArray: HeapBuffered {
    static var plainBuffer: BufferField? {
        _isPOD(Element.self) ? BufferField(offset: 0, stride: MemoryLayout<Element>.stride, contiguous: true) : nil
    }
}
