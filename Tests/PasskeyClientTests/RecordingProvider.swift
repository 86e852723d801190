import PasskeyAuthenticator
import PasskeyClient
import PasskeyCore

/// A ``PasskeyProvider`` that records every call. Without an inner provider it stands in for `PasskeysManager`: it
/// answers every request, for whatever RP ID the options name (or none), as the platform does for any domain the app
/// is associated with.
struct RecordingProvider: PasskeyProvider {
    actor Log {
        private(set) var calls: [(action: String, options: JSONObject)] = []
        func record(_ action: String, _ options: JSONObject) { calls.append((action, options)) }
    }

    let log = Log()
    let inner: (any PasskeyProvider)?

    init(wrapping inner: (any PasskeyProvider)? = nil) { self.inner = inner }

    static let platformAnswer = JSONObject(["id": .string("AAAA"), "rawId": .string("AAAA"), "type": .string("public-key")])

    func create(_ options: JSONObject, mediation: PasskeyMediation) async throws(PasskeyError) -> JSONObject {
        await log.record("create", options)
        return try await inner?.create(options, mediation: mediation) ?? Self.platformAnswer
    }

    func get(_ options: JSONObject, mediation: PasskeyMediation) async throws(PasskeyError) -> JSONObject {
        await log.record("get", options)
        return try await inner?.get(options, mediation: mediation) ?? Self.platformAnswer
    }

    /// The RP ID the provider was asked for in its only call: `rp.id` or `rpId`, nil when the options had none.
    func requestedRPID() async -> String? {
        guard let call = await log.calls.first else { return nil }
        return call.options["rp"]?.objectValue?["id"]?.stringValue ?? call.options["rpId"]?.stringValue
    }
}
