public import X509

extension BuiltInRoots {
    /// Apple WebAuthn Root CA: the anchor of every `apple` anonymous attestation chain (WebAuthn L3 §8.8).
    ///
    /// Published by Apple at https://www.apple.com/certificateauthority/Apple_WebAuthn_Root_CA.pem
    /// (listed on https://www.apple.com/certificateauthority/private/). EC P-384, valid 2020-03-18 to 2045-03-15.
    /// SHA-256 fingerprint 0915DD5C07A28DB549D1F677BB5A75D4BFBE9561A773424327762E9E02F9BB29.
    public static let appleWebAuthnRootCA = certificate(
        "Apple WebAuthn Root CA",
        base64: """
            MIICEjCCAZmgAwIBAgIQaB0BbHo84wIlpQGUKEdXcTAKBggqhkjOPQQDAzBLMR8wHQYDVQQDDBZBcHBsZSBXZWJBdXRobiBSb290
            IENBMRMwEQYDVQQKDApBcHBsZSBJbmMuMRMwEQYDVQQIDApDYWxpZm9ybmlhMB4XDTIwMDMxODE4MjEzMloXDTQ1MDMxNTAwMDAw
            MFowSzEfMB0GA1UEAwwWQXBwbGUgV2ViQXV0aG4gUm9vdCBDQTETMBEGA1UECgwKQXBwbGUgSW5jLjETMBEGA1UECAwKQ2FsaWZv
            cm5pYTB2MBAGByqGSM49AgEGBSuBBAAiA2IABCJCQ2pTVhzjl4Wo6IhHtMSAzO2cv+H9DQKev3//fG59G11kxu9eI0/7o6V5uShB
            pe1u6l6mS19S1FEh6yGljnZAJ+2GNP1mi/YK2kSXIuTHjxA/pcoRf7XkOtO4o1qlcaNCMEAwDwYDVR0TAQH/BAUwAwEB/zAdBgNV
            HQ4EFgQUJtdk2cV4wlpn0afeaxLQG2PxxtcwDgYDVR0PAQH/BAQDAgEGMAoGCCqGSM49BAMDA2cAMGQCMFrZ+9DsJ1PW9hfNdByw
            ZDsWDbWFp28it1d/5w2RPkRX3Bbn/UbDTNLx7Jr3jAGGiQIwHFj+dJZYUJR786osByBelJYsVZd2GbHQu209b5RCmGQ21gpSAk9Q
            ZW4B1bWeT0vT
            """)
}
