import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyCore
import PasskeyServer
import SwiftASN1
import Synchronization
import Testing
import X509

/// A metadata service of the tests' own: a root, a signer under it, and MDS3 BLOBs (FIDO MDS3 §3.1.6–3.1.7) it signs.
struct TestMetadataService {
    let root: Certificate
    private let signer: Certificate
    private let signerKey = P256.Signing.PrivateKey()
    /// The AAGUID every BLOB describes, so a registration shows which BLOB judged it.
    static let aaguid = "f1d0f1d0-0000-4000-8000-00000000beef"

    init() throws {
        let rootKey = P256.Signing.PrivateKey()
        let rootName = try DistinguishedName {
            OrganizationName("Test")
            CommonName("Test MDS Root")
        }
        let validFrom = Date(timeIntervalSince1970: 1_577_836_800) // 2020-01-01
        let validUntil = Date(timeIntervalSince1970: 2_208_988_800) // 2040-01-01
        root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey), notValidBefore: validFrom, notValidAfter: validUntil,
            issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(rootKey))
        signer = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(signerKey.publicKey), notValidBefore: validFrom, notValidAfter: validUntil,
            issuer: rootName,
            subject: try DistinguishedName {
                OrganizationName("Test")
                CommonName("Test MDS Signer")
            },
            signatureAlgorithm: .ecdsaWithSHA256, extensions: Certificate.Extensions(), issuerPrivateKey: .init(rootKey))
    }

    /// A BLOB numbered `no`, naming ``aaguid``'s model `model`; with `corruptSignature`, one whose signature fails.
    func blob(no: Int, nextUpdate: String, model: String = "Test Key", corruptSignature: Bool = false) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(signer)
        let header = #"{"alg":"ES256","typ":"JWT","x5c":["\#(Data(serializer.serializedBytes).base64EncodedString())"]}"#
        let payload = """
            {"legalHeader":"test","no":\(no),"nextUpdate":"\(nextUpdate)","entries":[
              {"aaguid":"\(Self.aaguid)","metadataStatement":{"description":"\(model)"},
               "statusReports":[{"status":"FIDO_CERTIFIED_L1"}],"timeOfLastStatusChange":"2024-01-01"}]}
            """
        let input = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
        var signature = Array(try signerKey.signature(for: Array(input.utf8)).rawRepresentation)
        if corruptSignature { signature[5] ^= 1 }
        return Array((input + "." + Base64URL.encode(signature)).utf8)
    }
}

/// An HTTP server on 127.0.0.1 that answers `GET /mds` with whatever the test sets: a BLOB, an error status, a
/// body over the cap (with or without Content-Length), or a BLOB after a delay.
final class TestBLOBServer: Sendable {
    enum Answer: Sendable {
        case blob([UInt8])
        case status(Int)
        case oversized(bytes: Int, chunked: Bool)
        case slow(Duration, [UInt8])
    }

    private let answer = Mutex(Answer.status(503))
    private let count = Mutex(0)

    /// How many requests came.
    var requests: Int { count.withLock { $0 } }

    func serve(_ next: Answer) { answer.withLock { $0 = next } }

    /// Runs the server on a free loopback port for `body`, which gets the BLOB's URL.
    func run(_ body: @Sendable (URL) async throws -> Void) async throws {
        let router = Router()
        router.get("/mds") { _, _ -> Response in
            self.count.withLock { $0 += 1 }
            switch self.answer.withLock({ $0 }) {
            case .blob(let bytes):
                return Response(status: .ok, headers: [.contentType: "application/jwt"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            case .status(let code):
                return Response(status: HTTPResponse.Status(code: code))
            case .oversized(let bytes, let chunked):
                let chunk = ByteBuffer(repeating: 0x41, count: 1024)
                return Response(
                    status: .ok,
                    body: ResponseBody(contentLength: chunked ? nil : bytes) { writer in
                        for _ in 0..<(bytes / 1024) { try await writer.write(chunk) }
                        try await writer.finish(nil)
                    })
            case .slow(let delay, let bytes):
                try await Task.sleep(for: delay)
                return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            }
        }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let port = try #require(client.port)
            try await body(try #require(URL(string: "http://127.0.0.1:\(port)/mds")))
        }
    }
}

/// The refresher's events, kept for the test to read.
final class EventRecorder: Sendable {
    private let events = Mutex<[String]>([])
    var all: [String] { events.withLock { $0 } }
    func record(_ event: MetadataRefreshEvent) { events.withLock { $0.append(Self.kind(event)) } }
    func count(_ kind: String) -> Int { all.filter { $0 == kind }.count }

    static func kind(_ event: MetadataRefreshEvent) -> String {
        switch event {
        case .loadedFromCache: "loadedFromCache"
        case .cacheRefused: "cacheRefused"
        case .updated: "updated"
        case .failed(let result, _): "failed:\(result.rawValue)"
        case .stale: "stale"
        case .recovered: "recovered"
        case .cacheWriteFailed: "cacheWriteFailed"
        }
    }
}

/// A value the test and a refresher's injected sleep share.
final class SharedValue<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ initial: Value) { value = Mutex(initial) }
    func read() -> Value { value.withLock { $0 } }
    @discardableResult
    func update<Result: Sendable>(_ change: (inout Value) -> Result) -> Result { value.withLock { change(&$0) } }
}
