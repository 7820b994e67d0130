#!/usr/bin/env python3
"""Compiles each C target of ours the way SwiftPM compiles C on a Mac: clang modules on.

On Darwin SwiftPM passes -fmodules to every C compile (swift-package-manager 6.2,
Sources/Build/BuildDescription/ClangModuleBuildDescription.swift: `enableModules =
triple.isDarwin()`), and every SDK header is a module (curses.h is Darwin.ncurses, ncurses-79
ncurses.modulemap). A module is built from the command line's macros only, so a `#define` at the
top of a .c file never reaches the headers it includes: a feature macro must come from
Package.swift's cSettings. Linux builds C without modules, so this is the only place that
difference is seen here.

The emulation: Debian's headers that a file includes with <...> are put in one [system] module,
and the file is compiled with -fmodules and the defines Package.swift gives its target (read with
`swift package dump-package`, so the check follows the manifest). A control file that
#defines the wide-character macros itself must fail the same way: it proves the module isolates
a file's own #defines, so that a pass means something.

CPrefetch and CLibYAML are system-library targets: Swift imports their module maps as clang
modules on every platform, so every Linux build already compiles them the modular way.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MULTIARCH = subprocess.run(["gcc", "-print-multiarch"], capture_output=True, text=True).stdout.strip()
INCLUDE_DIRS = [d for d in (f"/usr/include/{MULTIARCH}" if MULTIARCH else "", "/usr/include") if d]
# clang's own headers (limits.h, stddef.h, ...) come first in its search and are modules of
# clang's builtin module map already; they are left to it.
RESOURCE_INCLUDE = os.path.join(subprocess.run(["clang", "-print-resource-dir"], capture_output=True, text=True).stdout.strip(), "include")
INCLUDE = re.compile(r'^\s*#\s*include\s*<([^>]+)>', re.M)
HAS_INCLUDE = re.compile(r'__has_include\(<([^>]+)>\)')


def manifest(scratch):
    out = subprocess.run(["swift", "package", "--scratch-path", scratch, "dump-package"],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def defines_on_linux(target):
    """The C defines Package.swift gives a target where the headers come from (Linux)."""
    result = []
    for setting in target.get("settings", []):
        if setting.get("tool") != "c":
            continue
        kind = setting.get("kind", {})
        if "define" not in kind:
            continue
        condition = setting.get("condition") or {}
        platforms = condition.get("platformNames")
        if platforms and "linux" not in platforms:
            continue
        result.append(kind["define"]["_0"])
    return result


def resolve(header):
    if os.path.exists(os.path.join(RESOURCE_INCLUDE, header)):
        return None
    for directory in INCLUDE_DIRS:
        path = os.path.join(directory, header)
        if os.path.exists(path):
            return path
    return None


def system_headers(c_file):
    """Every <...> header the file includes, found here (a __has_include fallback that names
    a header Debian lacks is the Mac branch, which the emulation cannot compile), but clang's own."""
    text = open(c_file, encoding="utf-8").read()
    names = sorted(set(INCLUDE.findall(text)) | set(HAS_INCLUDE.findall(text)))
    return [path for path in (resolve(name) for name in names) if path]


def compile_modular(c_file, include_dir, defines, work):
    os.makedirs(work, exist_ok=True)
    headers = system_headers(c_file)
    module_map = os.path.join(work, "system.modulemap")
    with open(module_map, "w", encoding="utf-8") as f:
        f.write("module SystemHeaders [system] {\n")
        for header in headers:
            f.write(f'  header "{header}"\n')
        f.write("  export *\n}\n")
    command = ["clang", "-fsyntax-only", "-fmodules", f"-fmodules-cache-path={work}/cache",
               f"-fmodule-map-file={module_map}", "-I", include_dir, "-Werror=implicit-function-declaration"]
    command += [f"-D{d}" for d in defines]
    command.append(c_file)
    return subprocess.run(command, capture_output=True, text=True)


def main():
    failures = 0
    with tempfile.TemporaryDirectory(prefix="idscope-c-modules-") as work:
        targets = {t["name"]: t for t in manifest(os.path.join(work, "scratch"))["targets"]}
        checked = 0
        for name in sorted(targets):
            source_dir = os.path.join(ROOT, "Sources", name)
            c_files = [f for f in sorted(os.listdir(source_dir)) if f.endswith(".c")] if os.path.isdir(source_dir) else []
            for c_file in c_files:
                defines = defines_on_linux(targets[name])
                result = compile_modular(os.path.join(source_dir, c_file), os.path.join(source_dir, "include"),
                                         defines, os.path.join(work, f"{name}-{c_file}"))
                checked += 1
                if result.returncode != 0:
                    failures += 1
                    print(f"FAIL {name}/{c_file} with modules on (defines: {' '.join(defines) or 'none'}):", file=sys.stderr)
                    print(result.stderr, file=sys.stderr)
                else:
                    print(f"ok   {name}/{c_file} with modules on (defines: {' '.join(defines) or 'none'})")
        # The control: a file that #defines the wide-character macros itself, as curses.c did
        # before, must fail under modules and compile without them. Otherwise the emulation no
        # longer isolates a file's own #defines and a pass above would mean nothing.
        control = os.path.join(work, "control.c")
        with open(control, "w", encoding="utf-8") as f:
            f.write("#define _XOPEN_SOURCE_EXTENDED 1\n#define NCURSES_WIDECHAR 1\n#include <ncursesw/ncurses.h>\n"
                    "int read_one(void) { wint_t c; return wget_wch(stdscr, &c); }\n")
        modular = compile_modular(control, work, [], os.path.join(work, "control-modules"))
        textual = subprocess.run(["clang", "-fsyntax-only", "-Werror=implicit-function-declaration", control],
                                 capture_output=True, text=True)
        if modular.returncode == 0 or "wget_wch" not in modular.stderr or textual.returncode != 0:
            failures += 1
            print("FAIL the control: a file's own #define of NCURSES_WIDECHAR should be invisible to the "
                  f"ncurses module (modules: exit {modular.returncode}; without: exit {textual.returncode})", file=sys.stderr)
        else:
            print("ok   the control: a file's own #define does not reach the module (wget_wch undeclared), as on a Mac")

        if checked == 0:
            failures += 1
            print("FAIL no C file found to check", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
