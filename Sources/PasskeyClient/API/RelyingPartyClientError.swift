/// Why a call to the relying party failed.
public enum RelyingPartyClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused, with its `errorMessage` (and the verification code when it has one). `credentialID` is
    /// the `credentialId` of an `unknownCredential` answer: the credential ID (base64url) the sign-in carried, which
    /// the server no longer knows.
    case server(status: Int, message: String, code: String?, credentialID: String? = nil)
    /// The server could not be reached.
    case network(String)
    /// The server answered something that is not the API's JSON.
    case malformedResponse(String)
    /// The call was not sent: an argument cannot be what the API expects.
    case invalidArgument(String)

    /// The kind and the details in one line, as logs and the CLI show it: `the server refused (409, lastPasskey): …`.
    public var description: String {
        switch self {
        case .server(let status, let message, let code, _): "the server refused (\(status)\(code.map { ", \($0)" } ?? "")): \(message)"
        case .network(let message): "network error: \(message)"
        case .malformedResponse(let message): "unexpected answer: \(message)"
        case .invalidArgument(let message): "invalid argument: \(message)"
        }
    }

    /// Whether the server certainly did not act on the request: it answered 4xx (RFC 9110 §15.5, the client's
    /// request was refused as it stands). After anything else (no answer, a 5xx, an answer that cannot be read) the
    /// request may have taken effect. Two 4xx codes are not refusals of the request as first sent: `unknownCeremony`
    /// and `credentialAlreadyRegistered`, which a retried request meets when its first attempt succeeded.
    public var isRefusal: Bool {
        guard case .server(let status, _, let code, _) = self, (400..<500).contains(status) else { return false }
        // A repeated result (a transport or proxy that retried a POST whose first attempt was stored) meets an
        // already-used challenge or an already-registered credential: that says nothing against the key.
        return !["unknownCeremony", "credentialAlreadyRegistered"].contains(code ?? "")
    }

    /// A short reason for counting failures: the verification code, the HTTP status, or the kind.
    public var reason: String {
        switch self {
        case .server(let status, _, let code, _): code ?? "http\(status)"
        case .network: "network"
        case .malformedResponse: "malformedResponse"
        case .invalidArgument: "invalidArgument"
        }
    }
}
