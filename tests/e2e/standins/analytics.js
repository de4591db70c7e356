/* global window, document */
/* Stand-in for a Hotjar-compatible session-analytics tool: replays the queued calls,
   records every call, and sets the tool's cookie. */
(function () {
  "use strict";
  var queued = (window.hj && window.hj.q) || [];
  window.__standinAnalyticsCalls = [];
  window.hj = function () {
    window.__standinAnalyticsCalls.push(Array.prototype.slice.call(arguments));
  };
  queued.forEach(function (args) {
    window.hj.apply(null, args);
  });
  document.cookie = "_hjSessionUser_standin=1; Path=/; Max-Age=3600";
})();
