/// Marks a type whose values are the package's own plumbing (a StateMachine input's outbox):
/// loggers and diffs leave fields of such types out, since they mean nothing to a reader.
package protocol HiddenFromLogs {}
