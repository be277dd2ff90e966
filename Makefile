# texsort quick start: `make demo` and `make test` install what is missing, build, then run.
PRESET ?= release
JOBS ?= $(shell nproc)
BIN := build/$(PRESET)/texsort
FUZZ_SECONDS ?= 30

.PHONY: all deps configure build test sanitize fuzz demo bench clean

all: build

deps:
	@scripts/install-deps.sh

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

# Every test in the release build, then the same suite (less the window tests) under ASan + UBSan.
test: build
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

demo: build
	@scripts/demo.sh $(BIN)

bench: build
	@$(BIN) bench

clean:
	rm -rf build
