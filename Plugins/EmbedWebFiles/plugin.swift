import Foundation
import PackagePlugin

/// Builds the web page into the PasskeyServer module (`passkeys serve` needs nothing beside its binary).
///
/// Every file under the target's `Web` folder that is not Swift source (HTML, CSS, JavaScript, icons, message
/// catalogs, whatever is added later) is written into one Swift file holding their bytes. The files stay plain files in
/// the repository (edited, diffed and checked by `scripts/check-js` as what they are); SwiftPM hands a target's files
/// that are neither sources nor resources to its plugins, so a new file is picked up without touching Package.swift,
/// and a changed one re-runs the command.
///
/// The command is the system's `/bin/sh` with `od` and `awk` (``WebFileSource/script``), not a tool built from source:
/// SwiftPM 6 builds a plugin's tool in two build graphs (the plugin tools' and the package's) that write the same
/// executable and keep two databases, so each sees the other's output as new, and every build, even with nothing
/// changed, relinked the tool, ran it and in release recompiled the module (docs/performance.md, "No-op builds").
@main
struct EmbedWebFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let web = module.directoryURL.appending(path: "Web").standardizedFileURL.path + "/"
        let files = module.sourceFiles
            .filter { $0.type != .source && $0.url.standardizedFileURL.path.hasPrefix(web) && !$0.url.lastPathComponent.hasPrefix(".") }
            .map(\.url).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedWebFiles.swift")
        let entries = try files.flatMap { file in try WebFileSource.entry(for: file, root: web) }
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) web files in \(target.name)", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", WebFileSource.script, "embed-web-files", output.path] + entries, inputFiles: files, outputFiles: [output])
        ]
    }
}
