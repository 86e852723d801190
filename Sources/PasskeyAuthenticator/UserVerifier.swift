/// Asks the user to approve a ceremony and, when it can, to prove it is them: the app's consent UI, biometrics, a PIN.
///
/// The software authenticator asks it once per ceremony, before anything is created or signed (CTAP2.1 §6.1.2
/// steps 11 and 14, §6.2.2 steps 6 and 9), and acts on the answer:
///
/// | ``verifyUser(for:)`` answers | the ceremony | flags |
/// | --- | --- | --- |
/// | ``UserConsent/verified`` | goes on | UP, and UV when ``canVerify`` and the RP did not discourage it |
/// | ``UserConsent/approved`` | goes on, unless the RP requires user verification | UP |
/// | ``UserConsent/declined`` | stops with `NotAllowedError` (CTAP2_ERR_OPERATION_DENIED) | none: nothing is signed |
///
/// Two different things can keep UV off, and they are kept apart: ``canVerify`` is whether this authenticator has a
/// verification method at all (the CTAP2 `uv` option; without one, a request that requires UV fails with
/// `userVerificationUnavailable` before the user is asked), and ``UserConsent/declined`` is the user saying no.
public protocol UserVerifier: Sendable {
    /// Whether this verifier can verify the user at all (it reports UV capability, CTAP2 "uv" option).
    var canVerify: Bool { get }
    /// Asks the user about `purpose`; only a ``UserConsent/declined`` answer stops the ceremony.
    func verifyUser(for purpose: VerificationPurpose) async -> UserConsent
}

/// The user's answer to a ``UserVerifier``.
public enum UserConsent: Sendable, Equatable {
    /// The user approved and was verified (biometrics, a PIN): user presence and user verification.
    case verified
    /// The user approved without being verified (a tap on "Allow", a touch): user presence only.
    case approved
    /// The user said no, or dismissed the prompt: the ceremony stops and nothing is created or signed.
    case declined
}

/// What the user is asked to approve.
public enum VerificationPurpose: Sendable, Equatable {
    /// Creating a passkey for `userName` at `rpID`.
    case register(rpID: String, userName: String)
    /// Signing in at `rpID` with the passkey of `userName`; nil when the credential has no stored name.
    case signIn(rpID: String, userName: String?)
}

/// Approves and verifies every request: for tests, the CLI and load generation, where the person running it has
/// consented.
public struct AlwaysVerify: UserVerifier {
    /// A verifier that answers ``UserConsent/verified``.
    public init() {}
    public var canVerify: Bool { true }
    public func verifyUser(for purpose: VerificationPurpose) async -> UserConsent { .verified }
}

/// Declines every request, as a user who says no does.
public struct NeverVerify: UserVerifier {
    /// A verifier that answers ``UserConsent/declined``.
    public init() {}
    public var canVerify: Bool { true }
    public func verifyUser(for purpose: VerificationPurpose) async -> UserConsent { .declined }
}

/// An authenticator with no user verification method whose user approves every request: user presence only, UV
/// never set.
public struct NoUserVerification: UserVerifier {
    /// A verifier that answers ``UserConsent/approved`` and reports no verification method.
    public init() {}
    public var canVerify: Bool { false }
    public func verifyUser(for purpose: VerificationPurpose) async -> UserConsent { .approved }
}

/// Delegates to a closure, e.g. the app's consent sheet.
public struct ClosureVerifier: UserVerifier {
    public let canVerify: Bool
    let body: @Sendable (VerificationPurpose) async -> UserConsent

    /// - Parameters:
    ///   - canVerify: whether `body` can verify the user (biometrics, a PIN) or only ask for approval.
    ///   - body: asks the user; ``UserConsent/declined`` stops the ceremony.
    public init(canVerify: Bool = true, _ body: @escaping @Sendable (VerificationPurpose) async -> UserConsent) {
        self.canVerify = canVerify
        self.body = body
    }

    public func verifyUser(for purpose: VerificationPurpose) async -> UserConsent { await body(purpose) }
}
