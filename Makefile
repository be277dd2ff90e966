# texsort quick start: `make demo` and `make test` install what is missing, build, then run.
PRESET ?= release
JOBS ?= $(shell nproc)
BIN := build/$(PRESET)/texsort
FUZZ_SECONDS ?= 30

.PHONY: all deps configure build install test sanitize fuzz demo bench web web-serve clean

all: build

deps:
	@scripts/install-deps.sh

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

# The program into PREFIX/bin, the frei0r filter into PREFIX/lib/frei0r-1 (where ffmpeg, GStreamer and MLT look).
PREFIX ?= /usr/local
install: build
	@cmake --install build/$(PRESET) --prefix $(PREFIX)

# Every test in the release build (the browser edition's too), then the same suite under ASan + UBSan.
test: build web
	@ctest --preset $(PRESET) -j $(JOBS)
	@$(MAKE) --no-print-directory sanitize

sanitize: deps
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)
	@ctest --preset asan -j $(JOBS)

# libFuzzer on image loading and on command-line parsing, FUZZ_SECONDS each.
fuzz: deps
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)
	@scripts/fuzz.sh $(FUZZ_SECONDS)

# The browser edition: build/web/site, a static folder any file server can serve.
web: deps
	@NODE_PATH=/usr/share/nodejs cmake --preset web >/dev/null
	@NODE_PATH=/usr/share/nodejs cmake --build --preset web -j $(JOBS)

web-serve: web
	@scripts/web-serve.sh build/web/site

demo: build
	@scripts/demo.sh $(BIN)

bench: build
	@$(BIN) bench

clean:
	rm -rf build
