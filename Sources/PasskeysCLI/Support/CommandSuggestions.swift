import ArgumentParser

/// A subcommand name that is none of its command's: named, with the nearest real one ("did you mean 'verify'?"),
/// before ArgumentParser answers with a bare "unexpected argument".
struct UnknownSubcommand: Error, CustomStringConvertible {
    /// The command whose subcommands were expected, as typed: `passkeys` or `passkeys credentials`.
    let path: String
    let typed: String
    let candidates: [String]

    var description: String {
        var lines = ["error: '\(typed)' is not a '\(path)' command."]
        if let suggestion = Self.nearest(to: typed, in: candidates) { lines[0] += " Did you mean '\(suggestion)'?" }
        lines.append("The commands are: \(candidates.joined(separator: ", ")). See '\(path) --help'.")
        return lines.joined(separator: "\n")
    }

    /// The first word of `arguments` that stands where a subcommand must and names none; nil when every such word is
    /// a subcommand (or help, or an option, after which ArgumentParser judges the rest).
    static func find(in arguments: [String], root: any ParsableCommand.Type) -> UnknownSubcommand? {
        var commands = CommandNode(root).children
        var path = [CommandNode(root).name]
        for argument in arguments {
            guard !commands.isEmpty, !argument.hasPrefix("-"), argument != "help" else { return nil }
            guard let next = commands.first(where: { $0.answers(to: argument) }) else {
                return UnknownSubcommand(path: path.joined(separator: " "), typed: argument, candidates: commands.map(\.name))
            }
            commands = next.children
            path.append(argument)
        }
        return nil
    }

    /// The candidate closest to `typed` by edit distance (a swap of two neighbours counts once), if it is close
    /// enough to be a typo: at most one edit for short words, two for longer; or one that `typed` begins.
    static func nearest(to typed: String, in candidates: [String]) -> String? {
        let word = typed.lowercased()
        if let prefixed = candidates.first(where: { word.count >= 2 && $0.hasPrefix(word) }) { return prefixed }
        let allowed = word.count <= 4 ? 1 : 2
        return candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= allowed }.min { $0.1 < $1.1 }?.0
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. Both words
    /// are command names or what was typed for one, so this quadratic table stays small; longer input is not compared.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard a.count <= 64, b.count <= 64 else { return Int.max }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}

/// A command's names and subcommands, read once from its type.
struct CommandNode {
    let name: String
    let aliases: [String]
    let children: [CommandNode]

    init(_ type: any ParsableCommand.Type) {
        let configuration = type.configuration
        name = configuration.commandName ?? type._commandName
        aliases = configuration.aliases
        children = configuration.subcommands.map(CommandNode.init)
    }

    func answers(to word: String) -> Bool { word == name || aliases.contains(word) }
}
