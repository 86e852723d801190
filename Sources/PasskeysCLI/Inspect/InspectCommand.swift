import ArgumentParser

struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "inspect", abstract: "Decode a WebAuthn response or one of its parts for people.")
    func run() async throws {}
}
