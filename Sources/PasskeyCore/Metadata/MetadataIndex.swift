import Crypto
public import X509

/// Verified FIDO metadata, indexed for registration: by AAGUID and by attestation certificate key identifier.
public struct MetadataIndex: Sendable {
    /// The BLOB's serial number (`no`), which increases with every publication.
    public let serialNumber: Int64
    /// "YYYY-MM-DD": when FIDO plans the next BLOB; past it, fetch a new one.
    public let nextUpdate: String
    /// Every entry of the BLOB, in its order.
    public let entries: [MetadataEntry]
    /// The roots the BLOB was verified under (``MetadataBLOB/publisher(of:)``): serial numbers are compared only
    /// between BLOBs of one publisher.
    public let publisher: String
    private let byAAGUID: [AAGUID: Int]
    private let byKeyIdentifier: [String: Int]

    init(serialNumber: Int64, nextUpdate: String, entries: [MetadataEntry], publisher: String = "") {
        self.serialNumber = serialNumber
        self.nextUpdate = nextUpdate
        self.entries = entries
        self.publisher = publisher
        var byAAGUID: [AAGUID: Int] = [:]
        var byKeyIdentifier: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            if let aaguid = entry.aaguid { byAAGUID[aaguid] = byAAGUID[aaguid] ?? index }
            for id in entry.attestationCertificateKeyIdentifiers { byKeyIdentifier[id] = byKeyIdentifier[id] ?? index }
        }
        self.byAAGUID = byAAGUID
        self.byKeyIdentifier = byKeyIdentifier
    }

    /// The entry for an AAGUID, or nil when the BLOB does not list it. When two entries share one, the first wins.
    public func entry(for aaguid: AAGUID) -> MetadataEntry? {
        byAAGUID[aaguid].map { entries[$0] }
    }

    /// The entry for an attestation chain: by AAGUID when the authenticator has one, otherwise by the key
    /// identifier of any certificate in the chain (U2F devices report the zero AAGUID).
    public func entry(aaguid: AAGUID, trustPath: [Certificate]) -> MetadataEntry? {
        if aaguid != .zero, let entry = entry(for: aaguid) { return entry }
        for certificate in trustPath {
            if let index = byKeyIdentifier[Self.keyIdentifier(of: certificate)] { return entries[index] }
        }
        return nil
    }

    /// MDS3 attestationCertificateKeyIdentifiers: hex SHA-1 of the subjectPublicKey bits (RFC 5280 §4.2.1.2 (1)).
    public static func keyIdentifier(of certificate: Certificate) -> String {
        Hex.encode(Insecure.SHA1.hash(data: certificate.publicKey.subjectPublicKeyInfoBytes))
    }
}
