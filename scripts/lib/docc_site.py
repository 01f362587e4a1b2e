"""Builds the libraries' documentation as one static website with `docc` itself, as swift-docc-plugin
1.5.0's `generate-documentation --enable-experimental-combined-documentation` does, from symbol graphs
extracted once (scripts/check-docs): the plugin plans the package again for every library, which cost
about 70 of DocC's 90 s in CI for 14 libraries with nothing to build.

What it runs is what the plugin runs (its `SwiftDocCConvert.swift` and `ParsedArguments.swift`): one
`docc convert` per library, after the libraries it depends on directly (their archives are its
`--dependency`s, so a link to their symbols resolves), with the library's catalog when it has one, then
`docc merge` of the archives with a synthesized landing page named after the package. Independent
libraries convert side by side, as many as there are cores. The archives stay beside the site (as the
plugin keeps its intermediates): deleting thousands of small files took up to 25 s on a busy disk.

Usage: python3 scripts/lib/docc_site.py SYMBOL_GRAPH_DIR SITE_DIR LIBRARY...
Fails, after showing every failing library's diagnostics (file:line:col), when one fails.
"""

import concurrent.futures
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

DOCC = shutil.which("docc") or "docc"


def package():
    """The package's name and each target's direct dependencies on the package's own targets."""
    described = json.loads(subprocess.run(
        ["swift", "package", "describe", "--type", "json"], check=True, capture_output=True, text=True).stdout)
    return described["name"], {target["name"]: target.get("target_dependencies", []) for target in described["targets"]}


def symbol_graphs(graphs, library, folder):
    """A folder holding only library's symbol graphs (its own and its extensions of other modules'
    types): the plugin hands docc one target's graphs, and dump-symbol-graph writes every module's
    into one folder."""
    files = sorted(graphs.glob(f"{library}.symbols.json")) + sorted(graphs.glob(f"{library}@*.symbols.json"))
    if not files:
        raise SystemExit(f"error: no symbol graph of {library} in {graphs}")
    folder.mkdir(parents=True)
    for file in files:
        (folder / file.name).symlink_to(file.resolve())
    return folder


def convert(library, graphs, archive, dependencies):
    """`docc convert` of library as the plugin runs it; returns (library, exit status, output, seconds)."""
    catalogs = sorted((pathlib.Path("Sources") / library).glob("*.docc"))
    command = [DOCC, "convert"] + [str(catalog.resolve()) for catalog in catalogs[:1]] + [
        "--transform-for-static-hosting", "--warnings-as-errors", "--emit-lmdb-index",
        "--fallback-display-name", library, "--fallback-bundle-identifier", library,
        "--additional-symbol-graph-dir", str(graphs), "--output-path", str(archive),
        "--enable-experimental-external-link-support",
    ]
    for dependency in dependencies:
        command += ["--dependency", str(dependency)]
    started = time.monotonic()
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    return library, completed.returncode, completed.stdout + completed.stderr, time.monotonic() - started


def main():
    graphs, site, libraries = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3:]
    name, dependencies = package()
    # Only the documented libraries count, and only direct dependencies, as in the plugin's build graph.
    needs = {library: [d for d in dependencies[library] if d in libraries] for library in libraries}
    work = site.parent
    archives = {library: work / "archives" / f"{library}.doccarchive" for library in libraries}
    (work / "archives").mkdir(parents=True, exist_ok=True)  # docc writes an archive only into a folder that exists
    shutil.rmtree(work / "graphs", ignore_errors=True)  # links only
    failed, done, running = [], set(), {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        waiting = list(libraries)
        while waiting or running:
            for library in [library for library in waiting if all(d in done for d in needs[library])]:
                waiting.remove(library)
                folder = symbol_graphs(graphs, library, work / "graphs" / library)
                future = pool.submit(convert, library, folder, archives[library], [archives[d] for d in needs[library]])
                running[future] = library
            if not running:  # what is left waits on a library that failed
                break
            finished, _ = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in finished:
                del running[future]
                library, status, output, seconds = future.result()
                if status == 0:
                    done.add(library)
                    print(f"docc: {library} in {seconds:.1f} s")
                else:
                    failed.append(library)
                    print(f"docc: {library} FAILED (exit status {status}):\n{output}", file=sys.stderr)
    if failed or waiting:
        skipped = f"; not converted, since a library they depend on failed: {', '.join(waiting)}" if waiting else ""
        raise SystemExit(f"error: docc failed for {', '.join(failed)}{skipped}")
    shutil.rmtree(site, ignore_errors=True)
    started = time.monotonic()
    subprocess.run(
        [DOCC, "merge", *(str(archives[library]) for library in libraries), "--output-path", str(site),
         "--synthesized-landing-page-name", name, "--synthesized-landing-page-kind", "Package"],
        check=True, stdout=subprocess.DEVNULL)
    print(f"docc: merged in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
