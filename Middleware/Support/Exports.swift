// The loggers, `TestStore` failures and replay print values through the value-description
// library; apps that import SubstateMiddleware see its `StateDiff` and `Redacted` too.
@_exported import SubstateDump
