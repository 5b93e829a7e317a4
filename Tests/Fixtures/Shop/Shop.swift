import Substate

/// A shop-like app for recording and replaying random sessions: dictionaries and sets of
/// models, enums with payloads, optionals, nested models, strings with every Unicode edge and
/// doubles with a sign on zero.
public struct Shop: Model, Codable, Equatable {
    public var products: [String: Product] = [:]
    public var tags: Set<String> = []
    public var cart = Cart()
    public var saved: [Int: Cart] = [:]
    public var checkout: Checkout?
    public var screen: Screen = .catalog
    public var notes: [String] = []
    public var luck = 0

    public init() {}

    public mutating func update(action: Action) {
        switch action {
        case let add as AddProduct:
            products[add.sku] = Product(name: add.name, price: add.price)
        case let tag as Tag:
            tags.insert(tag.label)
            products[tag.sku]?.labels.insert(tag.label)
        case let note as Note:
            notes.append(note.text)
        case let save as SaveCart:
            saved[save.slot] = cart
        case is StartCheckout:
            checkout = Checkout(
                total: cart.lines.reduce(0) { $0 + Double($1.quantity) * (products[$1.sku]?.price ?? 0) })
        case is CancelCheckout:
            checkout = nil
        case let show as Show:
            switch show.kind {
            case 0: screen = .catalog
            case 1: screen = .product(ProductScreen(sku: show.sku))
            default: screen = .cart(CartScreen(), since: show.kind)
            }
        case is Roll:
            // Deliberately not deterministic: replay must notice.
            luck = Int.random(in: 1...1_000_000_000)
        default:
            break
        }
    }
}

public struct Product: Model, Codable, Equatable {
    public var name: String
    public var price: Double
    public var stock = 0
    public var labels: Set<String> = []

    public mutating func update(action: Action) {
        if let restock = action as? Restock, restock.name == name { stock += restock.count }
        if let price = action as? SetPrice, price.name == name { self.price = price.price }
    }
}

public struct Cart: Model, Codable, Equatable {
    public var lines: [CartLine] = []
    public var codes: Set<Int> = []

    public mutating func update(action: Action) {
        if let add = action as? AddToCart { lines.append(CartLine(sku: add.sku, quantity: add.quantity)) }
        if let remove = action as? RemoveLine, lines.indices.contains(remove.index) { lines.remove(at: remove.index) }
        if let code = action as? Discount { codes.insert(code.code) }
    }
}

public struct CartLine: Codable, Hashable, Sendable {
    public var sku: String
    public var quantity: Int
}

public struct Checkout: Model, Codable, Equatable {
    public var total: Double
    public var steps = 0
    public mutating func update(action: Action) { if action is Advance { steps += 1 } }
}

public enum Screen: Codable, Equatable, Sendable {
    case catalog
    case product(ProductScreen)
    case cart(CartScreen, since: Int)
}

public struct ProductScreen: Model, Codable, Equatable {
    public var sku: String
    public var views = 0
    public mutating func update(action: Action) { if action is Advance { views += 1 } }
}

public struct CartScreen: Model, Codable, Equatable {
    public var scrolls = 0
    public mutating func update(action: Action) { if action is Advance { scrolls += 1 } }
}

// The actions the replay tests make themselves have public initializers.
public struct AddProduct: Action, Codable {
    public let sku: String
    public let name: String
    public let price: Double
    public init(sku: String, name: String, price: Double) { (self.sku, self.name, self.price) = (sku, name, price) }
}
public struct Tag: Action, Codable {
    public let sku: String
    public let label: String
}
public struct Restock: Action, Codable {
    public let name: String
    public let count: Int
}
public struct SetPrice: Action, Codable {
    public let name: String
    public let price: Double
    public init(name: String, price: Double) { (self.name, self.price) = (name, price) }
}
public struct AddToCart: Action, Codable {
    public let sku: String
    public let quantity: Int
}
public struct RemoveLine: Action, Codable { public let index: Int }
public struct Discount: Action, Codable { public let code: Int }
public struct Note: Action, Codable { public let text: String }
public struct SaveCart: Action, Codable { public let slot: Int }
public struct StartCheckout: Action, Codable {}
public struct CancelCheckout: Action, Codable {}
public struct Advance: Action, Codable {}
public struct Show: Action, Codable {
    public let kind: Int
    public let sku: String
}
/// Changes the state at random, for testing that replay notices.
public struct Roll: Action, Codable {
    public init() {}
}
