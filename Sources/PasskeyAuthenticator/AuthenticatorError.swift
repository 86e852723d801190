/// Errors of the software authenticator, each with a stable code.
public struct AuthenticatorError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let unsupportedAlgorithm = Code(rawValue: "unsupportedAlgorithm")
        public static let keyGenerationFailed = Code(rawValue: "keyGenerationFailed")
        public static let signingFailed = Code(rawValue: "signingFailed")
        public static let invalidRequest = Code(rawValue: "invalidRequest")
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
