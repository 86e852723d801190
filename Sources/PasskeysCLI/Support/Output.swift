import Foundation
import PasskeyCore

enum Output {
    /// Writes one JSON object to stdout, the CLI's machine-readable channel.
    static func json(_ value: JSONValue, pretty: Bool = false) {
        print(value.serialized(pretty: pretty))
    }

    /// Human messages go to stderr.
    static func stderr(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Reports a failed CLI operation as `{"ok": false, "error": {code, message}}` on stdout and the message on
    /// stderr, then signals exit code 1.
    static func failure(code: String, message: String) -> OperationFailed {
        json(
            .object(
                JSONObject([
                    "ok": .bool(false),
                    "error": .object(JSONObject(["code": .string(code), "message": .string(message)])),
                ])))
        stderr("error: \(message)")
        return OperationFailed()
    }

    /// Reports a failed verification the way docs/reference/cli.md ("Output") specifies, then signals exit code 1.
    static func verificationFailed(_ error: WebAuthnError) -> OperationFailed {
        json(
            .object(
                JSONObject([
                    "verified": .bool(false),
                    "error": .object(JSONObject(["code": .string(error.code.rawValue), "message": .string(error.message)])),
                ])))
        stderr("verification failed: \(error.message)")
        return OperationFailed()
    }
}
