# texsort quick start: `make demo` and `make test` install what is missing, build, then run.
PRESET ?= release
JOBS ?= $(shell nproc)
BIN := build/$(PRESET)/texsort

.PHONY: all deps configure build test demo clean

all: build

deps:
	@scripts/install-deps.sh

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

test: build
	@ctest --preset $(PRESET) -j $(JOBS)

demo: build
	@scripts/demo.sh $(BIN)

clean:
	rm -rf build
