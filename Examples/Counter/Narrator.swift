import Foundation
import Substate

/// Prints each action and what it changed: a middleware reading the state before and after
/// the rest of the pipeline.
struct Narrator: Middleware {
    func handle(_ action: Action, store: Store, next: Next) {
        let before = snapshot(store)
        next(action)
        let after = snapshot(store)
        let changes = zip(before, after).filter { $0.1 != $1.1 }.map { "\($0.0): \($0.1) → \($1.1)" }
        print("▸ \(describe(action))".padded(40) + (changes.isEmpty ? "(no change)" : changes.joined(separator: ", ")))
    }

    /// "Counter.Reset(to: 100)" rather than "Reset(to: 100)": the type says which model it is for.
    private func describe(_ action: Action) -> String {
        let payload = String(describing: action)
        let arguments = payload.firstIndex(of: "(").map { payload[$0...] } ?? ""
        return withoutModule(String(reflecting: type(of: action))) + withoutModule(String(arguments))
    }

    private func withoutModule(_ text: String) -> String {
        var result = text
        for module in ["Counter.", "Substate."] {
            for opening in ["<", "(", ": "] {
                result = result.replacingOccurrences(of: opening + module, with: opening)
            }
            if result.hasPrefix(module) { result.removeFirst(module.count) }
        }
        return result
    }

    private func snapshot(_ store: Store) -> [(String, Int)] {
        [
            ("Counter.value", store.find(Counter.self)?.value ?? 0),
            ("SubCounter.value", store.find(SubCounter.self)?.value ?? 0),
            ("Tracker<NewsScreen>.clicks", store.find(Tracker<NewsScreen>.self)?.clicks ?? 0),
            ("Tracker<ProductsScreen>.clicks", store.find(Tracker<ProductsScreen>.self)?.clicks ?? 0),
            ("App.totalClicks", store.find(App.self)?.totalClicks ?? 0),
        ]
    }
}

extension String {
    func padded(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
