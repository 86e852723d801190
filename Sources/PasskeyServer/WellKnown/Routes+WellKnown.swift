import Hummingbird

/// The files apps and browsers fetch from `/.well-known/`: Apple's app site association, Android's asset links, and
/// WebAuthn's related origins (L3 §5.11.1).
extension Routes {
    /// Registers the `/.well-known/` files on `router`.
    func addWellKnownRoutes(_ router: Router<ServerContext>, _ registrar: RouteRegistrar) {
        registrar.on(router, .get, "/.well-known/apple-app-site-association", APIOperations.appleAppSiteAssociation, kind: .browserJSON) { _, _ in
            APIResponse.json(WellKnown.appleAppSiteAssociation(configuration.appleAppIDs), status: .ok)
        }
        registrar.on(router, .get, "/.well-known/assetlinks.json", APIOperations.assetLinks, kind: .browserJSON) { _, _ in
            APIResponse.json(WellKnown.assetLinks(configuration.androidApps), status: .ok)
        }
        registrar.on(router, .get, "/.well-known/webauthn", APIOperations.relatedOrigins, kind: .browserJSON) { _, _ in
            APIResponse.json(RelatedOrigins.document(configuration.relyingParty.relatedOrigins), status: .ok)
        }
    }
}
