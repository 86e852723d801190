// Stub of the parts of AuthenticationServices that PasskeyClient and Examples/iOS use, for the Linux type-check
// (scripts/typecheck-apple). Names, labels, types, optionality and isolation are transcribed from Apple's SDK:
// Objective-C headers of the iOS 16.5 SDK (AuthenticationServices.framework/Headers) and, for later additions,
// iOS 18.0 headers and the iOS 26.0 AuthenticationServices.swiftinterface; where Apple's current documentation
// declares something differently from those headers (isolation, `Data!`), the documentation wins and says so.
// Bodies are placeholders: nothing here runs.
//
// Availability: every declaration carries Apple's own, one `@available` per line, as the headers' API_AVAILABLE /
// API_UNAVAILABLE / API_DEPRECATED import into Swift (macCatalyst and visionOS inherit iOS's unless named); a member
// without one has its type's; a declaration Apple gives none says "no availability declared". Linux's compiler
// ignores these; scripts/check-apple-availability enforces them per
// platform. Header versions ios(19.0)/macos(16.0)/visionos(3.0) are the releases that shipped as 26.0.
//
// Deliberate differences, all stricter than the SDK: Objective-C protocols are Swift protocols refining
// NSObjectProtocol; `@optional` delegate methods are required, so a misspelled implementation fails here (Swift on
// Apple only warns "nearly matches optional requirement"); NSCopying/NSSecureCoding conformances are left out.
// The Objective-C headers import Foundation, and a Clang module re-exports what its headers import.
@_exported import Foundation

#if os(macOS)
public import AppKit
#else
public import UIKit
#endif

// ASFoundation.h (iOS 18.1 SDK): typedef UIWindow * ASPresentationAnchor where UIKit exists (iOS, Mac Catalyst,
// visionOS), NSWindow * where only AppKit does (macOS); a typedef with no availability declared.
#if os(macOS)
// ASFoundation.h: typedef NSWindow * ASPresentationAnchor; no availability declared.
public typealias ASPresentationAnchor = NSWindow
#else
// ASFoundation.h: typedef UIWindow * ASPresentationAnchor; no availability declared.
public typealias ASPresentationAnchor = UIWindow
#endif

// MARK: - Errors

// iOS 13.0, ASAuthorizationError.h: AS_EXTERN NSErrorDomain const ASAuthorizationErrorDomain.
@available(iOS 13.0, macOS 10.15, *)
public let ASAuthorizationErrorDomain = "com.apple.AuthenticationServices.AuthorizationError"

// iOS 13.0, ASAuthorizationError.h: typedef NS_ERROR_ENUM(ASAuthorizationErrorDomain, ASAuthorizationError),
// imported as `struct ASAuthorizationError` with a nested `Code`. 1000-1008 as in the iOS 18 SDK's header; 1009 and
// 1010 from the later header that adds them marked ios(19.0), the release that shipped as iOS 26.
@available(iOS 13.0, macOS 10.15, *)
public struct ASAuthorizationError: Error {
    public enum Code: Int, Sendable {
        case unknown = 1000 // iOS 13.0
        case canceled = 1001 // iOS 13.0
        case invalidResponse = 1002 // iOS 13.0
        case notHandled = 1003 // iOS 13.0
        case failed = 1004 // iOS 13.0
        @available(iOS 15.0, macOS 12.0, *)
        case notInteractive = 1005 // iOS 15.0
        @available(iOS 18.0, macOS 15.0, *)
        case matchedExcludedCredential = 1006 // iOS 18.0
        @available(iOS 18.2, macOS 15.2, visionOS 2.2, *)
        case credentialImport = 1007 // iOS 18.2
        @available(iOS 18.2, macOS 15.2, visionOS 2.2, *)
        case credentialExport = 1008 // iOS 18.2
        @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
        case preferSignInWithApple = 1009 // iOS 26.0
        @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
        case deviceNotConfiguredForPasskeyCreation = 1010 // iOS 26.0
    }
    public static var errorDomain: String { ASAuthorizationErrorDomain }
    public var code: Code { .unknown }
}

// MARK: - Controller

// iOS 13.0, ASAuthorizationProvider.h: @protocol ASAuthorizationProvider <NSObject>.
@available(iOS 13.0, macOS 10.15, *)
public protocol ASAuthorizationProvider: NSObjectProtocol {}

// iOS 13.0, ASAuthorizationCredential.h: @protocol ASAuthorizationCredential <NSObject, NSCopying, NSSecureCoding>.
@available(iOS 13.0, macOS 10.15, *)
public protocol ASAuthorizationCredential: NSObjectProtocol {}

