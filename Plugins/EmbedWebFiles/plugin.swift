import Foundation
import PackagePlugin

/// Builds the web page into the PasskeyServer module (`passkeys serve` needs nothing beside its binary).
///
/// Every file under the target's `Web` folder that is not Swift source (HTML, CSS, JavaScript, icons, message
/// catalogs, whatever is added later) goes to `EmbedWebFilesTool`, which writes one Swift file holding their bytes.
/// The files stay plain files in the repository (edited, diffed and checked by `scripts/check-js` as what they are);
/// SwiftPM hands a target's files that are neither sources nor resources to its plugins, so a new file is picked up
/// without touching Package.swift, and a changed one re-runs the tool.
@main
struct EmbedWebFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let web = module.directoryURL.appending(path: "Web").standardizedFileURL.path + "/"
        let files = module.sourceFiles
            .filter { $0.type != .source && $0.url.standardizedFileURL.path.hasPrefix(web) && !$0.url.lastPathComponent.hasPrefix(".") }
            .map(\.url).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedWebFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) web files in \(target.name)",
                executable: try context.tool(named: "EmbedWebFilesTool").url,
                arguments: [output.path, web] + files.map(\.path), inputFiles: files, outputFiles: [output])
        ]
    }
}
