import HummingbirdTesting
import PasskeyAuthenticator
import PasskeyRouteTesting

/// The example's own tests drive the app with the scenarios' browser over Hummingbird's test client.
extension ScenarioBrowser {
    init(_ client: any TestClientProtocol, authenticator: SoftwareAuthenticator = SoftwareAuthenticator()) {
        self.init(HummingbirdTransport(client: client), authenticator: authenticator)
    }
}
