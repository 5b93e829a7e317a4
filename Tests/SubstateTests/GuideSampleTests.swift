import Substate
import XCTest

/// The guides' samples as written (each in a namespace of its own, since they reuse names),
/// compiled and run: Getting started, and Coming from TCA.
enum GettingStartedSample {
    struct Counter {
        var value = 0
        var subCounter = SubCounter()
    }

    struct SubCounter: Model {  // a model inside a model: found and updated the same way
        var value = 0
        struct Increment: Action {}

        mutating func update(action: Action) {
            if action is Increment { value += 1 }
        }
    }
}

extension GettingStartedSample.Counter {
    struct Increment: Action {}
    struct Reset: Action { let to: Int }
}

extension GettingStartedSample.Counter: State {  // State is another name for Model
    mutating func update(action: Action) {
        switch action {
        case is Increment: value += 1
        case let reset as Reset: value = reset.to
        default: ()
        }
    }
}

enum ComingFromTCASample {
    struct FileList: Model {
        var files: [FileCell] = []  // every FileCell receives every action
        var detail: Detail?  // updated while present
        var isLoading = false

        struct RefreshTapped: Action {}

        mutating func update(action: Action) {
            if action is RefreshTapped { isLoading = true }
        }
    }

    struct FileCell: Model, Identifiable {
        let id: Int
        var isSelected = false
        struct Toggle: Action { let id: Int }

        mutating func update(action: Action) {
            if let toggle = action as? Toggle, toggle.id == id { isSelected.toggle() }
        }
    }

    struct Detail: Model {
        var name = ""
        struct Rename: Action { let name: String }

        mutating func update(action: Action) {
            if let rename = action as? Rename { name = rename.name }
        }
    }

    struct Login: Model {
        var user: String?
        struct SignedOut: Action {}

        mutating func update(action: Action) {
            if action is SignedOut { user = nil }
        }
    }

    struct AppRoot: Model {
        enum Route: Equatable { case welcome, home }
        var login = Login()
        var route = Route.home

        mutating func update(action: Action) {
            if action is Login.SignedOut { route = .welcome }  // the child signed out first
        }
    }
}

@MainActor
final class GuideSampleTests: XCTestCase {
    func testGettingStartedBehavesAsTheGuideSays() async {
        typealias Counter = GettingStartedSample.Counter
        typealias SubCounter = GettingStartedSample.SubCounter
        let store = Store(model: Counter(), middleware: [])
        store.update(Counter.Increment())
        XCTAssertEqual(store.find(Counter.self)?.value, 1)
        XCTAssertEqual(store.find(SubCounter.self)?.value, 0)
        store.update(SubCounter.Increment())
        XCTAssertEqual(store.find(SubCounter.self)?.value, 1)
    }

    func testComingFromTCASamplesBehaveAsTheGuideSays() async {
        typealias Sample = ComingFromTCASample
        let list = Store(
            model: Sample.FileList(files: [.init(id: 1), .init(id: 2)], detail: Sample.Detail()), middleware: [])
        list.update(Sample.FileCell.Toggle(id: 2))
        XCTAssertEqual(list.find(Sample.FileList.self)?.files.map(\.isSelected), [false, true])
        list.update(Sample.Detail.Rename(name: "notes.txt"))
        XCTAssertEqual(list.find(Sample.Detail.self)?.name, "notes.txt")
        let app = Store(model: Sample.AppRoot(login: Sample.Login(user: "ada")), middleware: [])
        app.update(Sample.Login.SignedOut())
        XCTAssertEqual(app.find(Sample.AppRoot.self)?.route, .welcome)
        XCTAssertNil(app.find(Sample.Login.self)?.user)
    }
}
