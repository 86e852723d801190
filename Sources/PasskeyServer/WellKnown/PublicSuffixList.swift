import Foundation

/// The Public Suffix List (publicsuffix.org), read from the copy the operating system ships, to find a host's
/// registrable domain the way browsers do. Related origin requests count origins by the first label of that domain
/// (WebAuthn L3 §5.11.1), which cannot be told from the host alone: `example.co.uk` is one site, `example.github.io`
/// another, and only the list says so.
public struct PublicSuffixList: Sendable {
    /// Where Debian, Ubuntu, Fedora and Alpine install the list (packages `publicsuffix`, `publicsuffix-list`).
    public static let systemPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    private var rules: Set<String> = []
    private var wildcards: Set<String> = []
    private var exceptions: Set<String> = []

    /// Parses the list's text format: one rule a line, `//` comments, `*.` wildcards and `!` exceptions.
    public init(text: String) {
        for line in text.split(whereSeparator: \.isNewline) {
            // A rule ends at the first whitespace; the rest of the line is ignored (the format's own rule).
            guard let rule = line.split(whereSeparator: \.isWhitespace).first, !rule.hasPrefix("//") else { continue }
            let lowered = rule.lowercased()
            if lowered.hasPrefix("!") {
                exceptions.insert(String(lowered.dropFirst()))
            } else if lowered.hasPrefix("*.") {
                wildcards.insert(String(lowered.dropFirst(2)))
            } else {
                rules.insert(lowered)
            }
        }
    }

    /// Reads the list from `path`.
    public init(contentsOf path: String) throws(ConfigurationError) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError("--public-suffix-list: cannot read '\(path)'")
        }
        self.init(text: text)
        guard !rules.isEmpty else { throw ConfigurationError("--public-suffix-list: '\(path)' holds no rules") }
    }

    /// How many rules were read.
    public var count: Int { rules.count + wildcards.count + exceptions.count }

    /// The registrable domain of `host` (its public suffix and one label more), or nil when the host is itself a
    /// public suffix. The list's algorithm: the longest matching rule wins, an exception rule over any other, and a
    /// host no rule matches has its last label as public suffix (the implicit `*` rule).
    public func registrableDomain(of host: String) -> String? {
        let labels = host.lowercased().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !labels.contains(where: \.isEmpty) else { return nil }
        var suffixLength = 1
        for start in labels.indices {
            let candidate = labels[start...].joined(separator: ".")
            let length = labels.count - start
            if exceptions.contains(candidate) {
                // An exception's public suffix is the rule without its leftmost label.
                suffixLength = length - 1
                break
            }
            if rules.contains(candidate) { suffixLength = max(suffixLength, length) }
            if start + 1 < labels.count, wildcards.contains(labels[(start + 1)...].joined(separator: ".")) {
                suffixLength = max(suffixLength, length)
            }
        }
        guard labels.count > suffixLength else { return nil }
        return labels[(labels.count - suffixLength - 1)...].joined(separator: ".")
    }
}
