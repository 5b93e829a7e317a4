// Record and replay are a library of their own (SubstateReplay); the recorders here are its
// clients. Apps that import SubstateMiddleware keep seeing its logs, replay and redaction.
@_exported import SubstateReplay
