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
    ///
    /// The child reports its own peak memory (``reportPeakMemory()``): a spawned child's
    /// `ru_maxrss` on Linux starts from the parent's, as the two share memory until `exec`.
    static func run(_ arguments: [String]) -> Outcome {
        let executable = CommandLine.arguments[0]
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("substate-bench-peak-\(UUID())")
        defer { try? FileManager.default.removeItem(at: report) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, report.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
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
        let reported = (try? String(contentsOf: report, encoding: .utf8)).flatMap { text in
            text.split(separator: "\n").last { $0.hasPrefix("peak-bytes ") }.flatMap { Double($0.dropFirst(11)) }
        }
        // ru_maxrss is in kilobytes on Linux, in bytes on Apple platforms.
        #if canImport(Darwin)
            let peak = reported ?? Double(usage.ru_maxrss)
        #else
            let peak = reported ?? Double(usage.ru_maxrss) * 1024
        #endif
        return Outcome(seconds: seconds, peakBytes: peak, exitCode: (status >> 8) & 0xFF)
    }

    /// Runs `substate-bench` with `arguments` `count` times: the fastest run's time, the
    /// largest peak memory of them all, and the first failing run's exit code, if any.
    static func fastest(of count: Int, _ arguments: [String]) -> Outcome {
        let outcomes = (0..<max(1, count)).map { _ in run(arguments) }
        return Outcome(
            seconds: outcomes.map(\.seconds).min()!, peakBytes: outcomes.map(\.peakBytes).max()!,
            exitCode: outcomes.first { $0.exitCode != 0 }?.exitCode ?? 0)
    }

    /// Writes this process's peak resident memory to standard error as `peak-bytes N`, from
    /// `/proc/self/status` where there is one.
    static func reportPeakMemory() {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return }
        FileHandle.standardError.write(Data("peak-bytes \(Int(kilobytes * 1024))\n".utf8))
    }
}
