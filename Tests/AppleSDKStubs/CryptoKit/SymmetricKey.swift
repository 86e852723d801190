// Stub of CryptoKit's SymmetricKey, the type AuthenticationServices uses for PRF results, for the Linux
// type-check (scripts/typecheck-apple). Transcribed from the iOS 16.5 SDK's CryptoKit.swiftinterface.
import Foundation

// iOS 13.0: public struct SymmetricKey : Foundation.ContiguousBytes
@available(iOS 13.0, macOS 10.15, *)
public struct SymmetricKey: ContiguousBytes {
    private let storage: [UInt8]
    // iOS 13.0: public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { try storage.withUnsafeBytes(body) }
    // iOS 13.0: public init<D>(data: D) where D : Foundation.ContiguousBytes
    public init<D>(data: D) where D: ContiguousBytes { storage = data.withUnsafeBytes { Array($0) } }
    // iOS 13.0: public var bitCount: Int { get }
    public var bitCount: Int { storage.count * 8 }
}
