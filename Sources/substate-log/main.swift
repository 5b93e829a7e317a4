import Foundation
import SubstateLogTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// substate-log: reads recorded Substate action logs. `substate-log help` lists the commands.

/// Standard output, written in blocks: a timeline of millions of actions is printed without a
/// system call per line.
final class BufferedOutput {
    private var buffer: [UInt8] = []

    func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}

let output = BufferedOutput()
let code = LogTool.run(
    Array(CommandLine.arguments.dropFirst()),
    output: output.write,
    errors: { line in
        output.flush()
        FileHandle.standardError.write(Data((line + "\n").utf8))
    },
    wait: {
        // tail -f: what was written so far is printed; look again in a moment.
        output.flush()
        usleep(200_000)
        return true
    })
output.flush()
exit(code)
