import Foundation
import PackagePlugin

/// Writes the git commit a build is made from into the CLI, for `passkeys --version`.
///
/// A prebuild command: it runs before every build of its target, with the system's `/bin/sh` (a prebuild command may
/// not run a tool built from source), and rewrites `BuildCommit.swift` only when the commit changed, so an unchanged
/// checkout recompiles nothing. Outside a git checkout (a source archive, no git installed) the commit is `nil` and
/// the build goes on: `passkeys --version` then says the commit is unknown. `GIT_OPTIONAL_LOCKS=0` keeps git from
/// refreshing the index, which a sandboxed plugin may not write.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit")
        let script = #"""
            set -u
            root=$1 out=$2
            mkdir -p "$out"
            commit=$(GIT_OPTIONAL_LOCKS=0 git -C "$root" rev-parse --short=12 HEAD 2>/dev/null) || commit=
            if [ -n "$commit" ] && [ -n "$(GIT_OPTIONAL_LOCKS=0 git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
              commit="$commit, modified"
            fi
            if [ -n "$commit" ]; then value="\"$commit\""; else value=nil; fi
            printf '%s\n' \
              "// Written by the BuildCommit plugin at build time (Plugins/BuildCommit); not in the repository." \
              "enum BuildCommit {" \
              "    /// The git commit this build was made from (\", modified\" with uncommitted changes), nil outside a checkout." \
              "    static let id: String? = $value" \
              "}" > "$out/BuildCommit.swift.new"
            if cmp -s "$out/BuildCommit.swift.new" "$out/BuildCommit.swift"; then rm -f "$out/BuildCommit.swift.new"
            else mv "$out/BuildCommit.swift.new" "$out/BuildCommit.swift"; fi
            """#
        return [
            .prebuildCommand(
                displayName: "Recording the git commit for passkeys --version", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "build-commit", context.package.directoryURL.path, output.path], outputFilesDirectory: output)
        ]
    }
}
