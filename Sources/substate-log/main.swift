import Foundation
import SubstateLogTool

// substate-log: reads recorded Substate action logs. `substate-log help` lists the commands.
let result = LogTool.run(Array(CommandLine.arguments.dropFirst()))
if !result.output.isEmpty {
    if result.exitCode == 0 || result.exitCode == 1 {
        print(result.output)
    } else {
        FileHandle.standardError.write(Data((result.output + "\n").utf8))
    }
}
exit(result.exitCode)
