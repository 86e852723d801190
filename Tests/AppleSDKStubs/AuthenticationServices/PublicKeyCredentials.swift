// Public key credential requests, providers and results of the AuthenticationServices stub (see Controller.swift
// for sources and the deliberate differences). Extension inputs and outputs are in Extensions.swift.
public import Foundation

// MARK: - Requests

// iOS 18.0, ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest.h: typedef NS_ENUM(NSInteger,
// …RegistrationRequestStyle) NS_SWIFT_NAME(ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest.RequestStyle)
// AS_API_AVAILABLE(macos(15.0), ios(18.0), xros(2.0)).
extension ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest {
    @available(iOS 18.0, macOS 15.0, visionOS 2.0, *)
    public enum RequestStyle: Int, Sendable {
        case standard = 0
        case conditional = 1
    }
}

// iOS 15.0, ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest.h: an ASAuthorizationRequest adopting
// <ASAuthorizationPublicKeyCredentialRegistrationRequest>, whose properties are repeated here; init and new are
// NS_UNAVAILABLE.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest: ASAuthorizationRequest, @unchecked Sendable {
    // @property (nonatomic, readonly, copy) NSString *relyingPartyIdentifier;
    open var relyingPartyIdentifier: String { "" }
    // @property (nonatomic, copy) NSData *userID; NSString *name; nullable NSString *displayName; NSData *challenge;
    open var userID = Data()
    open var name = ""
    open var displayName: String?
    open var challenge = Data()
    // @property (nonatomic) …UserVerificationPreference userVerificationPreference;
    open var userVerificationPreference = ASAuthorizationPublicKeyCredentialUserVerificationPreference.preferred
    // @property (nonatomic) …AttestationKind attestationPreference;
    open var attestationPreference = ASAuthorizationPublicKeyCredentialAttestationKind.none
    // iOS 18.0: @property (nonatomic) …RequestStyle requestStyle AS_API_AVAILABLE(macos(15.0), ios(18.0), xros(2.0))
    // (iOS 18.1 SDK header)
    @available(iOS 18.0, macOS 15.0, visionOS 2.0, *)
    open var requestStyle: RequestStyle {
        get { .standard }
        set {}
    }
    // iOS 17.4, from <ASAuthorizationWebBrowserPlatformPublicKeyCredentialRegistrationRequest>, which the class adopts
    // API_AVAILABLE(macos(13.5), macCatalyst(16.6), ios(17.4)), API_UNAVAILABLE(visionos) when built for visionOS
    // (ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest.h and that protocol's header, iOS 18.1 SDK):
    // @property (nonatomic, nullable, copy) NSArray<ASAuthorizationPlatformPublicKeyCredentialDescriptor *> *excludedCredentials;
    @available(iOS 17.4, macOS 13.5, macCatalyst 16.6, *)
    @available(visionOS, unavailable)
    open var excludedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor]? {
        get { nil }
        set {}
    }
}

// iOS 15.0, ASAuthorizationPlatformPublicKeyCredentialAssertionRequest.h (adopts
// <ASAuthorizationPublicKeyCredentialAssertionRequest>); init and new are NS_UNAVAILABLE.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialAssertionRequest: ASAuthorizationRequest, @unchecked Sendable {
    // @property (nonatomic, copy) NSData *challenge; NSString *relyingPartyIdentifier;
    open var challenge = Data()
    open var relyingPartyIdentifier = ""
    // @property (nonatomic, copy) NSArray<ASAuthorizationPlatformPublicKeyCredentialDescriptor *> *allowedCredentials;
    open var allowedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor] = []
    // @property (nonatomic) …UserVerificationPreference userVerificationPreference;
    open var userVerificationPreference = ASAuthorizationPublicKeyCredentialUserVerificationPreference.preferred
}

