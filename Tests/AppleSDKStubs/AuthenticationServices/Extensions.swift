// WebAuthn extension inputs and outputs of the AuthenticationServices stub: Swift refinements (NS_REFINED_FOR_SWIFT
// in the headers), transcribed from the iOS 26.0 AuthenticationServices.swiftinterface.
public import CryptoKit
public import Foundation

// MARK: - largeBlob (iOS 17.0)

// iOS 17.0 (swiftinterface): public struct ASAuthorizationPublicKeyCredentialLargeBlobRegistrationInput
@available(iOS 17.0, macOS 14.0, *)
public struct ASAuthorizationPublicKeyCredentialLargeBlobRegistrationInput {
    public enum SupportRequirement: Hashable {
        case required
        case preferred
    }
    // public static var supportRequired / supportPreferred: …LargeBlobRegistrationInput { get }
    public static var supportRequired: Self { Self(supportRequirement: .required) }
    public static var supportPreferred: Self { Self(supportRequirement: .preferred) }
    public var supportRequirement: SupportRequirement
}

// iOS 17.0 (swiftinterface): public struct ASAuthorizationPublicKeyCredentialLargeBlobAssertionInput
@available(iOS 17.0, macOS 14.0, *)
public struct ASAuthorizationPublicKeyCredentialLargeBlobAssertionInput {
    public enum Operation {
        case read
        case write(Data)
    }
    // public static var read: …LargeBlobAssertionInput { get }
    public static var read: Self { Self(operation: .read) }
    // public static func write(_ data: Foundation.Data) -> …LargeBlobAssertionInput
    public static func write(_ data: Data) -> Self { Self(operation: .write(data)) }
    public var operation: Operation
}

// iOS 17.0 (swiftinterface): public struct ASAuthorizationPublicKeyCredentialLargeBlobRegistrationOutput
@available(iOS 17.0, macOS 14.0, *)
public struct ASAuthorizationPublicKeyCredentialLargeBlobRegistrationOutput {
    public var isSupported: Bool
}

// iOS 17.0 (swiftinterface): public struct ASAuthorizationPublicKeyCredentialLargeBlobAssertionOutput
@available(iOS 17.0, macOS 14.0, *)
public struct ASAuthorizationPublicKeyCredentialLargeBlobAssertionOutput {
    public enum OperationResult {
        case read(data: Data?)
        case write(success: Bool)
    }
    public var result: OperationResult
}

extension ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest {
    // iOS 17.0: public var largeBlob: …LargeBlobRegistrationInput? { get set }
    @available(iOS 17.0, macOS 14.0, *)
    public var largeBlob: ASAuthorizationPublicKeyCredentialLargeBlobRegistrationInput? {
        get { nil }
        set {}
    }
}

extension ASAuthorizationPlatformPublicKeyCredentialAssertionRequest {
    // iOS 17.0: public var largeBlob: …LargeBlobAssertionInput? { get set }
    @available(iOS 17.0, macOS 14.0, *)
    public var largeBlob: ASAuthorizationPublicKeyCredentialLargeBlobAssertionInput? {
        get { nil }
        set {}
    }
}

extension ASAuthorizationPlatformPublicKeyCredentialRegistration {
    // iOS 17.0: public var largeBlob: …LargeBlobRegistrationOutput? { get }
    @available(iOS 17.0, macOS 14.0, *)
    public var largeBlob: ASAuthorizationPublicKeyCredentialLargeBlobRegistrationOutput? { nil }
}

extension ASAuthorizationPlatformPublicKeyCredentialAssertion {
    // iOS 17.0: public var largeBlob: …LargeBlobAssertionOutput? { get }
    @available(iOS 17.0, macOS 14.0, *)
    public var largeBlob: ASAuthorizationPublicKeyCredentialLargeBlobAssertionOutput? { nil }
}

// MARK: - prf (iOS 18.0)

