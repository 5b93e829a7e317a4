// Logs show, diff and redact values through the value-description library; apps that import
// SubstateReplay see its `StateDiff` and `Redacted` too.
@_exported import SubstateDump
