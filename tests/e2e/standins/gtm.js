/* global window, document */
/* Stand-in for Google Tag Manager in the end-to-end tests: reads the data layer and sets
   a Google Analytics cookie, as a container with an analytics tag would. */
(function () {
  "use strict";
  window.google_tag_manager = { standIn: true };
  window.__standinDataLayer = (window.dataLayer || []).slice();
  document.cookie = "_ga=GA1.1.standin; Path=/; Max-Age=3600";
})();
