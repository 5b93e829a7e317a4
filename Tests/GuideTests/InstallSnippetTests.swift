import Foundation
import XCTest

/// Every install snippet (a `// Package.swift` block in the README and the articles) is the same
/// text, names the package as SwiftPM derives it from the URL, lists only products the package
/// declares, and declares the platforms `Package.swift` declares, so that it works as written.
final class InstallSnippetTests: XCTestCase {
    private var root: URL { SnippetCoverageTests.root }

    private func installSnippets() throws -> [(document: String, text: String)] {
        var found: [(String, String)] = []
        for document in SnippetCoverageTests.allDocuments {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            var lines: [Substring]?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if var open = lines {
                    if line.trimmingCharacters(in: .whitespaces) == "```" {
                        if open.first?.trimmingCharacters(in: .whitespaces) == "// Package.swift",
                            open.contains(where: { $0.contains(".package(url:") })
                        {
                            found.append((document, open.joined(separator: "\n")))
                        }
                        lines = nil
                    } else {
                        open.append(line)
                        lines = open
                    }
                } else if line.trimmingCharacters(in: .whitespaces) == "```swift" {
                    lines = []
                }
            }
        }
        return found
    }

    func testEveryInstallSnippetIsTheSameAndMatchesTheManifest() throws {
        let snippets = try installSnippets()
        XCTAssertGreaterThanOrEqual(snippets.count, 2, "the README's and the Installing article's")
        let first = try XCTUnwrap(snippets.first)
        for snippet in snippets.dropFirst() {
            XCTAssertEqual(snippet.text, first.text, "\(snippet.document) and \(first.document) differ")
        }
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let url = try XCTUnwrap(first.text.firstMatch(of: /\.package\(url: "([^"]+)"/)?.1)
        let identity = url.split(separator: "/").last!.replacingOccurrences(of: ".git", with: "").lowercased()
        let packages = first.text.matches(of: /package: "([^"]+)"/).map { String($0.1) }
        XCTAssertFalse(packages.isEmpty)
        XCTAssertEqual(Set(packages), [identity], "product lines name the package as SwiftPM derives it from the URL")
        let declared = Set(manifest.matches(of: /\.library\(name: "([^"]+)"/).map { String($0.1) })
        for product in first.text.matches(of: /\.product\(name: "([^"]+)"/).map({ String($0.1) }) {
            XCTAssertTrue(declared.contains(product), "\(product) is not a product of the package")
        }
        let platforms = try XCTUnwrap(manifest.firstMatch(of: /platforms: \[[^\]]*\]/)?.0)
        XCTAssertTrue(first.text.contains(platforms), "the snippet declares \(platforms)")
    }
}
