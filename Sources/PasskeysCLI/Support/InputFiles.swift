import Foundation
import PasskeyCore
import SwiftASN1
import X509

enum InputFiles {
    /// The largest input the CLI reads; far above any real WebAuthn response.
    static let maximumInputLength = 1 << 20

    /// Reads a file, or stdin when `path` is nil or "-". An unreadable file is a usage error; an input over the
    /// bound is the input's fault, reported like any refused input (`inputTooLarge`, exit 1: docs/reference/cli.md, "Exit codes").
    static func read(_ path: String?) throws -> [UInt8] {
        let data: Data
        if let path, path != "-" {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw UsageError("cannot read the input file '\(path)'")
            }
            data = contents
        } else {
            data = FileHandle.standardInput.readDataToEndOfFile()
        }
        guard data.count <= maximumInputLength else {
            throw WebAuthnError(.inputTooLarge, "input: expected at most \(maximumInputLength) bytes, found \(data.count)")
        }
        return Array(data)
    }

    /// Reads every certificate in a PEM file (one or more blocks) or a single DER certificate.
    static func certificates(_ path: String) throws -> [Certificate] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read the trust anchor file '\(path)'")
        }
        if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN") {
            do {
                let documents = try PEMDocument.parseMultiple(pemString: text)
                let certificates = try documents.filter { $0.discriminator == "CERTIFICATE" }.map { try Certificate(pemDocument: $0) }
                guard !certificates.isEmpty else { throw UsageError("'\(path)' holds no CERTIFICATE block") }
                return certificates
            } catch let error as UsageError {
                throw error
            } catch {
                throw UsageError("'\(path)' is not a valid PEM certificate file: \(error)")
            }
        }
        do {
            return [try Certificate(derEncoded: Array(data))]
        } catch {
            throw UsageError("'\(path)' is neither PEM nor a DER certificate: \(error)")
        }
    }

    /// Parses an ISO 8601 instant, with or without fractional seconds.
    static func instant(_ text: String) throws -> Date {
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = fractional.date(from: text) { return date }
        throw UsageError("--at: expected an ISO 8601 instant such as 2025-01-08T00:00:00Z, found '\(text)'")
    }
}
