// FlowHost live moves. The page's <body data-events="/_events?v=N"> names a Server-Sent Events
// stream that sends one `move` event (the URL of the screen now on top) when the coordinator
// navigates on its own. Without JavaScript everything else still works: forms post, the server
// answers 303.
"use strict";

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
