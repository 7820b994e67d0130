# Build and install idscope as one self-contained binary, with its man page and shell completions.
#
#   make install [PREFIX=/usr/local] [DESTDIR=] [CONFIGURATION=release]
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
#
# The built-in scenarios and recipes are compiled into the binary: nothing else is installed
# beside it. SWIFT_FLAGS reach both `swift build` and `swift package` (Homebrew passes
# --disable-sandbox, since its own sandbox forbids SwiftPM's).

PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
SWIFT ?= swift
SWIFT_FLAGS ?=

BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# Asked of SwiftPM when a recipe runs, not when the Makefile is read.
PRODUCTS = $(shell $(SWIFT) build $(SWIFT_FLAGS) -c $(CONFIGURATION) --show-bin-path)

.PHONY: all build install uninstall

all: build

build:
	$(SWIFT) build $(SWIFT_FLAGS) -c $(CONFIGURATION) --product idscope

install: build
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 0755 "$(PRODUCTS)/idscope" "$(BINDIR)/idscope"
	"$(BINDIR)/idscope" manual > "$(MANDIR)/idscope.1"   # the page the binary prints: one source
	"$(BINDIR)/idscope" --generate-completion-script bash > "$(BASHDIR)/idscope"
	"$(BINDIR)/idscope" --generate-completion-script zsh > "$(ZSHDIR)/_idscope"
	"$(BINDIR)/idscope" --generate-completion-script fish > "$(FISHDIR)/idscope.fish"

uninstall:
	rm -f "$(BINDIR)/idscope" "$(MANDIR)/idscope.1" "$(BASHDIR)/idscope" "$(ZSHDIR)/_idscope" "$(FISHDIR)/idscope.fish"