// iOS 15.0, ASAuthorizationSecurityKeyPublicKeyCredentialRegistrationRequest.h; init and new are NS_UNAVAILABLE.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationSecurityKeyPublicKeyCredentialRegistrationRequest: ASAuthorizationRequest, @unchecked Sendable {
    open var relyingPartyIdentifier: String { "" }
    open var userID = Data()
    open var name = ""
    open var displayName: String?
    open var challenge = Data()
    open var userVerificationPreference = ASAuthorizationPublicKeyCredentialUserVerificationPreference.preferred
    open var attestationPreference = ASAuthorizationPublicKeyCredentialAttestationKind.none
    // @property (nonatomic, copy) NSArray<ASAuthorizationPublicKeyCredentialParameters *> *credentialParameters;
    open var credentialParameters: [ASAuthorizationPublicKeyCredentialParameters] = []
    // @property (nonatomic, copy) NSArray<ASAuthorizationSecurityKeyPublicKeyCredentialDescriptor *> *excludedCredentials;
    open var excludedCredentials: [ASAuthorizationSecurityKeyPublicKeyCredentialDescriptor] = []
    // @property (nonatomic) ASAuthorizationPublicKeyCredentialResidentKeyPreference residentKeyPreference;
    open var residentKeyPreference = ASAuthorizationPublicKeyCredentialResidentKeyPreference.preferred
}

// iOS 15.0, ASAuthorizationSecurityKeyPublicKeyCredentialAssertionRequest.h.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationSecurityKeyPublicKeyCredentialAssertionRequest: ASAuthorizationRequest, @unchecked Sendable {
    open var challenge = Data()
    open var relyingPartyIdentifier = ""
    // @property (nonatomic, copy) NSArray<ASAuthorizationSecurityKeyPublicKeyCredentialDescriptor *> *allowedCredentials;
    open var allowedCredentials: [ASAuthorizationSecurityKeyPublicKeyCredentialDescriptor] = []
    open var userVerificationPreference = ASAuthorizationPublicKeyCredentialUserVerificationPreference.preferred
}

// MARK: - Providers

// iOS 15.0, ASAuthorizationPlatformPublicKeyCredentialProvider.h; init and new are NS_UNAVAILABLE.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialProvider: NSObject, ASAuthorizationProvider, @unchecked Sendable {
    // @property (nonatomic, readonly, copy) NSString *relyingPartyIdentifier;
    open var relyingPartyIdentifier: String
    // - (instancetype)initWithRelyingPartyIdentifier:(NSString *)relyingPartyIdentifier NS_DESIGNATED_INITIALIZER;
    public init(relyingPartyIdentifier: String) { self.relyingPartyIdentifier = relyingPartyIdentifier }
    // NS_SWIFT_NAME(createCredentialRegistrationRequest(challenge:name:userID:))
    open func createCredentialRegistrationRequest(
        challenge: Data, name: String, userID: Data
    ) -> ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest { fatalError("stub") }
    // NS_SWIFT_NAME(createCredentialAssertionRequest(challenge:))
    open func createCredentialAssertionRequest(challenge: Data) -> ASAuthorizationPlatformPublicKeyCredentialAssertionRequest { fatalError("stub") }
}

// iOS 15.0, ASAuthorizationSecurityKeyPublicKeyCredentialProvider.h; init and new are NS_UNAVAILABLE.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationSecurityKeyPublicKeyCredentialProvider: NSObject, ASAuthorizationProvider, @unchecked Sendable {
    open var relyingPartyIdentifier: String
    public init(relyingPartyIdentifier: String) { self.relyingPartyIdentifier = relyingPartyIdentifier }
    // NS_SWIFT_NAME(createCredentialRegistrationRequest(challenge:displayName:name:userID:))
    open func createCredentialRegistrationRequest(
        challenge: Data, displayName: String, name: String, userID: Data
    ) -> ASAuthorizationSecurityKeyPublicKeyCredentialRegistrationRequest { fatalError("stub") }
    // NS_SWIFT_NAME(createCredentialAssertionRequest(challenge:))
    open func createCredentialAssertionRequest(challenge: Data) -> ASAuthorizationSecurityKeyPublicKeyCredentialAssertionRequest {
        fatalError("stub")
    }
}

