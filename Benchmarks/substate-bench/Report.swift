/// One line of the benchmark's results: a figure, what it is compared with, and its target.
struct Figure {
    let name: String
    /// The measured value (a ratio, or nanoseconds when `unit` says so).
    let value: Double
    let unit: String
    /// The largest acceptable value; infinity for figures that are only reported.
    let target: Double
    let detail: String

    var meetsTarget: Bool { value <= target }
}

enum Report {
    static func printTable(_ figures: [Figure]) {
        let nameWidth = figures.map(\.name.count).max() ?? 0
        print("substate-bench: ratios of contenders run side by side in one process (fastest of rounds)\n")
        for figure in figures {
            let value = figure.unit == "x" ? format(figure.value, 3) + "x" : format(figure.value, 1) + " " + figure.unit
            let target =
                figure.target == .infinity
                ? "(reported)"
                : figure.unit == "x"
                    ? "≤ " + format(figure.target, 3) + "x" : "≤ " + format(figure.target, 1) + " " + figure.unit
            let mark = figure.target == .infinity ? "    " : figure.meetsTarget ? "ok  " : "MISS"
            print(
                "\(mark) \(figure.name.rightPad(nameWidth))  \(value.leftPad(12))  target \(target.leftPad(10))  \(figure.detail)"
            )
        }
        let missed = figures.filter { !$0.meetsTarget }.count
        print("\n\(figures.count - missed) of \(figures.count) figures within target")
    }

    static func printJSON(_ figures: [Figure]) {
        let rows = figures.map { figure in
            "  {\"name\": \"\(figure.name)\", \"value\": \(format(figure.value, 4)), \"unit\": \"\(figure.unit)\", \"target\": \(figure.target == .infinity ? "null" : "\(figure.target)"), \"meetsTarget\": \(figure.meetsTarget), \"detail\": \"\(figure.detail)\"}"
        }
        print("[\n" + rows.joined(separator: ",\n") + "\n]")
    }

    static func format(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = "\(rounded)"
        if let dot = text.firstIndex(of: ".") {
            let fraction = text[text.index(after: dot)...]
            if fraction.count < decimals { text += String(repeating: "0", count: decimals - fraction.count) }
        } else if decimals > 0 {
            text += "." + String(repeating: "0", count: decimals)
        }
        return text
    }
}

extension String {
    func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

extension String {
    func rightPad(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
