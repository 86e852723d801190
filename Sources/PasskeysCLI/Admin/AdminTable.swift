import PasskeyCore

/// A plain-text table for `passkeys admin`: one header row, columns padded to their widest cell. Every cell is shown
/// without control characters (a username holding a terminal escape sequence must not take over the operator's
/// terminal) and cut at ``maximumWidth`` characters.
struct AdminTable {
    let headers: [String]
    let rows: [[String]]
    /// A line printed under the table (the next page's option), or nil.
    var footer: String? = nil

    /// A line alone: what a change did.
    static func message(_ text: String) -> AdminTable { AdminTable(headers: [], rows: [], footer: printable(text, width: 512)) }

    static let maximumWidth = 64

    var rendered: String {
        guard !headers.isEmpty else { return (footer ?? "") + "\n" }
        let cells = ([headers] + rows).map { $0.map { Self.printable($0) } }
        var widths = Array(repeating: 0, count: headers.count)
        for row in cells { for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) } }
        var text = ""
        for row in cells {
            let line = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            text += line.joined(separator: "  ") + "\n"
        }
        if rows.isEmpty { text += "(none)\n" }
        if let footer { text += footer + "\n" }
        return text
    }

    /// The cell without control or format characters, at most `width` characters (… when cut).
    static func printable(_ text: String, width: Int = maximumWidth) -> String {
        let scalars = text.unicodeScalars.map { scalar -> Character in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: "?"
            default: Character(scalar)
            }
        }
        let clean = String(scalars)
        return clean.count > width ? String(clean.prefix(width - 1)) + "…" : clean
    }

    /// A JSON value as a cell: strings as they are, null as "-", anything else serialized.
    static func cell(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .null?, nil: "-"
        case .bool(let flag)?: flag ? "yes" : "no"
        case let other?: other.serialized()
        }
    }
}
