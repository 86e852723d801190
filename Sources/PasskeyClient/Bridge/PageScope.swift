import PasskeyModel

/// Bounds a page's options by the page's origin, as a browser does before any authenticator is asked (WebAuthn L3
/// §5.1.3 step 8, §5.1.4.1 step 7): the RP ID must be the page's host or a registrable suffix of it, and options without
/// one get the page's host written in, so no provider falls back to a domain of its own (`PasskeysManager` would use
/// the app's associated domain, which the page has no claim to).
enum PageScope {
    /// Creation options with `rp.id` checked against `page`, and set to its host when absent.
    static func creation(_ options: JSONObject, page: RPIDValidation.Origin) throws(PasskeyError) -> JSONObject {
        let requested: String?
        do { requested = try CreationOptions(options).rpID } catch { throw PasskeyErrorClassifier.classify(error) }
        var rp = options["rp"]?.objectValue ?? JSONObject()
        rp["id"] = .string(try rpID(requested, page))
        var scoped = options
        scoped["rp"] = .object(rp)
        return scoped
    }

    /// Request options with `rpId` checked against `page`, and set to its host when absent.
    static func request(_ options: JSONObject, page: RPIDValidation.Origin) throws(PasskeyError) -> JSONObject {
        let requested: String?
        do { requested = try RequestOptions(options).rpID } catch { throw PasskeyErrorClassifier.classify(error) }
        var scoped = options
        scoped["rpId"] = .string(try rpID(requested, page))
        return scoped
    }

    private static func rpID(_ requested: String?, _ page: RPIDValidation.Origin) throws(PasskeyError) -> String {
        do { return try RPIDValidation.rpID(requested, for: page) } catch { throw PasskeyErrorClassifier.classify(error) }
    }
}
