// FlowHost's page script: one request a click, copy buttons, live moves, the inspector's panel, comments
// and a study's misclicks, each below. Without JavaScript every page still works: forms post, the server
// answers 303, and the toolbar's links open their pages.
"use strict";

// One request a click. An action's form posts to /_action/<token>?answer=page, and the server answers with
// the page of the screen then on top rather than a 303 to it (and the GET that follows); this puts that
// screen's address (<body data-url>) in the address bar in place of the action's, so that reload, Back,
// Forward and a copied address ask for the screen, as after a 303. Without JavaScript, forms post to the
// action's address as it is and the server answers 303.
(function () {
  if (!window.history || !history.replaceState || !document.body) return;
  var url = document.body.dataset.url;
  if (url && location.pathname + location.search !== url) history.replaceState(history.state, "", url);

  function asksForPage(element, attribute) {
    var action = element && element.getAttribute(attribute);
    if (!action || action.indexOf("/_action/") !== 0 || action.indexOf("?") !== -1) return false;
    element.setAttribute(attribute, action + "?answer=page");
    return true;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || form.method !== "post") return;
    asksForPage(event.submitter, "formaction") || asksForPage(form, "action");
  });
})();

// Copy buttons (the share page): a button with data-copy="ID" copies the text of element ID. Hidden until
// this script runs, since without JavaScript there is nothing to press; the link stays selectable text.
(function () {
  var buttons = document.querySelectorAll("button[data-copy]");
  Array.prototype.forEach.call(buttons, function (button) {
    var source = document.getElementById(button.dataset.copy);
    if (!source) return;
    button.hidden = false;
    var label = button.textContent;
    button.addEventListener("click", function () {
      var text = source.textContent;
      var done = function () {
        button.textContent = "Copied";
        setTimeout(function () { button.textContent = label; }, 2000);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(done, function () { selectAndCopy(source) && done(); });
      } else if (selectAndCopy(source)) {
        done();
      }
    });
  });

  function selectAndCopy(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    try { return document.execCommand("copy"); } catch (error) { return false; }
  }
})();

// Live moves. The page's <body data-events="/_events?v=N"> names a Server-Sent Events stream that sends one
// `move` event (the URL of the screen now on top) when the coordinator navigates on its own.
(function () {
  var url = document.body && document.body.dataset.events;
  if (!url || !window.EventSource) return;

  // Once this tab is going somewhere (a form submitted, Back or Forward pressed, a link followed),
  // that navigation decides where it lands: a move arriving meanwhile (the server publishing the
  // page that very navigation asked for) must not replace it.
  var leaving = false;
  var source = new EventSource(url);

  function leave() {
    leaving = true;
    source.close();
  }

  // The inspector's panel (below) asks again when a step was logged without a move, and once the
  // stream is open (what changed before it opened is then in its answer).
  source.addEventListener("inspect", function () { document.dispatchEvent(new Event("flowhost:inspect")); });
  source.addEventListener("open", function () { document.dispatchEvent(new Event("flowhost:inspect")); });

  source.addEventListener("move", function (event) {
    source.close();
    if (!leaving) location.assign(event.data);
  });

  // The session has more pages open than the server follows, and this one listened longest: it
  // stops listening, and asks the server again once it is looked at.
  source.addEventListener("close", function () {
    source.close();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && !leaving) location.reload();
    });
  });

  if (window.navigation) window.navigation.addEventListener("navigate", leave);
  window.addEventListener("beforeunload", leave);

  document.addEventListener("submit", function (event) {
    leaving = true;
    var form = event.target;
    form.classList.add("is-busy");
    var button = event.submitter || form.querySelector("button");
    if (button) button.setAttribute("aria-busy", "true");
  });

  window.addEventListener("pagehide", leave);

  // A page restored from the back/forward cache holds stale actions: ask the server.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) location.reload();
  });
})();

