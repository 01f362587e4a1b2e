"""A browser of the movie sample for the benchmark scripts: keeps its session cookie on one keep-alive
connection, accepts gzip as browsers do (and inflates it), follows redirects, signs in, reads the
page's actions. Python 3 standard library only.

    from flowhost_browser import Browser
    browser = Browser(port)
    browser.sign_in()                       # the demo account: lands on the movie list
    browser.press("Heat")                   # the action whose button reads "Heat"
    assert browser.title == "Heat"
"""

import gzip
import html
import http.client
import re

SESSION = re.compile(r"flowhost_session=([0-9a-f]{32})")
# The click path length an action's answer tells the browser: behind a load balancer, the process
# the next GET lands on rebuilds its copy of the session when it holds fewer clicks.
PATH_LENGTH = re.compile(r"flowhost_at=([^;]+)")
FORM = re.compile(r'<form[^>]*action="(/_action/[A-Za-z0-9_-]{22})"[^>]*>(.*?)</form>', re.S)
BUTTON = re.compile(r"<button[^>]*>(.*?)</button>", re.S)
TAG = re.compile(r"<[^>]*>")
TITLE = re.compile(r"<title>([^<]*)</title>")
POST_HEADERS = {"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"}
DEMO_ACCOUNT = "email=ada%40example.com&password=flowhost"


def rss_kb(pid):
    """The resident set of process `pid`, in KB (VmRSS)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


class Problem(Exception):
    """The server answered something a person would not have seen."""


class Browser:
    """One person: a session cookie, one keep-alive connection (reopened when the server closes
    it), and the last page shown."""

    def __init__(self, port, cookie=None, path_length=None, timeout=30, host=None, origin=None):
        """`host`, when given, is the `Host` every request names (a public name in front of the
        loopback address the connection goes to, as curl's --resolve does); `origin`, when given, is
        the `Origin` posts send instead of `Sec-Fetch-Site` (as a browser that sends no fetch
        metadata does), so that the server's origin check decides."""
        self.port = port
        self.host = host
        self.origin = origin
        self.cookie = cookie
        self.path_length = path_length
        self.timeout = timeout
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        self.path = None
        self.page = ""

    def request(self, method, path, body=None, headers=None):
        """One request, with the cookie; keeps the cookie the server sets. (response, text)."""
        headers = dict(headers or {})
        headers.setdefault("Accept-Encoding", "gzip")
        if self.host:
            headers["Host"] = self.host
        if self.cookie:
            headers["Cookie"] = f"flowhost_session={self.cookie}"
            if self.path_length:
                headers["Cookie"] += f"; flowhost_at={self.path_length}"
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                data = response.read()
                if response.headers.get("Content-Encoding") == "gzip":
                    data = gzip.decompress(data)
                text = data.decode()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.connection.close()
                if attempt == 2:
                    raise
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        for value in response.headers.get_all("Set-Cookie") or []:
            match = SESSION.match(value)
            if match:
                self.cookie = match.group(1)
            match = PATH_LENGTH.match(value)
            if match:
                self.path_length = match.group(1)
        return response, text

    def open(self, path="/"):
        """GET `path`, following redirects; the page shown."""
        for _ in range(5):
            response, text = self.request("GET", path)
            if response.status != 303:
                if response.status != 200:
                    raise Problem(f"GET {path} answered {response.status}")
                self.path, self.page = path, text
                return text
            path = response.headers["Location"]
        raise Problem(f"too many redirects from {path}")

    @property
    def title(self):
        match = TITLE.search(self.page)
        return html.unescape(match.group(1)) if match else None

    def actions(self):
        """The page's actions in page order: (label of the form's last button, URL)."""
        found = []
        for match in FORM.finditer(self.page):
            buttons = BUTTON.findall(match.group(2))
            if buttons:
                found.append((html.unescape(TAG.sub("", buttons[-1])).strip(), match.group(1)))
        return found

    def post(self, url, form=""):
        """Posts an action's form and shows the page it leads to (the same screen with the form's
        errors when the server answers 422)."""
        headers = POST_HEADERS
        if self.origin:
            headers = {"Content-Type": POST_HEADERS["Content-Type"], "Origin": self.origin}
        response, text = self.request("POST", url, form.encode(), headers)
        if response.status == 422:
            self.page = text
            return text
        if response.status != 303:
            raise Problem(f"POST {url} answered {response.status} on {self.title!r}")
        return self.open(response.headers["Location"])

    def press(self, label, form=""):
        """Presses the button whose text starts with `label` (a cell reads its title first) on the
        page shown."""
        url = next((url for text, url in self.actions() if text.startswith(label)), None)
        if url is None:
            raise Problem(f"no button {label!r} on {self.title!r}: {[text for text, _ in self.actions()]}")
        return self.post(url, form)

    def sign_in(self):
        """Opens the app and signs in with the demo account: the movie list."""
        self.open("/")
        form = next((url for _, url in self.actions()), None)
        if self.title != "Sign In" or form is None:
            raise Problem(f"the first page is {self.title!r}, not the sign-in form")
        self.post(form, DEMO_ACCOUNT)
        if self.title != "Movies":
            raise Problem(f"signing in showed {self.title!r}, not the movie list")
