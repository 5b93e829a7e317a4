// swift-format-ignore-file
// The code below is the documentation's, line for line (SnippetCoverageTests), so it keeps
// the documents' layout rather than the formatter's.

import Foundation
import Substate
import SubstateMachine
import SubstateMiddleware

// What the documentation's snippets assume exists around them: an app's clients, folders and
// sessions. Each document's own types are declared with its snippets.

struct SearchAPI: Sendable {
    func search(_ text: String) async throws -> [String] { [text] }
}

let api = SearchAPI()
let appSupport = FileManager.default.temporaryDirectory.appendingPathComponent("doc-snippets-\(UUID())")
let sessions = appSupport.appendingPathComponent("sessions")
let sessionFile = sessions.appendingPathComponent("session.jsonl")
let saves = appSupport.appendingPathComponent("saves")

enum Search {
    struct Query: Action { let text: String }
    struct Loaded: Action {
        let results: [String]
        init(_ results: [String]) { self.results = results }
    }
    struct Failed: Action {
        let message: String
        init(_ message: String) { self.message = message }
    }
}

struct AuthClient: Sendable {
    var authenticate: @Sendable (String, String) async -> String?
    static let live = AuthClient { name, _ in name }
    static let mock = AuthClient { _, _ in "user" }
}

struct Login: StateMachine {
    struct State: Equatable, Sendable { var isLoading = false; var user: String? }
    enum Input: Sendable { case didTapLoginButton }
    enum IOEffect: Equatable, Sendable { case authenticate(String, String) }
    enum IOResult: Sendable { case authenticated(String?) }

    let client: AuthClient  // a dependency: a stored property

    static func reduceInput(_ state: State, _ input: Input) -> Transition {
        transition(State(isLoading: true), .authenticate("user", "pass"))
    }
    static func reduceIOResult(_ state: State, _ ioResult: IOResult) -> Transition {
        switch ioResult {
        case .authenticated(let user): nextState(State(user: user))
        }
    }
    func runIOEffect(_ ioEffect: IOEffect) -> IOResultStream {
        switch ioEffect {
        case .authenticate(let name, let password): .single { .authenticated(await client.authenticate(name, password)) }
        }
    }
}
