# Builds and installs the combinelint command, as SwiftLint's Makefile does:
#   make install                 # into /usr/local/bin
#   make install PREFIX=~/.local # into ~/.local/bin
#   make uninstall PREFIX=…
# The binary is self-contained apart from the Swift runtime of the toolchain that built it
# (on Linux it needs the toolchain's libraries on the library path, as every Swift program does).
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
SWIFT ?= swift

.PHONY: build install uninstall

build:
	$(SWIFT) build -c release --product combinelint

install: build
	mkdir -p "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/combinelint" "$(DESTDIR)$(BINDIR)/combinelint"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/combinelint"
