# Conveniences; the scripts are the source of truth.
PREFIX ?= /usr/local

.PHONY: setup build test demo release install fixtures

setup:
	./scripts/setup

build: setup
	swift build

test:
	./scripts/test

demo:
	./scripts/demo

release: setup
	swift build -c release

# The binary finds its packs in $(PREFIX)/share/cpvanity/patterns.
install: release
	install -d $(PREFIX)/bin $(PREFIX)/share/cpvanity/patterns
	install -m 755 .build/release/cpvanity $(PREFIX)/bin/cpvanity
	install -m 644 patterns/*.toml $(PREFIX)/share/cpvanity/patterns/

# Regenerates Fixtures/codeproject from scripts/make-fixtures (needs python3).
fixtures:
	./scripts/make-fixtures
