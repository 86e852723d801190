import PasskeyCore

/// The rules browsers apply to a relying party's related origins (WebAuthn L3 §5.11.1 "Related Origin Requests"),
/// checked at start so a configuration they would ignore in part never runs.
enum RelatedOrigins {
    /// The spec's maxRelatedOrigins: clients MUST support at least five distinct labels and SHOULD stop there
    /// (Chrome and Safari do), skipping every origin whose label would be a sixth.
    static let maximumLabels = 5

    /// `origin` as browsers serialize it into clientDataJSON, or a message saying what is wrong with it: only such a
    /// string can ever equal `clientDataJSON.origin` (§7.1 step 9 compares exactly).
    static func host(of origin: String) -> Result<String, ConfigurationError> {
        func refuse(_ problem: String) -> Result<String, ConfigurationError> {
            .failure(ConfigurationError("--related-origin: '\(origin)' \(problem)"))
        }
        let scheme: String
        if origin.hasPrefix("https://") {
            scheme = "https"
        } else if origin.hasPrefix("http://") {
            scheme = "http"
        } else {
            return refuse("is not an https origin (https://host[:port]); Android app origins belong in --origin")
        }
        let authority = origin.dropFirst(scheme.count + 3)
        guard !authority.contains(where: { "/?#@[]".contains($0) }) else {
            return refuse("is not an origin: expected scheme://host[:port] with no path, query, user or IPv6 literal")
        }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        let host = String(parts[0])
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == ".") }) else {
            return refuse(
                "has a host browsers would write differently: expected lower-case letters, digits, '-' and '.' (punycode for other scripts)")
        }
        if parts.count > 2 { return refuse("has more than one ':' after the host") }
        if parts.count == 2 {
            guard let port = Int(parts[1]), (1...65535).contains(port), String(port) == parts[1] else {
                return refuse("has a port that is not a number from 1 to 65535")
            }
            guard port != (scheme == "https" ? 443 : 80) else {
                return refuse("names the default port, which browsers leave out of the origin: write it without ':\(port)'")
            }
        }
        // Related origins are for real sites: browsers run WebAuthn on http only for localhost (§5: secure contexts only).
        guard scheme == "https" || host == "localhost" || host.hasSuffix(".localhost") else {
            return refuse("is not https: browsers allow WebAuthn over http only on localhost")
        }
        guard !host.split(separator: ".").allSatisfy({ $0.allSatisfy(\.isNumber) }) else {
            return refuse("is an IP address, which has no registrable domain, so browsers skip it")
        }
        return .success(host)
    }

    /// The label a host counts as (§5.11.1 step 4: the registrable domain's first label, so `example.com` and
    /// `example.co.uk` are one), or nil when the host is itself a public suffix. Without a list, every host is taken
    /// as its own label: an upper bound, so a set accepted without the list is accepted by browsers too.
    static func label(of host: String, publicSuffixes: PublicSuffixList?) -> String? {
        let list = publicSuffixes ?? PublicSuffixList(text: "")
        guard let domain = list.registrableDomain(of: host) else { return nil }
        guard publicSuffixes != nil else { return host }
        return domain.split(separator: ".").first.map(String.init)
    }

    /// Refuses related origins browsers would not honour in full: malformed or non-https ones, duplicates, hosts
    /// with no registrable domain, and more than ``maximumLabels`` distinct labels.
    static func check(_ origins: [String], publicSuffixes: PublicSuffixList?) throws(ConfigurationError) {
        var labels: [String] = []
        var seen: Set<String> = []
        for origin in origins {
            let host = try Self.host(of: origin).get()
            guard seen.insert(origin).inserted else { throw ConfigurationError("--related-origin: '\(origin)' is listed twice") }
            guard let label = Self.label(of: host, publicSuffixes: publicSuffixes) else {
                throw ConfigurationError("--related-origin: '\(origin)' is a public suffix with no registrable domain, which browsers skip")
            }
            if !labels.contains(label) { labels.append(label) }
        }
        guard labels.count <= maximumLabels else {
            let how =
                publicSuffixes == nil
                ? "every host counts as its own label because no public suffix list was found (install Debian's publicsuffix or pass --public-suffix-list FILE)"
                : "labels are the first label of each registrable domain"
            throw ConfigurationError(
                "--related-origin: \(labels.count) distinct labels (\(labels.joined(separator: ", "))), but browsers honour at most \(maximumLabels) (WebAuthn L3 §5.11.1) and skip the origins of the rest; \(how)"
            )
        }
    }

    /// `/.well-known/webauthn`: the origins that may use this RP ID (§5.11.1).
    static func document(_ origins: [String]) -> JSONValue {
        .object(JSONObject(["origins": .array(origins.map(JSONValue.string))]))
    }
}
