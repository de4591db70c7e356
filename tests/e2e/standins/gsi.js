/* global window, document */
/* Stand-in for Google Identity Services in the end-to-end tests: `google.accounts.id`
   with initialize, renderButton, prompt, cancel and disableAutoSelect. renderButton draws
   a plain button named "Google (stand-in)"; a click hands the configured callback the
   credential a test has put into `window.googleStandin.credential` (a token minted by the
   e2e server's key-set stand-in, scripts/e2e-server.js), as Google's button hands over
   the ID token of the chosen account. Without one, the click does nothing. */
(function () {
  "use strict";
  if (window.google && window.google.accounts && window.google.accounts.id) return;
  var config = null;

  function credential() {
    var standin = window.googleStandin;
    return standin && typeof standin.credential === "string" ? standin.credential : "";
  }

  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = {
    initialize: function (options) {
      config = options;
    },
    renderButton: function (parent, options) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = "Google (stand-in)";
      button.dataset.standin = "google";
      button.dataset.locale = (options && options.locale) || "";
      button.dataset.clientId = (config && config.client_id) || "";
      button.style.cssText =
        "min-height:44px;padding:0 16px;border:1px solid #747775;border-radius:4px;background:#fff;color:#1f1f1f;font:inherit";
      button.addEventListener("click", function () {
        var token = credential();
        if (!token || !config || typeof config.callback !== "function") return;
        config.callback({ credential: token, select_by: "btn" });
      });
      parent.replaceChildren(button);
    },
    prompt: function () {},
    cancel: function () {},
    disableAutoSelect: function () {},
  };
})();
