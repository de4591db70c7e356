/* global window, document */
/* Stand-in for Google reCAPTCHA v3 in the end-to-end tests: `grecaptcha` with ready and
   execute, for the site key its script URL was loaded with (`?render=`), as Google's does.
   A token reads `standin:<action>:<score>:<nonce>`; the e2e server's check stand-in
   (scripts/e2e-server.js) vouches for it. The score is 0.9 unless a test has put another
   into `window.recaptchaStandin.score`. */
(function () {
  "use strict";
  if (window.grecaptcha) return;
  var script = document.currentScript;
  var siteKey = script ? new URL(script.src).searchParams.get("render") : null;
  window.grecaptcha = {
    ready: function (callback) {
      setTimeout(callback, 0);
    },
    execute: function (key, options) {
      if (key !== siteKey) return Promise.reject(new Error("Invalid site key or not loaded"));
      var standin = window.recaptchaStandin || {};
      var score = typeof standin.score === "number" ? standin.score : 0.9;
      var nonce = Math.random().toString(36).slice(2);
      return Promise.resolve(["standin", options.action, score, nonce].join(":"));
    },
  };
})();
