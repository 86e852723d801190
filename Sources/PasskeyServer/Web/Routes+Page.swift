import Hummingbird

/// The page: its HTML, script, styles, icons and message catalogs, embedded in the binary.
extension Routes {
    /// Registers each of the page's files on `router`.
    func addPageRoutes(_ router: Router<ServerContext>, _ registrar: RouteRegistrar) {
        for asset in WebAssets.all {
            registrar.on(router, .get, asset.path, APIOperations.asset(asset.path, asset.contentType), kind: .browserJSON) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: asset.contentType, .cacheControl: "no-cache"], body: ResponseBody(byteBuffer: asset.body))
            }
        }
    }
}
