/// Asks the user to confirm a ceremony and prove it is them: the app's consent UI, biometrics, a PIN.
///
/// The software authenticator calls it for every ceremony that needs user verification (CTAP2 §6.1.2 step 11,
/// §6.2.2 step 10); `false` makes the ceremony fail with `NotAllowedError`.
public protocol UserVerifier: Sendable {
    /// Whether this verifier can verify the user at all (it reports UV capability, CTAP2 "uv" option).
    var canVerify: Bool { get }
    func verifyUser(for purpose: VerificationPurpose) async -> Bool
}

/// What the user is asked to approve.
public enum VerificationPurpose: Sendable, Equatable {
    case register(rpID: String, userName: String)
    case signIn(rpID: String, userName: String?)
}

/// Approves every request: for tests, the CLI and load generation, where the person running it has consented.
public struct AlwaysVerify: UserVerifier {
    public init() {}
    public var canVerify: Bool { true }
    public func verifyUser(for purpose: VerificationPurpose) async -> Bool { true }
}

/// Refuses every request, as a user who cancels does.
public struct NeverVerify: UserVerifier {
    public init() {}
    public var canVerify: Bool { true }
    public func verifyUser(for purpose: VerificationPurpose) async -> Bool { false }
}

/// An authenticator with no user verification method: user presence only, UV never set.
public struct NoUserVerification: UserVerifier {
    public init() {}
    public var canVerify: Bool { false }
    public func verifyUser(for purpose: VerificationPurpose) async -> Bool { false }
}

/// Delegates to a closure, e.g. the app's consent sheet.
public struct ClosureVerifier: UserVerifier {
    let body: @Sendable (VerificationPurpose) async -> Bool
    public init(_ body: @escaping @Sendable (VerificationPurpose) async -> Bool) { self.body = body }
    public var canVerify: Bool { true }
    public func verifyUser(for purpose: VerificationPurpose) async -> Bool { await body(purpose) }
}
