// FlowHost live moves. The page's <body data-events="/_events?v=N"> names a Server-Sent Events
// stream that sends one `move` event (the URL of the screen now on top) when the coordinator
// navigates on its own. Without JavaScript everything else still works: forms post, the server
// answers 303.
"use strict";
(function () {
  var url = document.body && document.body.dataset.events;
  if (!url || !window.EventSource) return;

  var submitting = false;
  var source = new EventSource(url);

  source.addEventListener("move", function (event) {
    source.close();
    // A form being submitted decides where this tab goes.
    if (!submitting) location.assign(event.data);
  });

  document.addEventListener("submit", function (event) {
    submitting = true;
    var form = event.target;
    form.classList.add("is-busy");
    var button = event.submitter || form.querySelector("button");
    if (button) button.setAttribute("aria-busy", "true");
  });

  window.addEventListener("pagehide", function () {
    source.close();
  });

  // A page restored from the back/forward cache holds stale actions: ask the server.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) location.reload();
  });
})();
