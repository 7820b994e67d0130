// The one place that imports the C library. Every other file of idscope that needs a libc call
// imports IDPlatform (or Foundation, which brings the same module), and a test keeps it so
// (PlatformLayerTests): code written against Glibc alone stops building on a Mac.
#if canImport(Darwin)
@_exported import Darwin
#elseif canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
// Linux's static SDK. Not compiled by this project: no Swift SDK for Musl is installed here.
@_exported import Musl
#else
#error("idscope needs the C library of Darwin, glibc or musl")
#endif

/// The calls that differ between Linux and Darwin, behind names of ours (the C side is
/// `Sources/CPlatform/platform.c`, with the header each Darwin name was checked against).
package enum Platform {}
