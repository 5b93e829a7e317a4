import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ModelSaver {
    /// Keeps each saved model in a JSON file of its own in a directory: the saver's default
    /// storage.
    ///
    /// A write is durable and atomic. The bytes go to a temporary file of the write's own beside
    /// the model's file (`.KEY.json.PID.N.partial`: the process id and a number the process
    /// never gives twice, created only if no such file exists), which is flushed to the disk
    /// (`fsync`; `F_FULLFSYNC` on Apple systems), renamed over the model's file, and then the
    /// directory itself is flushed; a write that fails removes its temporary file. A crash or
    /// power loss at any point leaves either the previous file or the new one, whole; a write
    /// that returned has reached the disk. Temporary files a crashed process left are removed
    /// when the model is next read.
    ///
    /// Several savers may share a directory, in one process or in several: no write ever
    /// touches another's temporary file, and a reader of the model's file only ever sees a
    /// whole file. Two writers of one key replace each other's file: the last rename wins.
    ///
    /// Errors are sentences that name the operation, the path and the system's reason, such as
    /// `could not write the temporary file /data/.Settings.json.812.3.partial: No space left on device`.
    ///
    /// ```swift
    /// let saver = ModelSaver(storage: ModelSaver.FileStorage(directory: appSupport), strategy: .manual)
    /// // the same as ModelSaver(directory: appSupport, strategy: .manual)
    /// ```
    public struct FileStorage: Storage {
        /// The directory of the files; created, with its parents, when first written to.
        public let directory: URL

        /// Creates a storage that keeps its files in the directory.
        public init(directory: URL) {
            self.directory = directory
        }

        /// The file of a key.
        public func url(for key: String) -> URL { directory.appendingPathComponent(key + ".json") }

        public func name(for key: String) -> String { key + ".json" }

        /// The prefix of the names of the key's temporary files: `.KEY.json.`.
        private func temporaryPrefix(for key: String) -> String { "." + key + ".json." }

        public func read(_ key: String) throws -> Data? {
            removeLeftovers(of: key)
            let path = url(for: key).path
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 {
                // Not a directory: a file stands where the directory should be, so none is stored.
                if errno == ENOENT || errno == ENOTDIR { return nil }
                throw SaveError.failed("read", path, systemReason())
            }
            defer { close(descriptor) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                // Fact (scoped pointer): the chunk's bytes are used only inside the closure, and `read` writes at most `count` of them.
                let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw SaveError.failed("read", path, systemReason())
                }
                if count == 0 { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
            return Data(bytes)
        }

        public func write(_ data: Data, for key: String) throws {
            try makeDirectory(directory.path)
            let (temporary, descriptor) = try createTemporary(for: key)
            let path = url(for: key).path
            do {
                try writeDurably(data, to: descriptor, at: temporary)
                if rename(temporary, path) != 0 {
                    throw SaveError.failed("replace", path, systemReason())
                }
            } catch {
                unlink(temporary)
                throw error
            }
            try flushDirectory(directory.path)
        }

        /// Creates a temporary file for one write of the key, under a name no other write, in
        /// this process or another, uses: the process id and the process's next number. A name
        /// already taken (left by a crashed process that had the same id) is passed over.
        private func createTemporary(for key: String) throws -> (path: String, descriptor: Int32) {
            let prefix = temporaryPrefix(for: key) + "\(getpid())."
            while true {
                let number = temporaryNumbers.add(1, ordering: .relaxed).newValue
                let path = directory.appendingPathComponent(prefix + "\(number).partial").path
                let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                if descriptor >= 0 { return (path, descriptor) }
                if errno == EEXIST || errno == EINTR { continue }
                throw SaveError.failed("create the temporary file", path, systemReason())
            }
        }

        /// Removes the key's temporary files that no running process is writing: those of
        /// processes that have ended (a crash mid-write), and the one name every write used
        /// before writes had names of their own (`.KEY.json.partial`). Files of this process,
        /// and of any process still running, are left alone, since they may be writes under way.
        private func removeLeftovers(of key: String) {
            let prefix = temporaryPrefix(for: key)
            unlink(directory.appendingPathComponent(prefix + "partial").path)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
            let own = getpid()
            for name in names where name.hasPrefix(prefix) && name.hasSuffix(".partial") {
                let middle = name.dropFirst(prefix.count).dropLast(".partial".count).split(
                    separator: ".", omittingEmptySubsequences: false)
                guard middle.count == 2, let pid = pid_t(middle[0]), pid > 0, UInt64(middle[1]) != nil,
                    pid != own, kill(pid, 0) != 0, errno == ESRCH
                else { continue }
                unlink(directory.appendingPathComponent(name).path)
            }
        }

        public func moveAside(_ key: String, reason: String, at date: Date) throws -> String {
            let source = url(for: key).path
            let base = asideName(key, reason: reason, at: date)
            var attempt = 1
            while true {
                let name = attempt == 1 ? "\(base).json" : "\(base)-\(attempt).json"
                let target = directory.appendingPathComponent(name).path
                // Reserving the name first makes the move refuse to replace anything but the
                // reservation, on every file system.
                let reservation = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                if reservation < 0 {
                    if errno == EEXIST {
                        attempt += 1
                        continue
                    }
                    throw SaveError.failed("move aside", source, "cannot create \(target): \(systemReason())")
                }
                close(reservation)
                if rename(source, target) != 0 {
                    let failure = systemReason()
                    unlink(target)
                    throw SaveError.failed("move aside", source, failure)
                }
                try flushDirectory(directory.path)
                return name
            }
        }
    }
}

/// The numbers of this process's temporary files: one each, so no two writes share one.
private let temporaryNumbers = Atomic<UInt64>(0)

/// The reason the last system call failed, as the system words it.
private func systemReason() -> String { String(cString: strerror(errno)) }

/// Writes the bytes to a file just created, flushes them to the disk and closes the file before
/// returning; the file is closed when it throws too.
private func writeDurably(_ data: Data, to descriptor: Int32, at path: String) throws {
    var open = true
    defer { if open { close(descriptor) } }
    // Fact (scoped pointer): the data's bytes are used only inside the closure, each write within `buffer.count`.
    try data.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw SaveError.failed("write the temporary file", path, systemReason())
            }
            offset += count
        }
    }
    guard flush(descriptor) else { throw SaveError.failed("flush to disk", path, systemReason()) }
    open = false
    guard close(descriptor) == 0 else { throw SaveError.failed("close", path, systemReason()) }
}

