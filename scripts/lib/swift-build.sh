# Sourced by the scripts that build: one scratch folder per configuration (.build for debug,
# .build-release for release) for every root package built here (FlowHost, the Benchmarks package,
# the benchmarks' drivers in Benchmarks/Drivers, check-init's generated package), so FlowHost and its
# dependencies are compiled once, not once per package (a root package reuses the modules another one
# compiled in the same scratch folder).
#
# SWIFT_DETERMINISTIC_HASHING: SwiftPM 6.3 writes a package's enabled traits as -D flags in the
# iteration order of a Set, which Swift seeds anew in every process; Hummingbird has two default
# traits, so one `swift build` in two compiled Hummingbird and everything above it again (minutes),
# even with nothing changed. A fixed seed gives every build the same order. Only SwiftPM gets it,
# never a test or a server.

# The scratch folder of a configuration (debug or release).
scratch_path() { if [[ $1 == release ]]; then echo .build-release; else echo .build; fi; }

# `swift build` with the same trait order in every run; arguments as swift build's.
swift_build() { SWIFT_DETERMINISTIC_HASHING=1 swift build "$@"; }

# Builds the benchmarks' drivers (Benchmarks/Drivers) in the configuration's scratch folder and prints
# the folder of their binaries (the build's own output goes to standard error). A product that fails to
# build fails the call: `set -e` does not reach into `$(...)`, and the loop went on to print the
# folder of the binaries an earlier build left (a benchmark then measured old code). With no product
# named, all of them, in one `swift build` (one plan, and their links in parallel).
# Usage: bin=$(build_benchmark_products debug flowhost-load flowhost-bare)
#        build_benchmark_products debug
build_benchmark_products() {
    local configuration=$1 product
    shift
    local options=(--package-path Benchmarks/Drivers --scratch-path "$(scratch_path "$configuration")" -c "$configuration")
    if (($# == 0)); then swift_build "${options[@]}" >&2 || return 1; fi
    for product in "$@"; do swift_build "${options[@]}" --product "$product" >&2 || return 1; done
    swift_build "${options[@]}" --show-bin-path
}

# Runs the Swift Testing tests of a package built with `swift build --build-tests` in SCRATCH, from the test
# binary that build made, as `swift test --skip-build` runs them but without its 16 s of planning (CPU, on
# FlowHost's package graph) first. Run from the package's folder; arguments after the name go to the binary.
# Usage: package_tests .build Notes
package_tests() {
    local scratch=$1 package=$2
    shift 2
    "$scratch/debug/${package}PackageTests.xctest" --testing-library swift-testing "$@"
}
