public import Foundation
import SwiftASN1
public import X509

/// Loads and verifies a FIDO Metadata Service BLOB (FIDO MDS3 §3.1.7 and the processing rules of §3.2).
///
/// The BLOB is a JWT signed by a certificate in its `x5c` header; that chain must lead to the configured root
/// (FIDO's, GlobalSign Root R46 and Root CA - R3, by default) at the verification time, with no certificate revoked
/// by the CRLs given. Under those public roots the signing certificate must also be FIDO's own
/// (``fidoSignerNames``): GlobalSign issues TLS certificates to anyone under them. Only then are the entries read.
public enum MetadataBLOB {
    /// The largest BLOB accepted. FIDO's own is about 10 MB (base64 of ~7 MB of JSON); this leaves room to grow
    /// without letting a wrong file exhaust memory.
    public static let maximumSize = 64 * 1024 * 1024

    /// The names FIDO's BLOB signing certificate carries (its subject CN or a DNS subject alternative name). A chain
    /// to a built-in metadata root must be signed by a certificate with one of them: the roots are GlobalSign's public
    /// TLS roots, under which anyone can buy a certificate for another name and sign a BLOB with it.
    public static let fidoSignerNames: Set<String> = ["mds.fidoalliance.org", "mds3.fidoalliance.org"]

    /// - Parameters:
    ///   - jwt: the BLOB file's bytes (the compact JWT, surrounding whitespace allowed).
    ///   - roots: the roots the signing chain may end in.
    ///   - crls: certificate revocation lists for the chain; each one given must verify and be current.
    ///   - time: the verification time.
    public static func verify(
        _ jwt: [UInt8], roots: [Certificate] = BuiltInRoots.fidoMetadataServiceRoots,
        crls: [CertificateRevocationList] = [], at time: Date
    ) async throws(WebAuthnError) -> MetadataIndex {
        guard jwt.count <= maximumSize else {
            throw WebAuthnError(.inputTooLarge, "metadata BLOB: expected at most \(maximumSize) bytes, found \(jwt.count)")
        }
        let trimmed = Array(jwt.drop(while: Self.isSpace).reversed().drop(while: Self.isSpace).reversed())
        // §3.2 steps 2–4: the signing chain, its revocation status, then the signature.
        let jws = try JWS(compact: trimmed, code: .metadataInvalid, context: "metadata BLOB")
        let verdict = await AttestationTrust.evaluate(trustPath: jws.certificates, anchors: roots, at: time)
        guard verdict.trusted else {
            throw WebAuthnError(
                .metadataInvalid,
                "metadata BLOB: expected the x5c chain to lead to a configured metadata root, but \(verdict.reason ?? "it does not")")
        }
        if let signer = jws.certificates.first, roots.contains(where: BuiltInRoots.fidoMetadataServiceRoots.contains) {
            let names = signerNames(signer)
            guard !names.isDisjoint(with: fidoSignerNames) else {
                throw WebAuthnError(
                    .metadataInvalid,
                    "metadata BLOB: expected a signing certificate for \(fidoSignerNames.sorted().joined(separator: " or ")) under FIDO's public roots, found one for \(names.isEmpty ? "no name" : names.sorted().joined(separator: ", "))"
                )
            }
        }
        for crl in crls {
            try crl.check(chain: jws.certificates + roots, at: time)
        }
        do {
            try jws.verifySignature()
        } catch {
            throw WebAuthnError(.metadataInvalid, error.message)
        }
        // §3.1.6 MetadataBLOBPayload.
        let payload = jws.payload
        do throws(WebAuthnError) {
            guard let serial = try payload.optionalInt("no", in: "metadata BLOB payload") else {
                throw WebAuthnError(.metadataInvalid, "metadata BLOB payload: expected an integer 'no', found none")
            }
            let nextUpdate = try payload.requiredString("nextUpdate", in: "metadata BLOB payload")
            guard case .array(let items)? = payload["entries"] else {
                throw WebAuthnError(
                    .metadataInvalid, "metadata BLOB payload: expected an 'entries' array, found \(payload["entries"]?.typeName ?? "none")")
            }
            var entries: [MetadataEntry] = []
            entries.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                guard case .object(let object) = item else {
                    throw WebAuthnError(.metadataInvalid, "metadata BLOB entries[\(index)]: expected an object, found \(item.typeName)")
                }
                entries.append(try MetadataEntry(json: object, index: index))
            }
            return MetadataIndex(serialNumber: serial, nextUpdate: nextUpdate, entries: entries)
        } catch  where error.code == .metadataInvalid {
            throw error
        } catch {
            throw WebAuthnError(.metadataInvalid, error.message)
        }
    }

    /// The signing certificate's subject CN and DNS subject alternative names, lower-cased.
    private static func signerNames(_ certificate: Certificate) -> Set<String> {
        var names = Set<String>()
        if let commonName = SubjectFields(certificate.subject).first(.RDNAttributeType.commonName) { names.insert(commonName.lowercased()) }
        if let alternatives = try? certificate.extensions.subjectAlternativeNames {
            for case .dnsName(let name) in alternatives { names.insert(name.lowercased()) }
        }
        return names
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