// The inspector: a panel beside the phone with the session's coordinator tree, step log and click path
// ("Back to here" on each entry) and "Copy as test". The toolbar's Inspector link opens the same content as
// a page without JavaScript; here it becomes a toggle, remembered per browser (off by default on a
// phone-sized window), and the panel is filled from that page and asked again on `flowhost:inspect`.
(function () {
  var link = document.querySelector("a[data-inspector]");
  var panel = link && document.getElementById(link.dataset.inspector);
  if (!panel || !window.fetch || !window.DOMParser) return;
  var storageKey = "flowhost.inspector";
  var toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = link.className;
  toggle.textContent = link.textContent;
  toggle.setAttribute("aria-controls", panel.id);
  link.replaceWith(toggle);

  var latest = 0;
  function load() {
    if (panel.hidden) return;
    var request = ++latest;
    fetch(panel.dataset.src, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) {
        var content = new DOMParser().parseFromString(html, "text/html").getElementById("flowhost-inspector-content");
        if (request !== latest || !content) return;
        panel.replaceChildren(document.importNode(content, true));
        Array.prototype.forEach.call(panel.querySelectorAll("button[data-copy]"), wireCopy);
      })
      .catch(function () {});
  }

  function wireCopy(button) {
    var source = document.getElementById(button.dataset.copy);
    if (!source) return;
    button.hidden = false;
    var label = button.textContent;
    button.addEventListener("click", function () {
      var done = function () {
        button.textContent = "Copied";
        setTimeout(function () { button.textContent = label; }, 2000);
      };
      var selectAndCopy = function () {
        var range = document.createRange();
        range.selectNodeContents(source);
        window.getSelection().removeAllRanges();
        window.getSelection().addRange(range);
        try { if (document.execCommand("copy")) done(); } catch (error) { /* the text stays selected */ }
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(source.textContent).then(done, selectAndCopy);
      } else {
        selectAndCopy();
      }
    });
  }

  function show(isShown) {
    panel.hidden = !isShown;
    toggle.setAttribute("aria-pressed", isShown ? "true" : "false");
    document.body.classList.toggle("has-inspector", isShown);
    load();
  }

  var saved = null;
  try { saved = localStorage.getItem(storageKey); } catch (error) { /* storage off: the default */ }
  show(saved ? saved === "on" : window.matchMedia("(min-width: 900px)").matches);
  toggle.addEventListener("click", function () {
    var isShown = panel.hidden;
    try { localStorage.setItem(storageKey, isShown ? "on" : "off"); } catch (error) { /* not remembered */ }
    show(isShown);
  });
  document.addEventListener("flowhost:inspect", load);
})();

// Comments. Without JavaScript the Comment control (data-comment-mode) opens the form for the whole screen,
// and pins sit to the nearest 5 % of where they were written. With it, pins sit exactly there, and Comment
// turns the phone's screen into a target: the next click on it chooses the point (and the label of the
// action under it, which it does not press), then the same form opens with them. Escape leaves the mode.
(function () {
  var control = document.querySelector("a[data-comment-mode]");
  var screen = document.querySelector(".screen");
  Array.prototype.forEach.call(document.querySelectorAll(".comment-pin[data-x]"), function (pin) {
    var x = parseFloat(pin.dataset.x), y = parseFloat(pin.dataset.y);
    if (isNaN(x) || isNaN(y)) return;
    pin.style.left = x * 100 + "%";
    pin.style.top = y * 100 + "%";
  });
  if (!control || !screen) return;
  var title = control.textContent;

  function setMode(active) {
    screen.classList.toggle("is-commenting", active);
    control.textContent = active ? "Click the screen (Esc: cancel)" : title;
  }

  control.addEventListener("click", function (event) {
    event.preventDefault();
    setMode(!screen.classList.contains("is-commenting"));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") setMode(false);
  });
  screen.addEventListener("click", function (event) {
    if (!screen.classList.contains("is-commenting")) return;
    event.preventDefault();
    event.stopPropagation();
    var box = screen.getBoundingClientRect();
    var x = Math.min(Math.max((event.clientX - box.left) / box.width, 0), 1);
    var y = Math.min(Math.max((event.clientY - box.top) / box.height, 0), 1);
    var target = event.target.closest("button, a, [role=button], label");
    var label = target ? target.textContent.replace(/\s+/g, " ").trim().slice(0, 80) : "";
    var url = control.href + "?x=" + x.toFixed(4) + "&y=" + y.toFixed(4);
    if (label) url += "&label=" + encodeURIComponent(label);
    setMode(false);
    location.assign(url);
  }, true);
})();

// Studies. On a tester's page the task's prompt (.study-task[data-misclick]) names the storyboard screen on
// show: the script says it ran (so the task's misclicks are known; the server keeps that once a task), then
// sends each click on the phone's screen that hits no action (a link, button, form control, label, summary…)
// with where it landed, as fractions of the screen. Without JavaScript neither is sent, and the results say
// the task's misclicks are unknown.
(function () {
  var task = document.querySelector(".study-task[data-misclick]");
  var screen = document.querySelector(".screen");
  if (!task || !screen || !window.fetch || !window.URLSearchParams) return;
  var actions = "a[href], button, input, select, textarea, label, summary, [role=button], [role=link], "
    + "[tabindex], [contenteditable]";

  function post(url, fields) {
    var body = new URLSearchParams(fields);
    body.set("screen", task.dataset.screen);
    fetch(url, { method: "POST", body: body, credentials: "same-origin", keepalive: true })
      .catch(function () { /* a note lost: the tester goes on */ });
  }

  post(task.dataset.scriptRan, {});
  screen.addEventListener("click", function (event) {
    if (event.target.closest(actions)) return;
    var box = screen.getBoundingClientRect();
    if (!box.width || !box.height) return;
    var x = Math.min(Math.max((event.clientX - box.left) / box.width, 0), 1);
    var y = Math.min(Math.max((event.clientY - box.top) / box.height, 0), 1);
    post(task.dataset.misclick, { x: x.toFixed(4), y: y.toFixed(4) });
  });
})();
