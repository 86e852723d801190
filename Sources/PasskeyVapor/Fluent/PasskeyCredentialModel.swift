#if Vapor
public import FluentKit
import Foundation

/// A stored passkey (a WebAuthn L3 §4 credential record) as a Fluent model, in the table `passkey_credentials`
/// (``CreatePasskeyCredentials``). It belongs to the account whose user handle it carries; the app's own user model
/// keeps that handle (``PasskeyFluentUser``), so no foreign key ties this table to the app's.
public final class PasskeyCredentialModel: Model, @unchecked Sendable {
    /// The table.
    public static let schema = "passkey_credentials"

    /// The row's own ID.
    @ID(key: .id) public var id: UUID?
    /// The credential ID the authenticator chose (unique across the relying party, §7.1 step 26).
    @Field(key: "credential_id") public var credentialID: Data
    /// The user handle of the account it belongs to.
    @Field(key: "user_handle") public var userHandle: Data
    /// The COSE_Key bytes (§6.5.1.1).
    @Field(key: "public_key") public var publicKey: Data
    /// The last signature counter seen (§6.1.1).
    @Field(key: "sign_count") public var signCount: Int64
    /// Transports reported at registration, comma-separated.
    @Field(key: "transports") public var transports: String
    /// The authenticator model's AAGUID.
    @Field(key: "aaguid") public var aaguid: String
    /// The attestation statement format.
    @Field(key: "format") public var format: String
    /// The attestation type the verifier established.
    @Field(key: "attestation_type") public var attestationType: String
    /// BE (§6.1.3), fixed for the credential's life.
    @Field(key: "backup_eligible") public var backupEligible: Bool
    /// BS (§6.1.3) at the last ceremony.
    @Field(key: "backup_state") public var backupState: Bool
    /// The name people tell it apart by.
    @Field(key: "name") public var name: String
    /// When it was registered, in milliseconds since 1970.
    @Field(key: "created_at") public var createdAt: Int64
    /// When it last signed in, in milliseconds since 1970.
    @OptionalField(key: "last_used_at") public var lastUsedAt: Int64?
    /// Whether it has ever verified its user (the credential record's `uvInitialized`; ``AddPasskeyUVInitialized``).
    @Field(key: "uv_initialized") public var uvInitialized: Bool

    /// An empty model, for Fluent.
    public init() {}

    /// The row for `record`.
    public init(_ record: CredentialRecord) {
        credentialID = Data(record.id)
        userHandle = Data(record.userHandle)
        publicKey = Data(record.publicKey)
        signCount = Int64(record.signCount)
        transports = record.transports.joined(separator: ",")
        aaguid = record.aaguid
        format = record.format
        attestationType = record.attestationType
        backupEligible = record.backupEligible
        backupState = record.backupState
        name = record.name
        createdAt = record.createdAt
        lastUsedAt = record.lastUsedAt
        uvInitialized = record.uvInitialized
    }

    /// The row as the relying party's record.
    public var record: CredentialRecord {
        CredentialRecord(
            id: [UInt8](credentialID), userHandle: [UInt8](userHandle), publicKey: [UInt8](publicKey), signCount: UInt32(clamping: signCount),
            transports: transports.split(separator: ",").map(String.init), aaguid: aaguid, format: format, attestationType: attestationType,
            backupEligible: backupEligible, backupState: backupState, name: name, createdAt: createdAt, lastUsedAt: lastUsedAt,
            uvInitialized: uvInitialized)
    }
}
#endif
