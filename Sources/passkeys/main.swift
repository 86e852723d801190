import PasskeysCLI

await PasskeysCLIMain.run(CommandLine.arguments.dropFirst().map { $0 })
