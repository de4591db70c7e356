/* global window, document */
/* Stand-in for a Zendesk Web Widget-compatible chat: `zE('messenger', 'open'|'close')`,
   `zE('messenger:on', 'open'|'close', listener)`, `zE('messenger:set', 'locale', value)`.
   Opens an accessible dialog and sets the provider's cookie. */
(function () {
  "use strict";
  if (window.zE) return;
  var listeners = { open: [], close: [] };
  var locale = "en";
  var panel = null;
  var key = new URL(document.getElementById("ze-snippet").src).searchParams.get("key");

  function emit(name) {
    listeners[name].forEach(function (listener) {
      listener();
    });
  }

  function build() {
    panel = document.createElement("section");
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-label", "Chat");
    panel.setAttribute("lang", locale);
    panel.dataset.key = key;
    panel.style.cssText =
      "position:fixed;right:16px;bottom:16px;z-index:60;width:300px;padding:16px;background:#fff;color:#222;box-shadow:0 8px 28px rgba(0,0,0,.3)";
    var title = document.createElement("h2");
    title.textContent = "Chat";
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Close chat";
    close.addEventListener("click", function () {
      window.zE("messenger", "close");
    });
    panel.append(title, close);
    document.body.append(panel);
  }

  window.zE = function (command, name, value) {
    if (command === "messenger:set" && name === "locale") locale = value;
    if (command === "messenger:on" && listeners[name]) listeners[name].push(value);
    if (command === "messenger" && name === "open") {
      if (!panel) build();
      panel.hidden = false;
      panel.querySelector("button").focus();
      emit("open");
    }
    if (command === "messenger" && name === "close" && panel) {
      panel.hidden = true;
      emit("close");
    }
  };
  document.cookie = "__zlcmid=standin; Path=/; Max-Age=3600";
})();
