import Foundation
import IDPlatform

/// Where SwiftPM put what it built, found from the test bundle itself, on Linux and on a Mac.
///
/// The bundle is `idscopePackageTests.xctest` in the products folder: an executable file on
/// Linux, a folder holding `Contents/MacOS/idscopePackageTests` on Darwin. This code is linked
/// into it, so the image holding one of its functions is the bundle's binary (`dladdr`), whatever
/// program runs the tests (the bundle itself, `xctest`, or SwiftPM's Swift Testing helper).
package enum BuiltProducts {
    /// The products folder (`.build/<triple>/debug`).
    package static let folder: URL = {
        let anchor: @convention(c) () -> Void = {}
        let image = Platform.imagePath(containing: unsafeBitCast(anchor, to: UnsafeRawPointer.self))
            ?? Platform.executablePath() ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: image)
        while url.path != "/" && url.pathExtension != "xctest" { url = url.deletingLastPathComponent() }
        return url.path == "/" ? URL(fileURLWithPath: image).deletingLastPathComponent() : url.deletingLastPathComponent()
    }()

    /// A built executable of the package, by name.
    package static func executable(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }
}

/// What this machine offers that some tests need, so that they are skipped, with the reason, where
/// it is missing (a Mac has no /dev/full, no /proc and a BSD script(1)).
package enum Host {
    /// `/dev/full`: every write fails with ENOSPC.
    package static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")
    /// `/proc` (Linux).
    package static let hasProc = FileManager.default.fileExists(atPath: "/proc/self/mem")
    /// util-linux's script(1), which runs a command on a pseudo-terminal (`script -qec CMD FILE`).
    package static let utilLinuxScript: String? = {
        let path = "/usr/bin/script"
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--version"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.contains("util-linux") ? path : nil
    }()
    /// A program on the usual paths (Debian's and Homebrew's), or nil: the real tools some tests
    /// check output with (chromium, tidy, asciinema), which `.ci/run` installs.
    package static func tool(_ name: String) -> String? {
        ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/bin"].map { $0 + "/" + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A UTF-8 locale name this system has: C.UTF-8 on Linux; macOS has long had en_US.UTF-8.
    package static let utf8Locale: String = {
        #if os(macOS)
        "en_US.UTF-8"
        #else
        "C.UTF-8"
        #endif
    }()
}

extension BuiltProducts {
    /// Copies a built executable into `folder`, through a descriptor that no child of another
    /// test inherits (O_CLOEXEC): with Foundation's copy, a process spawned by a test running
    /// beside this one could hold the new file open for writing, and running it then fails with
    /// "Text file busy".
    package static func copy(_ name: String, into folder: URL) throws -> URL {
        let bytes = Array(try Data(contentsOf: executable(name)))
        let target = folder.appendingPathComponent(name)
        let fd = open(target.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(fd) }
        if Platform.writeAll(bytes, to: fd) != nil { throw CocoaError(.fileWriteUnknown) }
        return target
    }
}
