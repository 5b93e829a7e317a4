import Substate
import SubstateMiddleware
import SubstateReplay
import SubstateTestSupport

/// Random shop sessions, the same for the same seed.
public enum ShopSessions {
    /// Strings at every edge a JSON codec meets: a byte order mark, combining marks, flags,
    /// escapes, control characters, the last code point, empty.
    static let strings = [
        "", "plain", "\u{FEFF}bom", "caf\u{E9}", "cafe\u{301}", "\u{1F1EB}\u{1F1F7}", "\u{0}nul", "\"quote\\",
        "\n\t\r", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{10FFFF}", "\u{7F}\u{80}\u{FFFF}", "</script>",
    ]
    /// Doubles with edges of their own: both zeros, the smallest and largest, a fraction that
    /// does not round-trip as a short decimal.
    static let doubles: [Double] = [
        0, -0.0, 0.1, -1.5, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1.0 / 3.0, 123_456.789, -2e-300,
    ]

    /// One random action of the session, or a store-level action mixed in.
    @MainActor
    public static func action(_ random: inout SplitMix64, store: Store) -> any Action {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        let sku = "sku-\(random.next() % 6)"
        switch random.next() % 16 {
        case 0, 1: return AddProduct(sku: sku, name: pick(strings) + sku, price: pick(doubles))
        case 2: return Tag(sku: sku, label: pick(strings))
        case 3: return Restock(name: pick(strings) + sku, count: Int(random.next() % 5))
        case 4: return SetPrice(name: pick(strings) + sku, price: pick(doubles))
        case 5, 6: return AddToCart(sku: sku, quantity: Int(random.next() % 4) + 1)
        case 7: return RemoveLine(index: Int(random.next() % 3))
        case 8: return Discount(code: Int(random.next() % 1_000))
        case 9: return Note(text: pick(strings))
        case 10: return SaveCart(slot: Int(random.next() % 4))
        case 11: return random.next() % 2 == 0 ? StartCheckout() : CancelCheckout()
        case 12: return Show(kind: Int(random.next() % 3), sku: sku)
        case 13: return Advance()
        case 14:
            // Puts back models as they were earlier in the session.
            let located = store.locatedModels(Cart.self)
            return Store.Restore(located: located.map { ($0.location, Cart(lines: [], codes: [7]) as any Model) })
        default:
            return Store.Replace(model: Cart(lines: [CartLine(sku: sku, quantity: 1)], codes: [1, 2, 3]))
        }
    }

    /// Records a session of `length` random actions, with a digest after every one; `roll`
    /// puts a deliberately non-deterministic action at that position. Returns the log's lines.
    @MainActor
    public static func record(seed: UInt64, length: Int, roll: Int? = nil) -> [String] {
        var random = SplitMix64(seed: seed)
        let log = MemoryLog()
        var store: Store? = Store(model: Shop(), middleware: [ActionRecorder(to: log, digestEvery: 1)])
        for index in 0..<length {
            store!.update(index == roll ? Roll() : action(&random, store: store!))
        }
        store = nil
        return log.lines
    }
}
