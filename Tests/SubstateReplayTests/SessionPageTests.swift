import Foundation
import Substate
import XCTest

@testable import SubstateDump
@testable import SubstateReplay

/// The session page's data and markup, before any browser (Tests/Browser drives a real one).
final class SessionPageTests: XCTestCase {
    private let hostile = [
        "</script><script>alert(1)</script>", "<!--", "<img src=x onerror=alert(2)>", "a\u{2028}b\u{2029}c", "&amp;",
    ]

    private func page(actions: [String]) -> SessionPage {
        var page = SessionPage(
            header: SessionPage.Header(root: hostile[0], version: 2, fingerprint: hostile[2], file: "x.jsonl"))
        for (index, type) in actions.enumerated() {
            let payload = try! JSONSerialization.data(withJSONObject: [type: type], options: [.sortedKeys])
            page.actions.append(
                SessionPage.Action(
                    sequence: index + 1, time: Double(index), type: type, origin: "app", payload: payload,
                    line: index + 2))
        }
        page.problems = hostile
        return page
    }

    func testADamagedLineStandsInItsPlaceWithWhatOfItCanBeRead() throws {
        var text = #"{"format":"substate-log","version":2,"root":"App","initialState":{"note":"</script>"}}"# + "\n"
        text += #"{"seq":1,"t":0.5,"type":"A","name":"1A","origin":"app","payload":{"x":1}}"# + "\n"
        text += #"{"seq":2,"t":0.75,"type":"B","name":"1B","origin":"effect","payload":{"s":"\ud800","n":2}}"# + "\n"
        var bytes = Array(text.utf8)
        bytes += Array(#"{"seq":3,"t":1.0,"type":"C","name":"1C","origin":"app","payload":{"s":""#.utf8) + [0xFF]
        bytes += Array(#""}}"#.utf8) + [0x0A]
        bytes += Array(#"{"seq":4,"t":1.5,"type":"D","name":"1D","origin":"app","payload":{oops}}"#.utf8) + [0x0A]
        bytes += Array(#"{"seq":5,"t":2.0,"type":"E","name":"1E","origin":"app","payload":{"x":1}}"#.utf8) + [0x0A]
        bytes += Array(#"{"seq":6,"t":2.5,"type":"F","na"#.utf8)
        let page = SessionPage(reading: try LogReader(data: Data(bytes)), file: "x.jsonl")
        XCTAssertEqual(page.actions.map(\.line), [2, 3, 4, 5, 6, 7], "every line in its place")
        XCTAssertEqual(page.actions.map { $0.damage != nil }, [false, true, true, true, false, true])
        XCTAssertEqual(page.damagedLineCount, 4)
        XCTAssertEqual(page.problems.count, 4)
        let surrogate = try XCTUnwrap(page.actions[1].damage)
        XCTAssertEqual(page.actions[1].sequence, 2)
        XCTAssertEqual(page.actions[1].type, "B")
        XCTAssertEqual(page.actions[1].origin, "damaged")
        XCTAssertTrue(surrogate.reason.contains("line 3"), surrogate.reason)
        XCTAssertTrue(surrogate.text.contains(#""s":"\ud800""#), "the text as it is")
        XCTAssertEqual(
            page.actions[1].payload.map { String(decoding: $0, as: UTF8.self) }, "{\"n\":2,\"s\":\"\u{FFFD}\"}")
        XCTAssertEqual(page.actions[2].type, "C", "bytes that are not UTF-8 read as U+FFFD")
        XCTAssertEqual(page.actions[3].type, "D")
        XCTAssertEqual(page.actions[3].damage?.payloadText, "{oops}}")
        XCTAssertNil(page.actions[3].payload)
        XCTAssertEqual(page.actions[5].type, "F", "a torn line shows what it holds")
        XCTAssertEqual(page.actions[5].time, 2.5, "its time is read from what is left of it")
        XCTAssertEqual(page.recordedInitialState.map { String(decoding: $0, as: UTF8.self) }, #"{"note":"</script>"}"#)
        let json = page.dataJSON()
        XCTAssertTrue(json.contains(#""damage":{"reason":"#), json)
        XCTAssertTrue(json.contains(#""recordedInitialState":{"note":"</script>"}"#), json)
    }

    func testLoneSurrogateEscapesAreRepairedAndPairsKept() {
        XCTAssertEqual(DamagedLine.replacingLoneSurrogates(#"a\ud800b"#), #"a\ufffdb"#)
        XCTAssertEqual(DamagedLine.replacingLoneSurrogates(#"\ud83d\ude00"#), #"\ud83d\ude00"#)
        XCTAssertEqual(DamagedLine.replacingLoneSurrogates(#"\udc00\ud800"#), #"\ufffd\ufffd"#)
        XCTAssertEqual(DamagedLine.replacingLoneSurrogates(#"\\ud800"#), #"\\ud800"#, "an escaped backslash is text")
    }

    func testNothingFromTheLogCanCloseTheDataBlockOrOpenMarkup() throws {
        let html = page(actions: hostile).html()
        let start = try XCTUnwrap(html.range(of: #"<script id="session-data" type="application/json">"#))
        let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = String(html[start.upperBound..<end.lowerBound])
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            XCTAssertFalse(data.contains(forbidden), "the data block holds \(forbidden.debugDescription)")
        }
        // The data reads back as exactly what the log held.
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let header = try XCTUnwrap(object["header"] as? [String: Any])
        XCTAssertEqual(header["root"] as? String, hostile[0])
        let actions = try XCTUnwrap(object["actions"] as? [[String: Any]])
        XCTAssertEqual(actions.map { $0["type"] as? String }, hostile)
        XCTAssertEqual((actions[3]["payload"] as? [String: String])?[hostile[3]], hostile[3])
        XCTAssertEqual(object["problems"] as? [String], hostile)
    }

    func testThePageForbidsEveryScriptAndRequestButItsOwn() throws {
        let html = page(actions: ["A"]).html()
        let policy = try XCTUnwrap(
            html.components(separatedBy: #"content=""#).dropFirst().first?.components(separatedBy: "\"").first)
        XCTAssertTrue(policy.hasPrefix("default-src 'none'; script-src 'nonce-"))
        XCTAssertTrue(policy.contains("connect-src 'none'"))
        let nonce = try XCTUnwrap(policy.components(separatedBy: "'nonce-").dropFirst().first?.prefix { $0 != "'" })
        XCTAssertGreaterThan(nonce.count, 20)
        XCTAssertEqual(html.components(separatedBy: "nonce=\"\(nonce)\"").count - 1, 2, "the style and the script")
        XCTAssertNotEqual(
            nonce,
            try XCTUnwrap(
                page(actions: ["A"]).html().components(separatedBy: "'nonce-").dropFirst().first?.prefix { $0 != "'" }))
        XCTAssertFalse(html.contains("innerHTML"), "the script never parses text as markup")
        XCTAssertFalse(html.contains("http://") && !html.contains("http://www.w3.org/2000/svg"))
    }

    func testEditsTurnEachStateIntoTheNext() throws {
        let states: [Any] = [
            ["a": 1, "list": [1, 2, 3], "nested": ["x": "y"]],
            ["a": 2, "list": [1, 2, 3, 4], "nested": ["x": "y", "z": NSNull()]],
            ["a": 2, "list": [1, 5, 3, 4], "other": true],
            ["a": "text"],
        ]
        for (before, after) in zip(states, states.dropFirst()) {
            let old = try JSONSerialization.data(withJSONObject: before, options: [.sortedKeys])
            let new = try JSONSerialization.data(withJSONObject: after, options: [.sortedKeys])
            var value = try JSONSerialization.jsonObject(with: old)
            for edit in JSONEdit.edits(from: old, to: new) { value = apply(edit, to: value) }
            XCTAssertEqual(
                try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), new)
        }
        XCTAssertEqual(JSONEdit.edits(from: Data("[1]".utf8), to: Data("[1]".utf8)), [])
    }

    func testEditsTurnRandomDocumentsIntoTheirRandomChanges() throws {
        var generator = SplitMix(seed: 42)
        for _ in 0..<400 {
            let before = randomJSON(depth: 3, &generator)
            let after = mutated(before, &generator)
            let old = try JSONSerialization.data(withJSONObject: ["root": before], options: [.sortedKeys])
            let new = try JSONSerialization.data(withJSONObject: ["root": after], options: [.sortedKeys])
            var value = try JSONSerialization.jsonObject(with: old)
            let edits = JSONEdit.edits(from: old, to: new)
            for edit in edits { value = apply(edit, to: value) }
            XCTAssertEqual(
                try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), new,
                "\(String(decoding: old, as: UTF8.self)) → \(String(decoding: new, as: UTF8.self))")
        }
        // One element added to a long array is one edit, not the whole array again.
        let long = try JSONSerialization.data(withJSONObject: Array(0..<1_000))
        let longer = try JSONSerialization.data(withJSONObject: Array(0..<500) + [-1] + Array(500..<1_000))
        XCTAssertEqual(
            JSONEdit.edits(from: long, to: longer), [JSONEdit(path: [.index(500)], value: "-1", inserts: true)])
    }

    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    private func randomJSON(depth: Int, _ generator: inout SplitMix) -> Any {
        switch depth == 0 ? generator.next(4) : generator.next(6) {
        case 0: return generator.next(100)
        case 1: return ["a", "b\"q", "é \\ \n", ""][generator.next(4)]
        case 2: return generator.next(2) == 0
        case 3: return NSNull()
        case 4: return (0..<generator.next(5)).map { _ in randomJSON(depth: depth - 1, &generator) }
        default:
            var object: [String: Any] = [:]
            for _ in 0..<generator.next(4) {
                object[["k", "key \"x\"", "ü", "a.b"][generator.next(4)]] = randomJSON(depth: depth - 1, &generator)
            }
            return object
        }
    }

    private func mutated(_ value: Any, _ generator: inout SplitMix) -> Any {
        if var array = value as? [Any] {
            switch generator.next(4) {
            case 0 where !array.isEmpty: array.remove(at: generator.next(array.count))
            case 1: array.insert(randomJSON(depth: 1, &generator), at: generator.next(array.count + 1))
            case 2 where !array.isEmpty:
                let index = generator.next(array.count)
                array[index] = mutated(array[index], &generator)
            default: break
            }
            return array
        }
        if var object = value as? [String: Any] {
            switch generator.next(3) {
            case 0 where !object.isEmpty: object[object.keys.sorted()[generator.next(object.count)]] = nil
            case 1: object["new \(generator.next(3))"] = randomJSON(depth: 1, &generator)
            case 2 where !object.isEmpty:
                let key = object.keys.sorted()[generator.next(object.count)]
                object[key] = mutated(object[key]!, &generator)
            default: break
            }
            return object
        }
        return generator.next(2) == 0 ? value : randomJSON(depth: 1, &generator)
    }

    /// Applies an edit as the page's script does.
    private func apply(_ edit: JSONEdit, to value: Any) -> Any {
        guard let first = edit.path.first else {
            return edit.value.map {
                try! JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed])
            } as Any
        }
        let rest = JSONEdit(path: Array(edit.path.dropFirst()), value: edit.value, inserts: edit.inserts)
        switch first {
        case .name(let name):
            var object = value as! [String: Any]
            if rest.path.isEmpty, rest.value == nil {
                object[name] = nil
            } else {
                object[name] = apply(rest, to: object[name] ?? NSNull())
            }
            return object
        case .index(let index):
            var array = value as! [Any]
            if rest.path.isEmpty, rest.value == nil {
                array.remove(at: index)
            } else if rest.path.isEmpty, rest.inserts {
                array.insert(apply(rest, to: NSNull()), at: index)
            } else {
                array[index] = apply(rest, to: array[index])
            }
            return array
        }
    }

    func testAPageIsMadeFromAnyLogAndNamesTheLinesItCouldNotRead() throws {
        let text = """
            {"format":"substate-log","version":2,"root":"App","initialState":{}}
            {"seq":1,"t":0.5,"type":"A.Go","name":"1A","origin":"app","payload":{"x":"<b>"}}
            {"seq":2,"t":0.6,"type":"B","name":"1B","origin":"app","payload":{"s":"\\ud800"}}
            {"seq":2,"digest":"00"}

            """
        let page = SessionPage(reading: try LogReader(data: Data(text.utf8)), file: "x")
        XCTAssertEqual(page.actions.map(\.type), ["A.Go", "B"])
        XCTAssertEqual(page.actions.map { $0.damage != nil }, [false, true], "the damaged line is shown, marked")
        XCTAssertEqual(page.marks.map(\.kind), ["digest"])
        XCTAssertEqual(page.problems.count, 1)
        XCTAssertTrue(page.problems[0].contains("line 3"), page.problems[0])
    }
}