// MARK: - Results

// iOS 15.0, ASPublicKeyCredential.h: @protocol ASPublicKeyCredential <ASAuthorizationCredential>.
@available(iOS 15.0, macOS 12.0, *)
public protocol ASPublicKeyCredential: ASAuthorizationCredential {
    // @property (nonatomic, readonly, copy) NSData *rawClientDataJSON; NSData *credentialID;
    var rawClientDataJSON: Data { get }
    var credentialID: Data { get }
}

// iOS 15.0, ASAuthorizationPublicKeyCredentialRegistration.h.
@available(iOS 15.0, macOS 12.0, *)
public protocol ASAuthorizationPublicKeyCredentialRegistration: ASPublicKeyCredential {
    // @property (nonatomic, readonly, nullable, copy) NSData *rawAttestationObject;
    var rawAttestationObject: Data? { get }
}

// iOS 15.0, ASAuthorizationPublicKeyCredentialAssertion.h. The iOS 16.5 and 18.0 headers declare the three
// properties nonnull; Apple's documentation (2026) declares them `Data!`. `Data!` is what is stubbed: code that
// reads them must compile against both (bind through an explicit `Data?`).
@available(iOS 15.0, macOS 12.0, *)
public protocol ASAuthorizationPublicKeyCredentialAssertion: ASPublicKeyCredential {
    var rawAuthenticatorData: Data! { get }
    var userID: Data! { get }
    var signature: Data! { get }
}

// iOS 15.0, ASAuthorizationPlatformPublicKeyCredentialRegistration.h; init and new are NS_UNAVAILABLE.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialRegistration: NSObject, ASAuthorizationPublicKeyCredentialRegistration, @unchecked Sendable {
    open var rawClientDataJSON: Data { Data() }
    open var credentialID: Data { Data() }
    open var rawAttestationObject: Data? { nil }
    // iOS 16.6 (ASAuthorizationPlatformPublicKeyCredentialRegistration.h, iOS 18.0):
    // @property (nonatomic, readonly) ASAuthorizationPublicKeyCredentialAttachment attachment;
    @available(iOS 16.6, macOS 13.5, *)
    open var attachment: ASAuthorizationPublicKeyCredentialAttachment { .platform }
}

// iOS 15.0, ASAuthorizationPlatformPublicKeyCredentialAssertion.h; init and new are NS_UNAVAILABLE.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationPlatformPublicKeyCredentialAssertion: NSObject, ASAuthorizationPublicKeyCredentialAssertion, @unchecked Sendable {
    open var rawClientDataJSON: Data { Data() }
    open var credentialID: Data { Data() }
    open var rawAuthenticatorData: Data! { nil }
    open var userID: Data! { nil }
    open var signature: Data! { nil }
    // iOS 16.6: @property (nonatomic, readonly) ASAuthorizationPublicKeyCredentialAttachment attachment;
    @available(iOS 16.6, macOS 13.5, *)
    open var attachment: ASAuthorizationPublicKeyCredentialAttachment { .platform }
}

// iOS 15.0, ASAuthorizationSecurityKeyPublicKeyCredentialRegistration.h.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationSecurityKeyPublicKeyCredentialRegistration: NSObject, ASAuthorizationPublicKeyCredentialRegistration, @unchecked Sendable {
    open var rawClientDataJSON: Data { Data() }
    open var credentialID: Data { Data() }
    open var rawAttestationObject: Data? { nil }
}

// iOS 15.0, ASAuthorizationSecurityKeyPublicKeyCredentialAssertion.h.
@available(iOS 15.0, macOS 12.0, *)
open class ASAuthorizationSecurityKeyPublicKeyCredentialAssertion: NSObject, ASAuthorizationPublicKeyCredentialAssertion, @unchecked Sendable {
    open var rawClientDataJSON: Data { Data() }
    open var credentialID: Data { Data() }
    open var rawAuthenticatorData: Data! { nil }
    open var userID: Data! { nil }
    open var signature: Data! { nil }
}
