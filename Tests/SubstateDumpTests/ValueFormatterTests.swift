import Foundation
import SubstateTestSupport
import Synchronization
import XCTest

@testable import SubstateDump

/// The loggers' formatter against the standard library on random input: numbers written
/// without making strings of them read exactly as their `description`, and values written
/// through per-type plans read as `Mirror` reflection of the same value reads.
final class ValueFormatterTests: XCTestCase {
    func testDoublesReadAsTheirDescriptionOnRandomInput() {
        var random = SplitMix64(seed: 0x5EED_D0B1)
        var samples: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.2, 0.1 + 0.2, 0.5, 0.75, 1.5, 100, 1e-4, 1.5e-4, 9.9999e-5, 1e-5, 1e14,
            999_999_999_999_999, 1e15, 1e16, 123_456_789.012_3, 0.0001, 0.001_25, 2.675, .pi, .infinity,
            -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .ulpOfOne, 4_503_599_627_370_497,
        ]
        for _ in 0..<20_000 {
            // People's numbers: a few digits with a few decimals, either sign.
            let digits = Double(Int64.random(in: -10_000_000_000...10_000_000_000, using: &random))
            let scale = [1.0, 10, 100, 1_000, 10_000, 100_000, 1_000_000][Int.random(in: 0..<7, using: &random)]
            samples.append(digits / scale)
            samples.append(Double(Int.random(in: -1_000...1_000, using: &random)) / scale)
            // Any double at all.
            samples.append(Double(bitPattern: random.next()))
            samples.append(Double.random(in: -1e16...1e16, using: &random))
        }
        for value in samples {
            XCTAssertEqual(ValueLiteral.describe(value), value.description, "bits \(value.bitPattern)")
        }
    }

    func testIntegersReadAsTheirDescriptionOnRandomInput() {
        var random = SplitMix64(seed: 42)
        var samples: [Int] = [0, 1, -1, 9, 10, -10, 99, 100, .max, .min, .max - 1, .min + 1]
        for _ in 0..<20_000 {
            samples.append(Int(bitPattern: UInt(random.next())))
            samples.append(Int.random(in: -100_000...100_000, using: &random))
        }
        for value in samples { XCTAssertEqual(ValueLiteral.describe(value), value.description) }
        XCTAssertEqual(ValueLiteral.describe(UInt64.max), "18446744073709551615")
        XCTAssertEqual(ValueLiteral.describe(Int8.min), "-128")
        XCTAssertEqual(ValueLiteral.describe(Float(0.1)), "0.1")
        XCTAssertEqual(ValueLiteral.describe(Character("é")), #""é""#)
    }

    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    struct Sample {
        var id: Int
        var name: String
        var score: Double
        var tags: [String]
        var flags: [Bool]
        var point: Point?
        var counts: [String: Int]
        var pair: (Int, label: String)
        var small: UInt8
    }

    func testPlansWriteWhatReflectionWritesOnRandomValues() {
        var random = SplitMix64(seed: 7)
        let words = ["", "a", "milk", "say \"hi\"", "back\\slash", "tab\t", "é", "😀", "line\nbreak"]
        for _ in 0..<2_000 {
            let sample = Sample(
                id: Int.random(in: -1_000_000...1_000_000, using: &random),
                name: words.randomElement(using: &random)!,
                score: Double(Int.random(in: -100_000...100_000, using: &random)) / 1_000,
                tags: (0..<Int.random(in: 0..<4, using: &random)).map { _ in words.randomElement(using: &random)! },
                flags: (0..<Int.random(in: 0..<3, using: &random)).map { _ in Bool.random(using: &random) },
                point: Bool.random(using: &random)
                    ? Point(x: Double(bitPattern: random.next()), y: Double.random(in: -1...1, using: &random)) : nil,
                counts: Dictionary(
                    uniqueKeysWithValues: (0..<Int.random(in: 0..<4, using: &random)).map { ("k\($0)", $0) }),
                pair: (Int.random(in: 0..<10, using: &random), words.randomElement(using: &random)!),
                small: UInt8.random(in: 0...255, using: &random))
            XCTAssertEqual(ValueLiteral.describe(sample), ValueLiteral.reflect(sample))
        }
    }

    func testThreadsFormattingANewRecursiveTypeAtOnceAllGetItsWholePlan() {
        struct Tree: Sendable {
            var value: Int
            var children: [Tree]
        }
        let tree = Tree(value: 1, children: [Tree(value: 2, children: [Tree(value: 3, children: [])])])
        let printed = Mutex<[String]>([])
        // The first threads race to make the plan; none may see another's unfinished one.
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let line = ValueLiteral.describe(tree)
            printed.withLock { $0.append(line) }
        }
        XCTAssertEqual(
            Set(printed.withLock { $0 }),
            ["Tree(value: 1, children: [Tree(value: 2, children: [Tree(value: 3, children: [])])])"])
    }

    func testAWriterKeepsNothingFromOneLineToTheNext() {
        let writer = LineWriter()
        let long = Array(repeating: "a long string that fills the buffer", count: 200)
        XCTAssertEqual(writer.line(long), ValueLiteral.describe(long))
        XCTAssertEqual(writer.line(3), "3")
        XCTAssertEqual(writer.line("x", suffix: "  (effect)"), #""x"  (effect)"#)
        XCTAssertEqual(writer.line(Point(x: 1, y: -2.5)), "ValueFormatterTests.Point(x: 1.0, y: -2.5)")
    }
}
