import ArgumentParser
import Foundation

/// Usage mistakes answered with one line and exit status 2, with the nearest name where a command
/// or an option was mistyped.
enum UsageLine {
    /// The subcommands by name.
    static var commands: [String: ParsableCommand.Type] {
        var byName: [String: ParsableCommand.Type] = [:]
        for type in PushProofCommand.configuration.subcommands {
            byName[type.configuration.commandName ?? String(describing: type).lowercased()] = type
        }
        return byName
    }

    /// `pushproof rn`: run is the default subcommand, so a mistyped command would otherwise read
    /// as an argument of run.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help", commands[first] == nil else {
            return nil
        }
        return "unknown command '\(first)'\(suggestion(first, among: Array(commands.keys)))"
            + "; `pushproof --help` lists them"
    }

    /// One line for a parsing or validation error.
    static func line(for error: Error, arguments: [String]) -> String {
        let message = PushProofCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
        guard message.lowercased().contains("unknown option"), !message.lowercased().contains("did you mean"),
            let range = message.range(of: #"'-[^']*'"#, options: .regularExpression)
        else { return message }
        let option = String(message[range].dropFirst().dropLast())
        let command = arguments.lazy.compactMap { commands[$0] }.first ?? Run.self
        let help = PushProofCommand.helpMessage(for: command)
        var options: Set<String> = []
        var rest = help[...]
        while let found = rest.range(of: #"--[a-z][a-z0-9-]*"#, options: .regularExpression) {
            options.insert(String(rest[found]))
            rest = rest[found.upperBound...]
        }
        return message + suggestion(option, among: Array(options))
    }

    static func suggestion(_ word: String, among names: [String]) -> String {
        let scored = names.map { ($0, distance(word, $0)) }.filter { $0.1 <= max(2, word.count / 3) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return "" }
        return " (did you mean '\(best.0)'?)"
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
