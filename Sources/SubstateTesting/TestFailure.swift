import Testing
import XCTest

/// Where a test assertion failed, in the forms both test frameworks want.
public struct TestLocation: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt

    public init(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
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
                fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line),
                column: Int(location.column)))
    } else {
        XCTFail(message, file: location.filePath, line: location.line)
    }
}