// iOS 13.0, ASAuthorizationRequest.h: init and new are NS_UNAVAILABLE.
@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorizationRequest: NSObject {
    // iOS 13.0: @property (nonatomic, readonly, strong) id <ASAuthorizationProvider> provider;
    open var provider: any ASAuthorizationProvider { fatalError("stub") }
}

// iOS 13.0, ASAuthorization.h: init and new are NS_UNAVAILABLE.
@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorization: NSObject, @unchecked Sendable {
    // iOS 13.0: @property (nonatomic, readonly, strong) id <ASAuthorizationProvider> provider;
    open var provider: any ASAuthorizationProvider { fatalError("stub") }
    // iOS 13.0: @property (nonatomic, readonly, strong) id <ASAuthorizationCredential> credential;
    open var credential: any ASAuthorizationCredential { fatalError("stub") }
}

// iOS 13.0. Apple's documentation (2026) declares it `@MainActor protocol ASAuthorizationControllerDelegate :
// NSObjectProtocol`; both methods are @optional in ASAuthorizationController.h (required here, see above).
@available(iOS 13.0, macOS 10.15, *)
@MainActor public protocol ASAuthorizationControllerDelegate: NSObjectProtocol {
    // NS_SWIFT_NAME(authorizationController(controller:didCompleteWithAuthorization:))
    func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    // NS_SWIFT_NAME(authorizationController(controller:didCompleteWithError:)); NSError imported as `any Error`.
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

// iOS 13.0. Apple's documentation (2026): `@MainActor protocol ASAuthorizationControllerPresentationContextProviding
// : NSObjectProtocol`; the method is @required.
@available(iOS 13.0, macOS 10.15, *)
@MainActor public protocol ASAuthorizationControllerPresentationContextProviding: NSObjectProtocol {
    // - (ASPresentationAnchor)presentationAnchorForAuthorizationController:(ASAuthorizationController *)controller;
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor
}

// iOS 13.0, ASAuthorizationController.h; Apple's documentation (2026) declares `class ASAuthorizationController`
// without an actor. init and new are NS_UNAVAILABLE.
@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorizationController: NSObject {
    // iOS 16.0: typedef NS_OPTIONS(NSUInteger, ASAuthorizationControllerRequestOptions)
    // NS_SWIFT_NAME(ASAuthorizationController.RequestOptions)
    @available(iOS 16.0, macOS 13.0, *)
    public struct RequestOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // iOS 16.0: ASAuthorizationControllerRequestOptionPreferImmediatelyAvailableCredentials = 1 << 0
        public static let preferImmediatelyAvailableCredentials = RequestOptions(rawValue: 1 << 0)
    }

    // iOS 13.0: @property (nonatomic, readonly, strong) NSArray<ASAuthorizationRequest *> *authorizationRequests;
    open var authorizationRequests: [ASAuthorizationRequest] { [] }
    // iOS 13.0: @property (nonatomic, weak, nullable) id <ASAuthorizationControllerDelegate> delegate;
    open weak var delegate: (any ASAuthorizationControllerDelegate)?
    // iOS 13.0: @property (nonatomic, weak, nullable) id <…PresentationContextProviding> presentationContextProvider;
    open weak var presentationContextProvider: (any ASAuthorizationControllerPresentationContextProviding)?

    // iOS 13.0: - (instancetype)initWithAuthorizationRequests:(NSArray<ASAuthorizationRequest *> *)authorizationRequests
    // NS_DESIGNATED_INITIALIZER;
    public init(authorizationRequests: [ASAuthorizationRequest]) { super.init() }
    // iOS 13.0: - (void)performRequests;
    open func performRequests() {}
    // iOS 16.0, unavailable on macOS: - (void)performAutoFillAssistedRequests;
    @available(iOS 16.0, *)
    @available(macOS, unavailable)
    @available(macCatalyst, unavailable)
    open func performAutoFillAssistedRequests() {}
    // iOS 16.0: - (void)performRequestsWithOptions:(…)options NS_SWIFT_NAME(performRequests(options:));
    @available(iOS 16.0, macOS 13.0, *)
    open func performRequests(options: RequestOptions) {}
    // iOS 16.0: - (void)cancel;
    @available(iOS 16.0, macOS 13.0, *)
    open func cancel() {}
}

// MARK: - Typed string and integer constants

// iOS 15.0, ASAuthorizationPublicKeyCredentialConstants.h: typedef NSString *…UserVerificationPreference
// NS_TYPED_EXTENSIBLE_ENUM.
@available(iOS 15.0, macOS 12.0, *)
public struct ASAuthorizationPublicKeyCredentialUserVerificationPreference: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let preferred = Self(rawValue: "preferred")
    public static let required = Self(rawValue: "required")
    public static let discouraged = Self(rawValue: "discouraged")
}

