public import X509

/// One authenticator model in a metadata BLOB (FIDO MDS3 §3.1.1, MetadataBLOBPayloadEntry), reduced to what a
/// relying party uses: identity, trust anchors, status, and how to show it to people.
public struct MetadataEntry: Sendable {
    /// One entry of the model's status history (FIDO MDS3 §3.1.3): a certification level reached, or a compromise
    /// found.
    public struct StatusReport: Sendable {
        /// What happened, such as `FIDO_CERTIFIED_L1` or `USER_VERIFICATION_BYPASS`.
        public let status: AuthenticatorStatus
        /// "YYYY-MM-DD", when present.
        public let effectiveDate: String?
    }

    /// The model's AAGUID; nil for U2F authenticators, which are found by ``attestationCertificateKeyIdentifiers``
    /// instead.
    public let aaguid: AAGUID?
    /// Lower-case hex SHA-1 of attestation certificates' subjectPublicKey (for U2F authenticators, which have no AAGUID).
    public let attestationCertificateKeyIdentifiers: [String]
    /// The model's name, e.g. "YubiKey 5 Series with NFC".
    public let description: String?
    /// A `data:` URL of the model's icon (unchecked; ``AuthenticatorProviders`` checks it before use).
    public let icon: String?
    /// Metadata Statement 3.1.1: a `data:` URL of the model's icon for dark backgrounds.
    public let iconDark: String?
    /// Metadata Statement 3.1.1: `data:` URLs of the provider's logo, for light and dark backgrounds.
    public let providerLogoLight: String?
    /// See ``providerLogoLight``.
    public let providerLogoDark: String?
    /// Metadata Statement 3.1.1: the model's name by BCP 47 language tag, such as `["en-US": "YubiKey 5"]`.
    public let friendlyNames: [String: String]
    /// The roots this model's attestation certificates chain to.
    public let attestationRootCertificates: [Certificate]
    /// The model's status history, in the order the BLOB lists it.
    public let statusReports: [StatusReport]
    /// "YYYY-MM-DD" of the latest status report, when the BLOB gives it.
    public let timeOfLastStatusChange: String?

    /// The first report whose status this library refuses, if any. All reports count, not just the latest: a
    /// compromise is not undone by a later certification of another firmware version.
    public var refusedStatus: StatusReport? {
        statusReports.first { AuthenticatorStatus.refused.contains($0.status) }
    }

    init(json entry: JSONObject, index: Int) throws(WebAuthnError) {
        let path = "metadata BLOB entries[\(index)]"
        func fail(_ message: String) -> WebAuthnError { WebAuthnError(.metadataInvalid, "\(path): \(message)") }
        do throws(WebAuthnError) {
            if let text = try entry.optionalString("aaguid", in: path) {
                guard let aaguid = AAGUID(string: text) else { throw fail("expected aaguid to be a UUID, found '\(text)'") }
                self.aaguid = aaguid
            } else {
                aaguid = nil
            }
            attestationCertificateKeyIdentifiers = (try entry.optionalStringArray("attestationCertificateKeyIdentifiers", in: path) ?? []).map {
                $0.lowercased()
            }
            let statement = try entry.optionalObject("metadataStatement", in: path)
            description = try statement?.optionalString("description", in: "\(path).metadataStatement")
            icon = try statement?.optionalString("icon", in: "\(path).metadataStatement")
            iconDark = try statement?.optionalString("iconDark", in: "\(path).metadataStatement")
            providerLogoLight = try statement?.optionalString("providerLogoLight", in: "\(path).metadataStatement")
            providerLogoDark = try statement?.optionalString("providerLogoDark", in: "\(path).metadataStatement")
            var names: [String: String] = [:]
            if let object = try statement?.optionalObject("friendlyNames", in: "\(path).metadataStatement") {
                for member in object.members {
                    guard case .string(let name) = member.value else {
                        throw fail("expected metadataStatement.friendlyNames.\(member.key) to be a string, found \(member.value.typeName)")
                    }
                    names[member.key] = name
                }
            }
            friendlyNames = names
            var roots: [Certificate] = []
            for (i, text) in (try statement?.optionalStringArray("attestationRootCertificates", in: "\(path).metadataStatement") ?? []).enumerated() {
                // MDS3 §3.1.1 / MetadataStatement §4: base64 (RFC 4648 §4, standard alphabet) DER certificates.
                guard let der = try? Base64URL.decode(text, strictness: .lenient), let certificate = try? Certificate(derEncoded: der) else {
                    throw fail("expected metadataStatement.attestationRootCertificates[\(i)] to be a base64 DER certificate, found something else")
                }
                roots.append(certificate)
            }
            attestationRootCertificates = roots
            guard case .array(let reports)? = entry["statusReports"] else {
                throw fail("expected a statusReports array, found \(entry["statusReports"]?.typeName ?? "none")")
            }
            var parsed: [StatusReport] = []
            for (i, report) in reports.enumerated() {
                guard case .object(let object) = report else { throw fail("expected statusReports[\(i)] to be an object, found \(report.typeName)") }
                let status = try object.requiredString("status", in: "\(path).statusReports[\(i)]")
                parsed.append(
                    StatusReport(
                        status: AuthenticatorStatus(rawValue: status),
                        effectiveDate: try object.optionalString("effectiveDate", in: "\(path).statusReports[\(i)]")))
            }
            statusReports = parsed
            timeOfLastStatusChange = try entry.optionalString("timeOfLastStatusChange", in: path)
        } catch  where error.code == .metadataInvalid {
            throw error
        } catch {
            throw WebAuthnError(.metadataInvalid, error.message)
        }
    }
}
