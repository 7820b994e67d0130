/// What the user asked for, whatever key they pressed, in the scope the key was read in: the key
/// table maps keys to intents, and the reducer hands each scope's intents to that scope's handler.
/// An intent means one thing where it is handled: ↑ is a row of a pane (`PanesIntent.up`), a
/// scroll of presenter mode (`PresenterIntent.scrollUp`), an option of a list (`ListIntent.up`)
/// or a line of a text (`ReadingIntent.up`), four intents rather than one read four ways.
package enum Intent: Hashable, Sendable {
    case panes(PanesIntent)
    case presenter(PresenterIntent)
    case line(LineIntent)
    case list(ListIntent)
    case question(QuestionIntent)
    case reading(ReadingIntent)
    case anywhere(AnywhereIntent)

    /// The scope the intent is read in.
    package var scope: KeyScope {
        switch self {
        case .panes: .panes
        case .presenter: .presenter
        case .line: .line
        case .list: .list
        case .question: .question
        case .reading: .reading
        case .anywhere: .anywhere
        }
    }
}

/// The panes: time, rows, acting on the world at the cursor, the session.
package enum PanesIntent: Hashable, Sendable {
    // Time.
    case stepBack, stepForward, tenBack, tenForward, firstStep, lastStep
    // Selection and panes.
    case up, down, focusNext, focusPrevious, open, clearFilter, pin
    /// Acting on the world at the cursor (each asks, in a picker, for what it needs).
    case act(WorldAction)
    case command
    // The session.
    case undo, redo, save, openFile, filter, mark, compare, explore
    // Expectations that failed: the next one, the one before.
    case nextFailure, previousFailure
    case presenter, help, quit
}

/// The single-key actions on the selected device and app.
package enum WorldAction: Hashable, Sendable {
    case install, delete, launch, tracking, consent, reboot, unlock, erase, backup, restore
}

/// Presenter mode: the story for a room.
package enum PresenterIntent: Hashable, Sendable {
    /// Back a step; from the end summary, back to the last step.
    case stepBack
    /// Forward a step; after the last step, the end summary.
    case stepForward
    case firstStep, lastStep
    case scrollUp, scrollDown, pageUp, pageDown
    case autoAdvance, faster, slower, notes
    case nextFailure, previousFailure
    /// Back to the panes.
    case leave
    case help, quit
}

/// The `:` line (and `/`, `w`, `o`); other keys type.
package enum LineIntent: Hashable, Sendable {
    case apply, complete, historyBack, historyForward, deleteBack, clearLine, cancel
}

/// A list of options (a picker); 1–9 take an option by its number.
package enum ListIntent: Hashable, Sendable {
    case up, down, apply, cancel
}

/// A yes/no question: every other key is no.
package enum QuestionIntent: Hashable, Sendable {
    case yes
}

/// Help and details: a text that scrolls, whose lines may open rules.
package enum ReadingIntent: Hashable, Sendable {
    case up, down, pageUp, pageDown, open, close, help
}

/// Keys read in every scope, even while typing a line.
package enum AnywhereIntent: Hashable, Sendable {
    case quit, help
}

/// Where a key is read: the panes, presenter mode, or an overlay that takes keys of its own.
package enum KeyScope: String, Sendable, CaseIterable {
    case panes = "the panes"
    case presenter = "presenter mode"
    case line = "the : / w o line"
    case list = "a list"
    case question = "a question"
    case reading = "help and details"
    case anywhere = "anywhere"
}
