import PasskeyCore

/// The `.well-known` documents platforms fetch to associate apps with this domain.
enum WellKnown {
    /// apple-app-site-association with `webcredentials` (Apple: "Supporting associated domains").
    static func appleAppSiteAssociation(_ appIDs: [String]) -> JSONValue {
        .object(JSONObject(["webcredentials": .object(JSONObject(["apps": .array(appIDs.map(JSONValue.string))]))]))
    }

    /// Digital Asset Links granting `get_login_creds` to each app (Android Credential Manager passkeys).
    static func assetLinks(_ apps: [AndroidApp]) -> JSONValue {
        .array(
            apps.map { app in
                .object(
                    JSONObject([
                        "relation": .array([
                            .string("delegate_permission/common.handle_all_urls"), .string("delegate_permission/common.get_login_creds"),
                        ]),
                        "target": .object(
                            JSONObject([
                                "namespace": .string("android_app"), "package_name": .string(app.packageName),
                                "sha256_cert_fingerprints": .array([.string(app.fingerprint)]),
                            ])),
                    ]))
            })
    }
}
