public import X509

extension BuiltInRoots {
    /// The roots a FIDO Metadata Service BLOB may be signed under (FIDO MDS3 §3.3): GlobalSign Root R46, which FIDO
    /// has used since 2026-08-21, and GlobalSign Root CA - R3, which it used before and which also cross-signs R46.
    /// Either anchors the current BLOB's chain; a chain that ends in neither is refused.
    public static let fidoMetadataServiceRoots: [Certificate] = [globalSignRootR46, globalSignRootCAR3]
}