/// Flushes a file's data to the disk itself, not only to the drive's cache where the system
/// can tell them apart.
private func flush(_ descriptor: Int32) -> Bool {
    #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
    #endif
    return fsync(descriptor) == 0
}

/// Flushes a directory, so the names renamed or created in it survive a power loss.
private func flushDirectory(_ path: String) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SaveError.failed("flush the directory", path, systemReason()) }
    defer { close(descriptor) }
    // Some file systems cannot flush a directory; they say so with EINVAL.
    if !flush(descriptor), errno != EINVAL {
        throw SaveError.failed("flush the directory", path, systemReason())
    }
}

/// Creates a directory and its missing parents; a file in the way is an error naming it.
private func makeDirectory(_ path: String) throws {
    var info = stat()
    if stat(path, &info) == 0 {
        if info.st_mode & S_IFMT == S_IFDIR { return }
        throw SaveError.failed("create the directory", path, "a file is in the way")
    }
    guard errno == ENOENT || errno == ENOTDIR else {
        throw SaveError.failed("create the directory", path, systemReason())
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path { try makeDirectory(parent) }
    if mkdir(path, 0o755) != 0, errno != EEXIST {
        throw SaveError.failed("create the directory", path, systemReason())
    }
    if !parent.isEmpty { try flushDirectory(parent) }
}
