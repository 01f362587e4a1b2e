"""Two or more `flowhost serve` processes on one PostgreSQL store behind Debian's nginx, as
docs/nginx-cluster.conf says: nginx's part of it, and each process started with the options of the
file's own `flowhost serve` lines (its --public-url included), their ports and store changed, for
scripts/cluster-smoke and Benchmarks/cluster.sh. Python 3 standard library only.

    cluster = Cluster(binary, store_url, work_folder, processes=2)
    cluster.start()                 # the servers, then nginx in front on cluster.port
    cluster.restart(0, signal.SIGTERM)
    cluster.stop()
"""

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONFIG = os.path.join(ROOT, "docs", "nginx-cluster.conf")


def recipe_commands():
    """The options of each `flowhost serve` line the recipe's comments give, as written."""
    with open(CONFIG) as file:
        lines = re.findall(r"^#\s+flowhost serve (.*)$", file.read(), re.M)
    if not lines:
        sys.exit(f"{CONFIG} gives no `flowhost serve` command")
    return [shlex.split(line) for line in lines]


def recipe_arguments(options, port, store, public_port):
    """`options` of a recipe line with this process's port and store, and nginx's port in its
    --public-url."""
    arguments = list(options)
    for index, option in enumerate(arguments[:-1]):
        if option == "--port":
            arguments[index + 1] = str(port)
        elif option == "--store":
            arguments[index + 1] = store
        elif option == "--public-url":
            arguments[index + 1] = re.sub(r":8080\b", f":{public_port}", arguments[index + 1])
    return arguments


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_healthy(port, process=None, log=None, timeout=60):
    """Waits for GET /healthz on `port` to answer 200; exits when `process` ends first."""
    started = time.perf_counter()
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
                if response.status == 200:
                    return time.perf_counter() - started
        except OSError:
            time.sleep(0.01)
        if process is not None and process.poll() is not None:
            sys.exit(f"a server exited (code {process.returncode}); see {log}")
        if time.perf_counter() - started > timeout:
            sys.exit(f"no /healthz on port {port} within {timeout} s")


class Server:
    """One `flowhost serve` with the given arguments (its port among them)."""

    def __init__(self, binary, arguments, log, port):
        self.binary, self.arguments, self.log, self.port = binary, arguments, log, port
        self.process = None

    def start(self):
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(
                [self.binary, "serve", *self.arguments, "--log-level", "warning"],
                stdout=log, stderr=subprocess.STDOUT)
        wait_healthy(self.port, self.process, self.log)

    def stop(self, sig=signal.SIGTERM):
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(sig)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Cluster:
    """`processes` servers on one store, nginx in front (round robin, as docs/nginx-cluster.conf)."""

    # Seconds from a restarted process's first /healthz until nginx surely sends to it again, so that
    # the next one may stop: its last failed request marked it down for fail_timeout (1 s), which
    # nginx counts on a clock of whole seconds, so up to 2 s; stopping the other one sooner leaves
    # nginx no live process (502).
    TAKEN_BACK_AFTER = 2.5

    def __init__(self, binary, store, work, processes=2):
        self.work = work
        self.port = free_port()
        commands = recipe_commands()
        self.servers = []
        for index in range(processes):
            port = free_port()
            arguments = recipe_arguments(commands[index % len(commands)], port, store, self.port)
            self.servers.append(Server(binary, arguments, os.path.join(work, f"server-{index}.log"), port))
        # The address people open, as the recipe's --public-url gives it (nginx's port changed).
        public = next((arguments[i + 1] for i, option in enumerate(arguments[:-1]) if option == "--public-url"), None)
        if public is None:
            sys.exit(f"{CONFIG}: its `flowhost serve` lines give no --public-url")
        self.public_url = public
        self.public_host = re.sub(r"^https?://", "", public).rstrip("/")
        self.nginx = None

    def nginx_config(self):
        """docs/nginx-cluster.conf with this cluster's ports, inside what a standalone nginx needs."""
        with open(CONFIG) as file:
            site = file.read()
        upstreams = "".join(
            f"    server 127.0.0.1:{server.port} max_fails=1 fail_timeout=1s;\n" for server in self.servers)
        site = re.sub(r"(    server 127\.0\.0\.1:808[12][^\n]*\n)+", upstreams, site)
        site = site.replace("listen 8080;", f"listen 127.0.0.1:{self.port};")
        temp = os.path.join(self.work, "nginx-temp")
        os.makedirs(temp, exist_ok=True)
        user = "user root;\n" if os.getuid() == 0 else ""
        return (
            f"{user}daemon off;\nworker_processes 1;\npid {self.work}/nginx.pid;\n"
            f"error_log {self.work}/nginx-error.log warn;\nevents {{ worker_connections 1024; }}\n"
            f"http {{\n    access_log off;\n    client_body_temp_path {temp}/body;\n"
            f"    proxy_temp_path {temp}/proxy;\n    fastcgi_temp_path {temp}/fastcgi;\n"
            f"    uwsgi_temp_path {temp}/uwsgi;\n    scgi_temp_path {temp}/scgi;\n{site}\n}}\n")

    def start(self):
        for server in self.servers:
            server.start()
        config = os.path.join(self.work, "nginx.conf")
        with open(config, "w") as file:
            file.write(self.nginx_config())
        self.nginx = subprocess.Popen(
            ["nginx", "-c", config, "-p", self.work], stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(self.work, "nginx-error.log"), "a"))
        wait_healthy(self.port, self.nginx, os.path.join(self.work, "nginx-error.log"))

    def restart(self, index, sig):
        """Stops server `index` with `sig` and starts it again on its port; the seconds it was away."""
        started = time.perf_counter()
        self.servers[index].stop(sig)
        self.servers[index].start()
        return time.perf_counter() - started

    def stop(self):
        if self.nginx is not None and self.nginx.poll() is None:
            self.nginx.send_signal(signal.SIGQUIT)
            try:
                self.nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
        for server in self.servers:
            server.stop()
