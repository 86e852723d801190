// Stub of CryptoKit's SymmetricKey, the type AuthenticationServices uses for PRF results, for the Linux
// type-check (scripts/typecheck-apple). Transcribed from the iOS 16.5 SDK's CryptoKit.swiftinterface.
import Foundation

// iOS 13.0: public struct SymmetricKey : Foundation.ContiguousBytes
public struct SymmetricKey: ContiguousBytes {
    private let bytes: [UInt8]
    // iOS 13.0: public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { try bytes.withUnsafeBytes(body) }
    // iOS 13.0: public init<D>(data: D) where D : Foundation.ContiguousBytes
    public init<D>(data: D) where D: ContiguousBytes { bytes = data.withUnsafeBytes { Array($0) } }
    // iOS 13.0: public var bitCount: Int { get }
    public var bitCount: Int { bytes.count * 8 }
}
