import AuthenticationServices
import Observation
import PasskeyClient
import UIKit

/// The app's one source of truth: a PasskeyCoordinator over the platform authenticator, and what the UI shows.
@MainActor @Observable
final class AccountModel {
    /// Your server (`passkeys serve` behind HTTPS) and the domain in the app's `webcredentials:` entitlement.
    static let server = "https://passkeys.example.com"
    static let relyingPartyID = "passkeys.example.com"

    let manager = PasskeysManager(relyingPartyID: relyingPartyID) {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        if let window = scenes.lazy.compactMap(\.keyWindow).first { return window }
        // No key window yet: a window on the app's scene (UIWindow() is deprecated in iOS 26). Requests start from
        // this app's views, so a scene is connected whenever the closure runs.
        guard let scene = scenes.first else { preconditionFailure("a passkey sheet needs a connected window scene") }
        return UIWindow(windowScene: scene)
    }
    @ObservationIgnored private(set) lazy var coordinator = PasskeyCoordinator(
        relyingParty: RelyingPartyClient(baseURL: Self.server, transport: URLSessionTransport()), provider: manager,
        signals: PlatformPasskeySignals())

    var user: AccountUser?
    var passkeys: [PasskeySummary] = []
    var message: String?

    func register(username: String) async {
        await run { self.user = try await self.coordinator.register(username: username).user }
    }

    /// A sheet listing the passkeys for this site; "no credentials" offers registration instead of an error.
    func signIn() async {
        await run { self.user = try await self.coordinator.signIn().user }
    }

    /// AutoFill: started when the username field appears; completes when the user picks a passkey from the keyboard.
    func startAutoFill() async {
        await run { self.user = try await self.coordinator.signIn(mediation: .conditional).user }
    }

    func refresh() async { await run { self.passkeys = try await self.coordinator.passkeys() } }
    func rename(_ passkey: PasskeySummary, to name: String) async {
        await run {
            _ = try await self.coordinator.rename(passkey.id, to: name)
            self.passkeys = try await self.coordinator.passkeys()
        }
    }
    func remove(_ passkey: PasskeySummary) async {
        await run {
            try await self.coordinator.remove(passkey.id)
            self.passkeys = try await self.coordinator.passkeys()
        }
    }
    func signOut() async {
        await run {
            try await self.coordinator.signOut()
            self.user = nil
            self.passkeys = []
        }
    }

    private func run(_ body: () async throws -> Void) async {
        do {
            message = nil
            try await body()
        } catch let error as PasskeyError {
            switch error.kind {
            case .cancelled: break // the user closed the sheet: nothing to say
            case .noCredentials: message = "No passkey for this account on this device. Create one?"
            case .excludedCredentialMatched: message = "This device already has a passkey for this account."
            case .domainNotAssociated: message = "Set-up problem: the app is not associated with \(Self.relyingPartyID) (see README)."
            // The SDK's sentence for the user, in their language (PasskeyError's String Catalog).
            default: message = error.localizedDescription
            }
        } catch {
            message = "\(error)"
        }
    }
}
