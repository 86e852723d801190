import Foundation
public import PasskeyStore

/// Where a change comes from, as its audit entry and its events record it: who acts and from which client.
///
/// Every method of ``RelyingParty`` that changes an account takes one, so what a route knows about its request
/// (the client's address, the API key that called it) reaches the store write through the call itself, visible at
/// every step, rather than beside it in a task-local value.
public struct ChangeOrigin: Sendable, Equatable {
    /// Who acts when it is not the account's own user: an operator's API key. nil when the account's user acts (or,
    /// for a change of no account, the server).
    public var actor: AuditActor?
    /// The client's address as the server resolved it (the peer, or what trusted proxies report); nil outside a request.
    public var clientAddress: String?

    /// A change `actor` makes from `clientAddress`.
    public init(actor: AuditActor?, clientAddress: String?) {
        self.actor = actor
        self.clientAddress = clientAddress
    }

    /// A change made outside any request (a `passkeys` command, a test): no client address, and the account's own user
    /// (or the server) as the actor.
    public static let outsideRequest = ChangeOrigin(actor: nil, clientAddress: nil)

    /// A change a `passkeys` command makes on the database directly: the actor `{"kind": "cli"}`, named by the user the
    /// process runs as (else its uid). Anyone who can write to the database can write such an entry too: it records
    /// which tool acted, not a proof of who ran it.
    public static var commandLine: ChangeOrigin {
        let name = ProcessInfo.processInfo.userName
        return ChangeOrigin(actor: AuditActor(kind: .cli, name: name.isEmpty ? "uid \(getuid())" : name), clientAddress: nil)
    }

    /// The actor an audit entry names: this origin's, else the account's own user, else the server.
    func actor(for user: UserRecord?) -> AuditActor {
        actor ?? user.map { AuditActor.user($0.username) } ?? AuditActor(kind: .server, name: "passkeys serve")
    }
}

extension ServerContext {
    /// The origin of a change this request makes: the calling API key as the actor on the routes that take one
    /// (``ServiceCredentialMiddleware`` sets it; the operator's API is the only such route that changes anything), and
    /// the client's address as ``ClientAddressMiddleware`` resolved it.
    var changeOrigin: ChangeOrigin {
        ChangeOrigin(actor: serviceCredential.map(AuditActor.apiKey), clientAddress: clientAddress?.description)
    }
}
