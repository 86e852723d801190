/// The client-data steps registration and authentication share (WebAuthn L3 §7.1 steps 7–11, §7.2 steps 10–14).
enum ClientDataVerification {
    static func verify(
        _ c: CollectedClientData, expectedType: String, challenge: Challenge, policy: VerificationPolicy
    ) throws(WebAuthnError) {
        // §7.1 step 7 / §7.2 step 10.
        guard c.type == expectedType else {
            throw WebAuthnError(.typeMismatch, "clientDataJSON.type: expected '\(expectedType)', found '\(c.type)'")
        }
        // §7.1 step 8 / §7.2 step 11.
        guard c.challenge == challenge.base64URL else {
            throw WebAuthnError(
                .challengeMismatch,
                "clientDataJSON.challenge does not match the expected challenge: expected '\(challenge.base64URL)', found '\(c.challenge)'")
        }
        // §7.1 step 9 / §7.2 step 12: an exact match against the origins the RP serves (§13.4.9).
        guard policy.origins.contains(c.origin) else {
            throw WebAuthnError(.originMismatch, "clientDataJSON.origin: expected \(Self.list(policy.origins)), found '\(c.origin)'")
        }
        // §7.1 step 10 / §7.2 step 13.
        if c.crossOrigin == true && !policy.allowCrossOrigin {
            throw WebAuthnError(
                .crossOriginNotAllowed,
                "clientDataJSON.crossOrigin: expected false (this relying party is not embedded in cross-origin iframes), found true")
        }
        // §7.1 step 11 / §7.2 step 14.
        if let top = c.topOrigin {
            guard policy.allowCrossOrigin, policy.topOrigins.contains(top) else {
                let expected = policy.topOrigins.isEmpty ? "no topOrigin (no embedding pages are allowed)" : Self.list(policy.topOrigins)
                throw WebAuthnError(.topOriginMismatch, "clientDataJSON.topOrigin: expected \(expected), found '\(top)'")
            }
        }
    }

    static func list(_ values: [String]) -> String {
        values.count == 1 ? "'\(values[0])'" : "one of " + values.map { "'\($0)'" }.joined(separator: ", ")
    }
}

/// The authenticator-data flag steps both ceremonies share.
enum FlagVerification {
    /// `userVerification` is the ceremony's requirement (the policy's when the caller named none).
    static func verify(_ authData: AuthenticatorData, policy: VerificationPolicy, userVerification: UserVerificationRequirement) throws(WebAuthnError)
    {
        // §7.1 step 15 / §7.2 step 16.
        if policy.requireUserPresence && !authData.userPresent {
            throw WebAuthnError(
                .userNotPresent,
                "authenticatorData flags: expected UP (user present), found \(authData.flags.rawValue == 0 ? "no flags" : authData.flags.description)"
            )
        }
        // §7.1 step 16 / §7.2 step 17.
        if userVerification == .required && !authData.userVerified {
            throw WebAuthnError(
                .userNotVerified,
                "authenticatorData flags: user verification is required, so expected UV, found \(authData.flags.rawValue == 0 ? "no flags" : authData.flags.description)"
            )
        }
        // §7.1 step 17 / §7.2 step 18: a credential cannot be backed up unless it is backup eligible (§6.1.3).
        if authData.backupState && !authData.backupEligible {
            throw WebAuthnError(
                .invalidBackupFlags, "authenticatorData flags: BS (backed up) is set without BE (backup eligible), which §6.1.3 does not allow")
        }
    }
}
