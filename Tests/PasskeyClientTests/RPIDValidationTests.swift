import PasskeyModel
import Testing

/// §5.1.3 step 8 / §5.1.4.1 step 7: an RP ID is the origin's host or a registrable suffix of it; an IP address only equals
/// itself.
@Suite("RP ID checks")
struct RPIDValidationTests {
    @Test("a domain allows itself and its registrable suffixes, nothing else")
    func domains() throws {
        let origin = try RPIDValidation.origin("https://login.example.com")
        try RPIDValidation.checkRPID("login.example.com", for: origin)
        try RPIDValidation.checkRPID("example.com", for: origin)
        for refused in ["com", "xample.com", "other.example.com", "evil.com", ""] {
            #expect(throws: WebAuthnClientError.self, "\(refused)") { try RPIDValidation.checkRPID(refused, for: origin) }
        }
    }

    @Test(
        "an address allows only itself, whatever digits spell it",
        arguments: [
            "https://127.0.0.1", "https://10.0.0.1:8443", "https://[::1]", "https://[2001:db8::1]",
        ])
    func addresses(_ text: String) throws {
        let origin = try RPIDValidation.origin(text)
        try RPIDValidation.checkRPID(origin.host, for: origin)
        let labels = origin.host.split(separator: ".")
        if labels.count > 1 {
            #expect(throws: WebAuthnClientError.self) { try RPIDValidation.checkRPID(labels.dropFirst().joined(separator: "."), for: origin) }
        }
    }

    @Test("a host spelled in fullwidth digits is read as the address it is: no suffix of it is an RP ID")
    func fullwidthDigits() throws {
        let origin = try RPIDValidation.origin("https://\u{FF11}\u{FF12}\u{FF17}.\u{FF10}.\u{FF10}.\u{FF11}")
        #expect(origin.host == "127.0.0.1")
        #expect(throws: WebAuthnClientError.self) { try RPIDValidation.checkRPID("0.1", for: origin) }
        try RPIDValidation.checkRPID("127.0.0.1", for: origin)
    }
}
