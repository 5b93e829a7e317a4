import Substate
import SubstateTestSupport

/// A family of model types for differential tests: nested structs, arrays, optionals,
/// dictionaries, generics and a plain struct in between, with parents whose state depends on
/// their children having been updated first.
enum RandomTree {
    struct Add: Action, Codable, Equatable { let amount: Int }
    struct Scale: Action, Codable, Equatable { let factor: Int }
    struct SetCell: Action, Codable, Equatable { let id: Int; let value: Int }
    struct AppendRow: Action, Codable, Equatable { let id: Int; let cells: Int }
    struct RemoveRow: Action, Codable, Equatable { let index: Int }
    struct ToggleLabel: Action, Codable, Equatable { let row: Int }
    struct AppendCell: Action, Codable, Equatable { let row: Int; let id: Int }
    struct RemoveCell: Action, Codable, Equatable { let row: Int }
    struct PutNamed: Action, Codable, Equatable { let name: String; let id: Int }
    struct RemoveNamed: Action, Codable, Equatable { let name: String }
    struct ToggleSpare: Action, Codable, Equatable {}

    /// Declares its actions, so the store routes around it for the others.
    struct Cell: Model, Equatable, Codable {
        static var handledActions: [any Action.Type]? { [Add.self, Scale.self, SetCell.self] }
        var id: Int
        var value = 0
        mutating func update(action: Action) {
            switch action {
            case let add as Add: value &+= add.amount
            case let scale as Scale: value = (value &* scale.factor) % 1_000_003
            case let set as SetCell where set.id == id: value = set.value
            default: ()
            }
        }
    }

    /// Counts what `Add` brought; declares only that.
    struct Tally: Model, Equatable, Codable {
        static var handledActions: [any Action.Type]? { [Add.self] }
        var total = 0
        mutating func update(action: Action) { if let add = action as? Add { total &+= add.amount } }
    }

    struct Row: Model, Equatable, Codable {
        var id: Int
        var cells: [Cell]
        var label: Cell?
        var tally = Tally()
        /// The sum of the children, which is only right if they were updated first.
        var total = 0

        mutating func update(action: Action) {
            switch action {
            case let toggle as ToggleLabel where toggle.row == id:
                label = label == nil ? Cell(id: id * 1000) : nil
            case let append as AppendCell where append.row == id:
                cells.append(Cell(id: append.id))
            case let remove as RemoveCell where remove.row == id && !cells.isEmpty:
                cells.removeLast()
            default: ()
            }
            total = cells.reduce(0) { $0 &+ $1.value } &+ (label?.value ?? 0) &+ tally.total
        }
    }

    struct Pair<First: Model & Equatable & Codable, Second: Model & Equatable & Codable>: Model, Equatable, Codable {
        var first: First
        var second: Second
        var updates = 0
        mutating func update(action: Action) { updates += 1 }
    }

    struct Holder: Equatable, Codable {
        var cell: Cell
    }

    struct Sheet: Model, Equatable, Codable {
        var rows: [Row] = []
        var named: [String: Cell] = [:]
        var holder = Holder(cell: Cell(id: -1))
        var pair = Pair(first: Cell(id: -2), second: Row(id: -3, cells: [Cell(id: -4)]))
        var spare: Row?
        var checksum = 0

        mutating func update(action: Action) {
            switch action {
            case let append as AppendRow:
                rows.append(Row(id: append.id, cells: (0..<append.cells).map { Cell(id: append.id * 100 + $0) }))
            case let remove as RemoveRow where !rows.isEmpty:
                rows.remove(at: remove.index % rows.count)
            case let put as PutNamed: named[put.name] = Cell(id: put.id)
            case let remove as RemoveNamed: named[remove.name] = nil
            case is ToggleSpare: spare = spare == nil ? Row(id: 999, cells: [Cell(id: 9999)]) : nil
            default: ()
            }
            checksum =
                rows.reduce(0) { $0 &* 31 &+ $1.total } &+ named.values.reduce(0) { $0 &+ $1.value }
                &+ holder.cell.value &+ pair.first.value &+ pair.second.total &+ (spare?.total ?? 0)
        }
    }

    /// The hand-written reference: each model's `update` called in place, children first,
    /// fields in declaration order.
    static func reference(_ sheet: inout Sheet, _ action: Action) {
        for index in sheet.rows.indices { reference(&sheet.rows[index], action) }
        for key in sheet.named.keys { sheet.named[key]!.update(action: action) }
        sheet.holder.cell.update(action: action)
        sheet.pair.first.update(action: action)
        reference(&sheet.pair.second, action)
        sheet.pair.update(action: action)
        if sheet.spare != nil { reference(&sheet.spare!, action) }
        sheet.update(action: action)
    }

    static func reference(_ row: inout Row, _ action: Action) {
        for index in row.cells.indices { row.cells[index].update(action: action) }
        row.label?.update(action: action)
        row.tally.update(action: action)
        row.update(action: action)
    }

    /// A random sheet.
    static func sheet(_ random: inout SplitMix64) -> Sheet {
        var sheet = Sheet()
        for id in 0..<Int(random.next() % 5) {
            var row = Row(
                id: id,
                cells: (0..<Int(random.next() % 4)).map { Cell(id: id * 100 + $0, value: Int(random.next() % 10)) })
            if random.next() % 2 == 0 { row.label = Cell(id: id * 1000) }
            sheet.rows.append(row)
        }
        for index in 0..<Int(random.next() % 3) { sheet.named["n\(index)"] = Cell(id: 500 + index) }
        return sheet
    }

    /// A random action against a sheet of that family.
    static func action(_ random: inout SplitMix64) -> any Action {
        let row = Int(random.next() % 8)
        switch random.next() % 11 {
        case 0: return Add(amount: Int(random.next() % 100))
        case 1: return Scale(factor: Int(random.next() % 5) + 1)
        case 2: return SetCell(id: row * 100 + Int(random.next() % 4), value: Int(random.next() % 1000))
        case 3: return AppendRow(id: row, cells: Int(random.next() % 4))
        case 4: return RemoveRow(index: Int(random.next() % 8))
        case 5: return ToggleLabel(row: row)
        case 6: return AppendCell(row: row, id: row * 100 + Int(random.next() % 50))
        case 7: return RemoveCell(row: row)
        case 8: return PutNamed(name: "n\(random.next() % 4)", id: Int(random.next() % 1000))
        case 9: return RemoveNamed(name: "n\(random.next() % 4)")
        default: return ToggleSpare()
        }
    }
}
