public import X509

extension BuiltInRoots {
    /// Google's "Key Attestation CA1" (ECDSA P-384): the root of Android Remote Key Provisioning chains
    /// (`android-key`, WebAuthn L3 §8.4), which sign attestation certificates since 2026-02-01 and exclusively since
    /// 2026-04-10. RKP chains do not carry the root in x5c: they end in an intermediate this root issued. Valid
    /// 2025-07-17 to 2035-07-15.
    ///
    /// Published by Google in "Verifying hardware-backed key pairs with Key Attestation" (root certificates:
    /// "will begin signing attestation certificate chains on February 1, 2026"),
    /// https://developer.android.com/privacy-and-security/security-key-attestation#root_certificate, and in the JSON
    /// list at https://android.googleapis.com/attestation/root.
    /// SHA-256 fingerprint 6D9DB4CE6C5C0B293166D08986E05774A8776CEB525D9E4329520DE12BA4BCC0.
    public static let googleKeyAttestationCA1 = certificate(
        "Key Attestation CA1",
        base64: """
            MIICIjCCAaigAwIBAgIRAISp0Cl7DrWK5/8OgN52BgUwCgYIKoZIzj0EAwMwUjEcMBoGA1UEAwwTS2V5IEF0dGVzdGF0aW9uIENB
            MTEQMA4GA1UECwwHQW5kcm9pZDETMBEGA1UECgwKR29vZ2xlIExMQzELMAkGA1UEBhMCVVMwHhcNMjUwNzE3MjIzMjE4WhcNMzUw
            NzE1MjIzMjE4WjBSMRwwGgYDVQQDDBNLZXkgQXR0ZXN0YXRpb24gQ0ExMRAwDgYDVQQLDAdBbmRyb2lkMRMwEQYDVQQKDApHb29n
            bGUgTExDMQswCQYDVQQGEwJVUzB2MBAGByqGSM49AgEGBSuBBAAiA2IABCPaI3FO3z5bBQo8cuiEas4HjqCtG/mLFfRT0MsIssPB
            EEU5Cfbt6sH5yOAxqEi5QagpU1yX4HwnGb7OtBYpDTB57uH5Eczm34A5FNijV3s0/f0UPl7zbJcTx6xwqMIRq6NCMEAwDwYDVR0T
            AQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMCAQYwHQYDVR0OBBYEFFIyuyz7RkOb3NaBqQ5lZuA0QepAMAoGCCqGSM49BAMDA2gAMGUC
            METfjPO/HwqReR2CS7p0ZWoD/LHs6hDi422opifHEUaYLxwGlT9SLdjkVpz0UUOR5wIxAIoGyxGKRHVTpqpGRFiJtQEOOTp/+s1G
            cxeYuR2zh/80lQyu9vAFCj6E4AXc+osmRg==
            """)
}