// iOS 18.0 (swiftinterface): public struct ASAuthorizationPublicKeyCredentialPRFAssertionInput
@available(iOS 18.0, macOS 15.0, *)
public struct ASAuthorizationPublicKeyCredentialPRFAssertionInput {
    public struct InputValues {
        public init(saltInput1: Data, saltInput2: Data? = nil) {
            self.saltInput1 = saltInput1
            self.saltInput2 = saltInput2
        }
        // public static func saltInput1(_ saltInput1: Data, saltInput2: Data? = nil) -> …InputValues
        public static func saltInput1(_ saltInput1: Data, saltInput2: Data? = nil) -> InputValues {
            InputValues(saltInput1: saltInput1, saltInput2: saltInput2)
        }
        public var saltInput1: Data
        public var saltInput2: Data?
    }
    // public static func inputValues(_:perCredentialInputValues: [Data : InputValues]? = nil) -> …PRFAssertionInput
    public static func inputValues(_ inputValues: InputValues, perCredentialInputValues: [Data: InputValues]? = nil) -> Self { fatalError("stub") }
    // public static func perCredentialInputValues(_: [Data : InputValues]) -> …PRFAssertionInput
    public static func perCredentialInputValues(_ perCredentialInputValues: [Data: InputValues]) -> Self { fatalError("stub") }
    public let inputValues: InputValues?
    public let perCredentialInputValues: [Data: InputValues]?
}

// iOS 18.0 (swiftinterface): public struct ASAuthorizationPublicKeyCredentialPRFAssertionOutput
@available(iOS 18.0, macOS 15.0, *)
public struct ASAuthorizationPublicKeyCredentialPRFAssertionOutput {
    public let first: SymmetricKey
    public let second: SymmetricKey?
}

// iOS 18.0 (swiftinterface): public struct ASAuthorizationPublicKeyCredentialPRFRegistrationInput
@available(iOS 18.0, macOS 15.0, *)
public struct ASAuthorizationPublicKeyCredentialPRFRegistrationInput {
    public typealias InputValues = ASAuthorizationPublicKeyCredentialPRFAssertionInput.InputValues
    // public static var checkForSupport: …PRFRegistrationInput { get }
    public static var checkForSupport: Self { fatalError("stub") }
    // public static func inputValues(_ inputValues: InputValues) -> …PRFRegistrationInput
    public static func inputValues(_ inputValues: InputValues) -> Self { fatalError("stub") }
    public let shouldCheckForSupport: Bool
    public let inputValues: InputValues?
}

// iOS 18.0 (swiftinterface): public struct ASAuthorizationPublicKeyCredentialPRFRegistrationOutput
@available(iOS 18.0, macOS 15.0, *)
public struct ASAuthorizationPublicKeyCredentialPRFRegistrationOutput {
    public let isSupported: Bool
    public let first: SymmetricKey?
    public let second: SymmetricKey?
}

extension ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest {
    // iOS 18.0: public var prf: …PRFRegistrationInput? { get set }
    @available(iOS 18.0, macOS 15.0, *)
    public var prf: ASAuthorizationPublicKeyCredentialPRFRegistrationInput? {
        get { nil }
        set {}
    }
}

extension ASAuthorizationPlatformPublicKeyCredentialAssertionRequest {
    // iOS 18.0: public var prf: …PRFAssertionInput? { get set }
    @available(iOS 18.0, macOS 15.0, *)
    public var prf: ASAuthorizationPublicKeyCredentialPRFAssertionInput? {
        get { nil }
        set {}
    }
}

extension ASAuthorizationPlatformPublicKeyCredentialRegistration {
    // iOS 18.0: public var prf: …PRFRegistrationOutput? { get }
    @available(iOS 18.0, macOS 15.0, *)
    public var prf: ASAuthorizationPublicKeyCredentialPRFRegistrationOutput? { nil }
}

extension ASAuthorizationPlatformPublicKeyCredentialAssertion {
    // iOS 18.0: public var prf: …PRFAssertionOutput? { get }
    @available(iOS 18.0, macOS 15.0, *)
    public var prf: ASAuthorizationPublicKeyCredentialPRFAssertionOutput? { nil }
}

// MARK: - Signal API (iOS 26.0)

// iOS 26.0 (swiftinterface): final public class ASCredentialUpdater; Apple's documentation lists iOS, iPadOS, Mac
// Catalyst, macOS and visionOS 26.0 for it and its report methods.
@available(iOS 26.0, macOS 26.0, macCatalyst 26.0, visionOS 26.0, *)
public final class ASCredentialUpdater {
    public init() {}
    public final func reportPublicKeyCredentialUpdate(relyingPartyIdentifier: String, userHandle: Data, newName: String) async throws {}
    public final func reportUnknownPublicKeyCredential(relyingPartyIdentifier: String, credentialID: Data) async throws {}
    public final func reportAllAcceptedPublicKeyCredentials(
        relyingPartyIdentifier: String, userHandle: Data, acceptedCredentialIDs: [Data]
    ) async throws {}
}
