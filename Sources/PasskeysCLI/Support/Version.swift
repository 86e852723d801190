/// `passkeys --version`: the release this source calls itself and the git commit it was built from.
enum PasskeysVersion {
    /// The version of this source tree; raised when a release is tagged. Builds between releases share it, and the
    /// commit tells them apart.
    static let number = "0.1.0"

    /// `0.1.0 (commit 1ba418b0c3d2)`, or `(commit unknown)` for a build made outside a git checkout.
    static var line: String { "\(number) (commit \(BuildCommit.id ?? "unknown"))" }
}
