import SubstateReplay

/// How the commands write numbers and entries.
enum Formatting {
    /// Seconds with three decimals: `12.345s`.
    static func seconds(_ value: Double) -> String { number(value, decimals: 3) + "s" }

    /// A number with a fixed count of decimals; values too large for that (a hand-edited time
    /// of `1e300`) are written as Swift writes them.
    static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(abs(scaled) % Int(scale))
        let sign = scaled < 0 && whole == 0 ? "-" : ""
        return "\(sign)\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// One action as a line of a timeline: sequence number, time, origin, type and payload.
    static func entry(_ entry: ActionLog.Entry) -> String {
        let payload = entry.payload.map { String(decoding: $0, as: UTF8.self) } ?? "(not recorded)"
        return "#\(entry.sequence)".padding(7) + seconds(entry.time).padding(11) + entry.origin.rawValue.padding(11)
            + sanitized(entry.type) + " " + sanitized(payload)
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
