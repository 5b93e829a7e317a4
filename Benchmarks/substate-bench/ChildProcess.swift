import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs this benchmark's own executable as a child process, for figures that need a process
/// of their own: the peak memory of reading a log.
enum ChildProcess {
    struct Outcome {
        let seconds: Double
        /// The child's peak resident memory, in bytes.
        let peakBytes: Double
        let exitCode: Int32
    }

    /// Runs `substate-bench` with `arguments`, its output discarded.
    static func run(_ arguments: [String]) -> Outcome {
        let executable = CommandLine.arguments[0]
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
            return Outcome(seconds: 0, peakBytes: 0, exitCode: -1)
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let seconds = nanoseconds(start.duration(to: clock.now)) / 1e9
        // ru_maxrss is in kilobytes on Linux, in bytes on Apple platforms.
        #if canImport(Darwin)
            let peak = Double(usage.ru_maxrss)
        #else
            let peak = Double(usage.ru_maxrss) * 1024
        #endif
        return Outcome(seconds: seconds, peakBytes: peak, exitCode: (status >> 8) & 0xFF)
    }
}
