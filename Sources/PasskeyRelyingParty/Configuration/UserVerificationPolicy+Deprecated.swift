/// The relying party's own name for WebAuthn's `UserVerificationRequirement` (L3 §5.8.6), from before the two were
/// one type: the requirement, its order and its floor-raising now live on that enum alone.
@available(*, deprecated, renamed: "UserVerificationRequirement")
public typealias UserVerificationPolicy = UserVerificationRequirement
