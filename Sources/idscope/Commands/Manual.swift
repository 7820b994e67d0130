import ArgumentParser
import Foundation
import IDScenario

extension IDScope {
    /// `idscope manual`: the man page, from the binary itself, so it is there without a checkout
    /// or `make install` (`idscope manual > idscope.1 && man ./idscope.1`).
    struct Manual: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print idscope's man page (mdoc), for 'man': idscope manual > idscope.1 && man ./idscope.1",
            discussion: "On Linux 'idscope manual | man -l -' shows it at once. 'make install' installs the same page."
        )

        func run() throws {
            try Console.write(ManualPage.text(root: IDScope.self))
        }
    }
}

/// The man page in mdoc, made from the commands' own help: the synopsis and description from the
/// root command, then each subcommand's help as it prints, so the page cannot drift from the binary.
enum ManualPage {
    static func text(root: ParsableCommand.Type) -> String {
        let configuration = root.configuration
        var out = ".Dd \(date)\n.Dt IDSCOPE 1\n.Os\n"
        out += ".Sh NAME\n.Nm idscope\n.Nd " + line(configuration.abstract) + "\n"
        out += ".Sh SYNOPSIS\n.Nm\n.Op Ar subcommand\n.Op Ar options\n"
        out += ".Sh DESCRIPTION\n" + paragraphs(configuration.discussion)
        out += ".Sh COMMANDS\n"
        for command in configuration.subcommands {
            let name = command.configuration.commandName ?? command._commandName
            out += ".Ss idscope \(name)\n" + paragraphs(command.configuration.abstract)
            out += ".Bd -literal -offset indent\n" + literal(root.helpMessage(for: command, columns: 78)) + ".Ed\n"
        }
        out += ".Sh EXIT STATUS\n" + paragraphs(ExitStatus.summary)
        out += ".Sh SHELL COMPLETION\nScripts for bash, zsh and fish:\n.Dl idscope --generate-completion-script bash|zsh|fish\n"
        out += ".Sh SEE ALSO\nThe scenario format, the rules and the recipes are described in the docs folder of idscope's source:\n"
            + ".Pa docs/scenario-format.md ,\n.Pa docs/rules.md ,\n.Pa docs/recipes.md .\n"
            + "The rules are also printed by\n.Ic idscope rules .\n"
        return out
    }

    /// The date the page carries: the version's, so the page of one build is always the same.
    static let date = "November 27, 2026"

    /// Text for a macro's arguments: one line, escaped.
    static func line(_ text: String) -> String {
        escaped(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    /// Paragraphs of prose: blank lines become `.Pp`; a line never starts with a control character.
    static func paragraphs(_ text: String) -> String {
        var out = ""
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            if !out.isEmpty { out += ".Pp\n" }
            for row in paragraph.split(separator: "\n") { out += guarded(escaped(String(row).trimmingCharacters(in: .whitespaces))) + "\n" }
        }
        return out
    }

    /// Literal text (a help message): every line kept as it is, escaped.
    static func literal(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { guarded(escaped(String($0))) }.joined(separator: "\n")
            + (text.hasSuffix("\n") ? "" : "\n")
    }

    /// roff's escape character written as itself, and every character outside ASCII as `\[uXXXX]`:
    /// troff reads its input as Latin-1 unless a preprocessor converts it (man does, groff alone
    /// does not), and both groff and mandoc know the named form.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C: out += "\\e"
            case 0..<0x80: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }

    /// A line that would start with `.` or `'` (a request to roff) starts with a zero-width `\&`.
    static func guarded(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
}
