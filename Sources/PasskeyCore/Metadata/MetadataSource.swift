import Synchronization

/// Where a relying party reads its FIDO metadata from at each registration: one verified ``MetadataIndex``, or
/// none, that a refresher replaces while requests run.
///
/// Shared by reference: every copy of an ``AttestationPolicy`` holding this source sees a replacement at once. A
/// reader takes a lock only long enough to copy the index's storage references, so a registration never waits
/// for a download or a verification, and never sees half of one index and half of another.
public final class MetadataSource: Sendable {
    private let index: Mutex<MetadataIndex?>

    /// A source holding `index` (nil: no metadata until one is installed).
    public init(_ index: MetadataIndex? = nil) {
        self.index = Mutex(index)
    }

    /// The index in use now.
    public var current: MetadataIndex? {
        index.withLock { $0 }
    }

    /// Installs `newIndex` for every registration that starts from now on; those already running keep the one
    /// they read.
    public func replace(with newIndex: MetadataIndex?) {
        index.withLock { $0 = newIndex }
    }
}
