/// What the user asked for, whatever key they pressed: the key table maps keys to intents, and
/// the inspector's reducer acts on intents alone.
public enum Intent: Hashable, Sendable {
    // Time.
    case stepBack, stepForward, tenBack, tenForward, firstStep, lastStep
    // Selection and panes.
    case up, down, focusNext, focusPrevious, open, cancel, pin
    // Acting on the world at the cursor.
    case install, delete, launch, tracking, consent, reboot, unlock, erase, backup, restore, command
    // The session.
    case undo, redo, save, openFile, filter, mark, compare, explore
    // Presenting.
    case presenter, autoAdvance, slower, faster, notes
    // Expectations that failed: the next one, the one before.
    case nextFailure, previousFailure
    case help, quit
    // Overlays and the line.
    case pageUp, pageDown, apply, yes, complete, clearLine, deleteBack, historyBack, historyForward
}

/// Where a key is read: the panes, presenter mode, or an overlay that takes keys of its own.
public enum KeyScope: String, Sendable, CaseIterable {
    case panes = "the panes"
    case presenter = "presenter mode"
    case line = "the : / w o line"
    case list = "a list"
    case question = "a question"
    case reading = "help and details"
    case anywhere = "anywhere"
}
