import Foundation
import XCTest

/// Every Swift snippet of the README and the DocC articles appears in a test target's compiled
/// source, so it compiles as shown: each paragraph of a snippet (its lines between empty
/// lines) appears as one run of lines, indentation and runs of spaces aside. Paragraphs may sit
/// in different places, so that a snippet showing a declaration and then its use compiles
/// with the declaration at file scope and the use in a function.
///
/// Three kinds of snippet are not Swift a test target can build, and say so on their first
/// line: a package manifest (`// Package.swift`), SwiftUI code
/// (`// SwiftUI (Apple platforms only)`) and TCA code shown for comparison
/// (`// The Composable Architecture, for comparison`).
final class SnippetCoverageTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The documents whose snippets are all compiled somewhere in `Tests/`.
    static let documents =
        allDocuments + [
            "Sources/Substate/Documentation.docc/Installing.md",
            "Sources/Substate/Documentation.docc/UsingTheStoreFromSwiftUI.md",
            "Sources/Substate/Documentation.docc/WiringAnApp.md",
            "Sources/Substate/Documentation.docc/Performance.md",
        ]

    static var allDocuments: [String] {
        let dirs = ["Sources", "Middleware"]
        var found = ["README.md"]
        for dir in dirs {
            let walker = FileManager.default.enumerator(
                at: root.appendingPathComponent(dir), includingPropertiesForKeys: nil)!
            for case let file as URL in walker where file.pathExtension == "md" {
                found.append(String(file.path.dropFirst(root.path.count + 1)))
            }
        }
        return found
    }

    struct Snippet {
        let document: String
        let line: Int
        let lines: [String]
    }

    /// The Swift snippets of a Markdown document that a test target can build.
    static func snippets(in document: String) throws -> [Snippet] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        var snippets: [Snippet] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var open = current {
                if trimmed == "```" {
                    snippets.append(Snippet(document: document, line: open.line, lines: open.lines))
                    current = nil
                } else {
                    open.lines.append(String(line))
                    current = open
                }
            } else if trimmed == "```swift" {
                current = (index + 2, [])
            }
        }
        return snippets.filter { snippet in
            let first = snippet.lines.first?.trimmingCharacters(in: .whitespaces) ?? ""
            return first != "// Package.swift" && first != "// SwiftUI (Apple platforms only)"
                && first != "// The Composable Architecture, for comparison"
        }
    }

    /// Lines without indentation and with runs of spaces made one (formatting moves trailing
    /// comments), empty lines and documentation comments left out.
    static func normalized<S: Sequence>(_ lines: S) -> [String] where S.Element: StringProtocol {
        lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { !$0.isEmpty && !$0.hasPrefix("///") }
    }

    /// The compiled test sources, as one list of normalized lines.
    static func compiledLines() throws -> String {
        let tests = root.appendingPathComponent("Tests")
        var lines: [String] = []
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            lines += normalized(text.split(separator: "\n"))
        }
        return "\n" + lines.joined(separator: "\n") + "\n"
    }

    func testEverySnippetOfTheCheckedDocumentsIsCompiledInATestTarget() throws {
        let compiled = try Self.compiledLines()
        var missing: [String] = []
        for document in Self.documents {
            let snippets = try Self.snippets(in: document)
            for snippet in snippets {
                let paragraphs = snippet.lines.split { $0.trimmingCharacters(in: .whitespaces).isEmpty }
                for paragraph in paragraphs {
                    let text = "\n" + Self.normalized(paragraph).joined(separator: "\n") + "\n"
                    if !compiled.contains(text) {
                        missing.append("\(snippet.document):\(snippet.line)")
                        break
                    }
                }
            }
        }
        XCTAssertEqual(missing, [], "snippets that no test target compiles as shown")
    }

    func testTheCheckerFindsASnippetThatIsNotCompiled() throws {
        let compiled = try Self.compiledLines()
        let invented = "\n" + Self.normalized(["store.update(NoSuchAction())"]).joined(separator: "\n") + "\n"
        XCTAssertFalse(compiled.contains(invented))
    }
}
