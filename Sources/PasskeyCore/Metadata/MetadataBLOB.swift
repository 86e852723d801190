import Crypto
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

    /// The largest JWS header accepted: it carries the signing chain (`x5c`, a few certificates of 1–2 KB each), so
    /// a header of megabytes is refused before it is decoded.
    public static let maximumHeaderSize = 64 * 1024

    /// Verifies, then reads: every check of the signer runs before a byte of the payload is decoded.
    ///
    /// 1. The header alone is decoded (at most ``maximumHeaderSize``), and its `x5c` chain checked against `roots`
    ///    at `time` (FIDO MDS3 §3.2 step 2), the signer's name under FIDO's public roots, and the CRLs (step 3).
    /// 2. The signature is checked over the raw `header.payload` bytes, where they lie in `jwt` (step 4).
    /// 3. Only then is the payload decoded and parsed, one entry at a time (step 5).
    ///
    /// A refusal before step 3 names the signer's problem, whatever the payload holds: a BLOB from an untrusted
    /// signer costs its header's parse, never the payload's. Memory budget: the BLOB is read where it lies (no copy
    /// of it is made); a trusted BLOB's payload is decoded once (three quarters of the BLOB's size) and parsed
    /// entry by entry (`JSONParser.parseObject(_:what:streamingArray:maxDepth:element:)`), so beside the BLOB and
    /// its decoded payload only one entry's JSON tree and the finished index are alive.
    ///
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
        // Surrounding whitespace trimmed by indices: a slice of the caller's buffer, not a copy.
        let first = jwt.firstIndex { !Self.isSpace($0) } ?? jwt.endIndex
        let last = jwt.lastIndex { !Self.isSpace($0) }.map { $0 + 1 } ?? first
        // Step 1 of "verify, then read": the header, then the signer (§3.2 steps 2 and 3).
        let jws = try JWS(
            compact: jwt[first..<max(first, last)], code: .metadataInvalid, context: "metadata BLOB", maximumHeaderBytes: maximumHeaderSize,
            readPayload: false)
        let verdict = await AttestationTrust.evaluate(trustPath: jws.certificates, anchors: roots, at: time)
        guard verdict.trusted else {
            throw WebAuthnError(
                .metadataInvalid,
                "metadata BLOB: untrusted signer: expected the x5c chain to lead to a configured metadata root, but \(verdict.reason ?? "it does not")"
            )
        }
        if let signer = jws.certificates.first, roots.contains(where: BuiltInRoots.fidoMetadataServiceRoots.contains) {
            let names = signerNames(signer)
            guard !names.isDisjoint(with: fidoSignerNames) else {
                throw WebAuthnError(
                    .metadataInvalid,
                    "metadata BLOB: untrusted signer: expected a signing certificate for \(fidoSignerNames.sorted().joined(separator: " or ")) under FIDO's public roots, found one for \(names.isEmpty ? "no name" : names.sorted().joined(separator: ", "))"
                )
            }
        }
        for crl in crls {
            do { try crl.check(chain: jws.certificates + roots, at: time) } catch {
                throw WebAuthnError(.metadataInvalid, "metadata BLOB: untrusted signer: \(error.message)")
            }
        }
        // Step 2 (§3.2 step 4), then step 3: the payload's bytes, decoded only once the signature over the raw
        // `header.payload` verified.
        let payloadBytes: [UInt8]
        do {
            payloadBytes = try jws.verifiedPayload()
        } catch {
            throw WebAuthnError(
                .metadataInvalid, error.code == .invalidSignature ? "metadata BLOB: untrusted signer: \(error.message)" : error.message)
        }
        // §3.1.6 MetadataBLOBPayload, each entry read into a MetadataEntry as soon as it is parsed.
        do throws(WebAuthnError) {
            var entries: [MetadataEntry] = []
            let payload = try JSONParser.parseObject(payloadBytes, what: "metadata BLOB payload", streamingArray: "entries") {
                (index, item) throws(WebAuthnError) in
                guard case .object(let object) = item else {
                    throw WebAuthnError(.metadataInvalid, "metadata BLOB entries[\(index)]: expected an object, found \(item.typeName)")
                }
                entries.append(try MetadataEntry(json: object, index: index))
            }
            guard let serial = try payload.optionalInt("no", in: "metadata BLOB payload") else {
                throw WebAuthnError(.metadataInvalid, "metadata BLOB payload: expected an integer 'no', found none")
            }
            let nextUpdate = try payload.requiredString("nextUpdate", in: "metadata BLOB payload")
            guard case .array? = payload["entries"] else {
                throw WebAuthnError(
                    .metadataInvalid, "metadata BLOB payload: expected an 'entries' array, found \(payload["entries"]?.typeName ?? "none")")
            }
            return MetadataIndex(serialNumber: serial, nextUpdate: nextUpdate, entries: entries, publisher: publisher(of: roots))
        } catch  where error.code == .metadataInvalid {
            throw error
        } catch {
            throw WebAuthnError(.metadataInvalid, error.message)
        }
    }

    /// Names a set of metadata roots: hex SHA-256 over their DER encodings, sorted. BLOBs verified under the same
    /// roots come from one publisher and count their serial numbers (`no`) in one sequence.
    public static func publisher(of roots: [Certificate]) -> String {
        let encodings = roots.compactMap { root -> [UInt8]? in
            var serializer = DER.Serializer()
            guard (try? serializer.serialize(root)) != nil else { return nil }
            return serializer.serializedBytes
        }
        var hash = SHA256()
        for der in encodings.sorted(by: { $0.lexicographicallyPrecedes($1) }) { hash.update(data: der) }
        return Hex.encode(Array(hash.finalize()))
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
