import Foundation
import Substate
import SubstateTestSupport
import XCTest

/// An interface with a test value and no live value, as TCA's `TestDependencyKey`.
struct Speaker: TestDependencyKey, Sendable {
    var name: String
    static let testValue = Speaker(name: "test speaker")
}

/// A key with both values, read through the generic `TestDependencyKey` path.
struct Greeter: DependencyKey, Sendable {
    var name: String
    static let liveValue = Greeter(name: "live greeter")
    static let testValue = Greeter(name: "test greeter")
}

/// Reads any key as a `TestDependencyKey`, as generic code over keys does.
func readAsTestKey<Key: TestDependencyKey>(_ key: Key.Type, in dependencies: Dependencies) -> Key.Value {
    dependencies[key]
}

final class TestDependencyKeyTests: XCTestCase {
    func testATestStoreGivesTheTestValueAndReportsNothing() {
        let reported = LockIsolated<[String]>([])
        let dependencies = Dependencies(testing: { message in reported.withValue { $0.append(message) } }) { _ in }
        XCTAssertEqual(dependencies[Speaker.self].name, "test speaker")
        XCTAssertEqual(reported.value, [])
    }

    func testAValueSetInTheStoresDependenciesIsTheOneRead() {
        let dependencies = Dependencies { $0[Speaker.self] = Speaker(name: "live speaker") }
        XCTAssertEqual(dependencies[Speaker.self].name, "live speaker")
        var changed = Dependencies { $0[Speaker.self] = Speaker(name: "live speaker") }
        changed[Speaker.self].name = "renamed"
        XCTAssertEqual(changed[Speaker.self].name, "renamed")
    }

    func testAKeyWithALiveValueReadAsATestKeyGivesWhatItsOwnSubscriptGives() {
        XCTAssertEqual(readAsTestKey(Greeter.self, in: Dependencies()).name, "live greeter")
        let testing = Dependencies(testing: { _ in }) { _ in }
        XCTAssertEqual(readAsTestKey(Greeter.self, in: testing).name, "test greeter")
    }

    func testReadingItInAStoreThatIsNotATestStoreGivesTheTestValueAndSaysSoOnceNamingTheKey() throws {
        let process = Process()
        process.executableURL = builtProduct("substate-lifetime-child")
        process.arguments = ["--read-missing-live-value"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let reason = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "the read must not stop the program")
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(printed, "reading Speaker\nread Speaker\n", "the program goes on with the test value")
        let message =
            "substate: Speaker has no live value: it is a TestDependencyKey, and it was read in a store that is not a test store without being set."
        XCTAssertEqual(reason.components(separatedBy: message).count - 1, 1, "said once for two reads:\n\(reason)")
        XCTAssertTrue(reason.contains("$0[Speaker.self] = ..."), reason)
        XCTAssertTrue(reason.contains("Its test value is used meanwhile."), reason)
    }
}