// iOS 15.0, same header: typedef NSString *ASAuthorizationPublicKeyCredentialAttestationKind NS_TYPED_EXTENSIBLE_ENUM.
@available(iOS 15.0, macOS 12.0, *)
public struct ASAuthorizationPublicKeyCredentialAttestationKind: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none")
    public static let direct = Self(rawValue: "direct")
    public static let indirect = Self(rawValue: "indirect")
    public static let enterprise = Self(rawValue: "enterprise")
}

// iOS 15.0, same header: typedef NSString *ASAuthorizationPublicKeyCredentialResidentKeyPreference
// NS_TYPED_EXTENSIBLE_ENUM.
@available(iOS 15.0, macOS 12.0, *)
public struct ASAuthorizationPublicKeyCredentialResidentKeyPreference: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let discouraged = Self(rawValue: "discouraged")
    public static let preferred = Self(rawValue: "preferred")
    public static let required = Self(rawValue: "required")
}

// iOS 15.0, ASCOSEConstants.h: typedef NSInteger ASCOSEAlgorithmIdentifier NS_TYPED_EXTENSIBLE_ENUM.
@available(iOS 15.0, macOS 12.0, *)
public struct ASCOSEAlgorithmIdentifier: Hashable, RawRepresentable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    // iOS 15.0: static ASCOSEAlgorithmIdentifier const ASCOSEAlgorithmIdentifierES256 = -7;
    public static let ES256 = Self(rawValue: -7)
}

// iOS 16.6, ASAuthorizationPublicKeyCredentialConstants.h (iOS 18.0): typedef NS_ENUM(NSInteger,
// ASAuthorizationPublicKeyCredentialAttachment) { …Platform, …CrossPlatform }.
@available(iOS 16.6, macOS 13.5, *)
public enum ASAuthorizationPublicKeyCredentialAttachment: Int, Sendable {
    case platform = 0
    case crossPlatform = 1
}

// MARK: - Descriptors and parameters

// iOS 15.0, ASAuthorizationPublicKeyCredentialDescriptor.h.
@available(iOS 15.0, macOS 12.0, *)
public protocol ASAuthorizationPublicKeyCredentialDescriptor: NSObjectProtocol {
    // @property (nonatomic, copy) NSData *credentialID;
    var credentialID: Data { get set }
}

// iOS 15.0, ASAuthorizationPlatformPublicKeyCredentialDescriptor.h: init and new are NS_UNAVAILABLE.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialDescriptor: NSObject, ASAuthorizationPublicKeyCredentialDescriptor {
    open var credentialID: Data
    // - (instancetype)initWithCredentialID:(NSData *)credentialID NS_DESIGNATED_INITIALIZER;
    public init(credentialID: Data) { self.credentialID = credentialID }
}

// iOS 15.0, ASAuthorizationSecurityKeyPublicKeyCredentialDescriptor.h: init and new are NS_UNAVAILABLE.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationSecurityKeyPublicKeyCredentialDescriptor: NSObject, ASAuthorizationPublicKeyCredentialDescriptor {
    // iOS 15.0: typedef NSString *…DescriptorTransport NS_TYPED_EXTENSIBLE_ENUM
    // NS_SWIFT_NAME(ASAuthorizationSecurityKeyPublicKeyCredentialDescriptor.Transport);
    public struct Transport: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        // NS_SWIFT_NAME(usb), NS_SWIFT_NAME(nfc), NS_SWIFT_NAME(bluetooth)
        public static let usb = Transport(rawValue: "usb")
        public static let nfc = Transport(rawValue: "nfc")
        public static let bluetooth = Transport(rawValue: "ble")
        // NS_SWIFT_NAME(getter:ASAuthorizationSecurityKeyPublicKeyCredentialDescriptorTransport.allSupported())
        public static var allSupported: [Transport] { [.usb, .nfc, .bluetooth] }
    }
    open var credentialID: Data
    // @property (nonatomic) NSArray<…Transport> *transports;
    open var transports: [Transport]
    // - (instancetype)initWithCredentialID:(NSData *)credentialID transports:(NSArray<…Transport> *)allowedTransports
    // NS_DESIGNATED_INITIALIZER;
    public init(credentialID: Data, transports allowedTransports: [Transport]) {
        self.credentialID = credentialID
        self.transports = allowedTransports
    }
}

// iOS 15.0, ASAuthorizationPublicKeyCredentialParameters.h: init and new are NS_UNAVAILABLE.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPublicKeyCredentialParameters: NSObject {
    // @property (nonatomic, readonly) ASCOSEAlgorithmIdentifier algorithm;
    open var algorithm: ASCOSEAlgorithmIdentifier { ASCOSEAlgorithmIdentifier.ES256 }
    // - (instancetype)initWithAlgorithm:(ASCOSEAlgorithmIdentifier)algorithm;
    public init(algorithm: ASCOSEAlgorithmIdentifier) {}
}
