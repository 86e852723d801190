import ArgumentParser
import Foundation
import PasskeyClient
import PasskeyCore

/// Where `passkeys admin` sends its requests and with which API key: the key is read from a file or the environment,
/// never taken as an argument (a command line is visible to every user of the machine in `ps`).
struct AdminConnection: ParsableArguments {
    @Option(help: "The server's base URL, or its --admin-address as a URL (default: PASSKEYS_SERVER, else http://localhost:8080).")
    var server: String?
    @Option(
        name: .customLong("key-file"),
        help: ArgumentHelp(
            "A file holding the API key (passkeys api-key create); default: PASSKEYS_API_KEY_FILE, else PASSKEYS_API_KEY.", valueName: "file"))
    var keyFile: String?
    @Flag(help: "Print the server's JSON answer instead of a table.") var json = false

    var baseURL: String {
        let text = server ?? ProcessInfo.processInfo.environment["PASSKEYS_SERVER"] ?? "http://localhost:8080"
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    func validate() throws {
        guard let components = URLComponents(string: baseURL), let scheme = components.scheme, ["http", "https"].contains(scheme),
            components.host != nil
        else {
            throw ValidationError("--server: expected a URL such as http://localhost:8080, found '\(baseURL)'")
        }
    }

    /// The API key: the file's first line, else PASSKEYS_API_KEY_FILE's, else PASSKEYS_API_KEY.
    func key() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let text: String
        if let path = keyFile ?? environment["PASSKEYS_API_KEY_FILE"] {
            guard let data = FileManager.default.contents(atPath: path), let contents = String(data: data, encoding: .utf8) else {
                throw UsageError("--key-file: cannot read '\(path)'")
            }
            text = contents
        } else if let value = environment["PASSKEYS_API_KEY"] {
            text = value
        } else {
            throw UsageError("no API key: give --key-file FILE, or set PASSKEYS_API_KEY_FILE or PASSKEYS_API_KEY (passkeys api-key create makes one)")
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard key.hasPrefix("psk_"), key.utf8.count == 47 else {
            throw UsageError("the API key is not one: expected psk_ and 43 base64url characters, found \(key.utf8.count) characters")
        }
        return key
    }

    /// Sends one request and returns the answer's JSON; a refusal is reported (`{"ok": false, "error": …}`, exit 1)
    /// with the server's code and message.
    func send(_ method: TransportRequest.Method, _ path: String, body: JSONObject? = nil) async throws -> JSONObject {
        let key = try key()
        let transport = AsyncHTTPTransport(connections: 1, retryConnecting: false)
        var headers = [("Authorization", "Bearer \(key)"), ("Accept", "application/json")]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        let request = TransportRequest(
            method: method, url: baseURL + path, headers: headers, body: body.map { Array(JSONValue.object($0).serialized().utf8) })
        let response: TransportResponse
        do {
            response = try await transport.send(request)
            await transport.shutdown()
        } catch {
            await transport.shutdown()
            throw Output.failure(code: "serverUnreachable", message: "\(error)")
        }
        guard let answer = try? JSONParser.parseObject(response.body) else {
            throw Output.failure(
                code: "unexpectedAnswer", message: "\(baseURL)\(path) answered \(response.status) without a JSON object: is it a passkeys server?")
        }
        guard (200..<300).contains(response.status) else {
            let code = answer["code"]?.stringValue ?? "http\(response.status)"
            let message = answer["errorMessage"]?.stringValue ?? "HTTP \(response.status)"
            throw Output.failure(code: code, message: "\(response.status): \(message)")
        }
        return answer
    }

    /// `text` for a query value or a path segment: only unreserved characters stay as they are (RFC 3986 §2.3).
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"))
            ?? text
    }

    /// `?a=1&b=2` of the given pairs (nil values left out), or "" for none.
    static func query(_ pairs: [(String, String?)]) -> String {
        let given = pairs.compactMap { name, value in value.map { "\(name)=\(encoded($0))" } }
        return given.isEmpty ? "" : "?" + given.joined(separator: "&")
    }

    /// Prints `answer` as JSON with `--json`, else the table `table` makes of it.
    func print(_ answer: JSONObject, table: (JSONObject) -> AdminTable) {
        if json {
            Output.json(.object(answer), pretty: true)
        } else {
            Swift.print(table(answer).rendered, terminator: "")
        }
    }
}
