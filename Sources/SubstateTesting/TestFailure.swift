import Testing
import XCTest

/// Where a test assertion was made, in the forms both test frameworks want: the test's own
/// file, line and column, which each assertion takes as default arguments from its caller.
struct TestLocation: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Reports a failed expectation to whichever framework runs the test: Swift Testing when a
/// `@Test` is running, XCTest otherwise.
func reportFailure(_ message: String, at location: TestLocation) {
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line),
                column: Int(location.column)))
    } else {
        XCTFail(message, file: location.filePath, line: location.line)
    }
}
