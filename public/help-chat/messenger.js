/* global window, document */
/*
 * The shop's local help-chat provider: a small messenger panel with the same shape as a
 * hosted chat SDK (init with a public key and locale, open, close, and open/close
 * events). Loaded by the help button on the first click.
 */
(function () {
  "use strict";
  if (window.ShopChat) return;

  var listeners = { open: [], close: [] };
  var panel = null;
  var log = null;
  var input = null;
  var settings = null;

  function emit(name) {
    listeners[name].forEach(function (listener) {
      try {
        listener();
      } catch (error) {
        console.error("help chat listener failed", error);
      }
    });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function say(text, from) {
    var bubble = element("p", "shop-chat__message shop-chat__message--" + from, text);
    log.appendChild(bubble);
    log.scrollTop = log.scrollHeight;
  }

  function build() {
    var texts = settings.texts;
    panel = element("section", "shop-chat");
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-label", texts.title);
    panel.setAttribute("lang", settings.locale);
    panel.hidden = true;

    var head = element("div", "shop-chat__head");
    head.appendChild(element("h2", "shop-chat__title", texts.title));
    var close = element("button", "shop-chat__close", "×");
    close.type = "button";
    close.setAttribute("aria-label", texts.close);
    close.addEventListener("click", api.close);
    head.appendChild(close);

    log = element("div", "shop-chat__log");
    log.setAttribute("role", "log");
    log.setAttribute("aria-live", "polite");

    var form = element("form", "shop-chat__form");
    input = element("input", "shop-chat__input");
    input.type = "text";
    input.name = "message";
    input.autocomplete = "off";
    input.placeholder = texts.placeholder;
    input.setAttribute("aria-label", texts.placeholder);
    var send = element("button", "shop-chat__send", texts.send);
    send.type = "submit";
    form.appendChild(input);
    form.appendChild(send);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var text = input.value.trim();
      if (!text) return;
      say(text, "visitor");
      input.value = "";
      window.setTimeout(function () {
        say(texts.reply, "agent");
      }, 600);
    });

    panel.addEventListener("keydown", function (event) {
      if (event.key === "Escape") api.close();
    });

    panel.appendChild(head);
    panel.appendChild(log);
    panel.appendChild(form);
    document.body.appendChild(panel);
    say(texts.greeting, "agent");

    var style = element("style");
    style.textContent =
      ".shop-chat{position:fixed;right:16px;bottom:16px;z-index:60;width:min(360px,calc(100vw - 32px));height:min(480px,calc(100vh - 32px));display:flex;flex-direction:column;background:#fff;color:#1a1a1a;border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,.25);font:15px/1.4 system-ui,sans-serif;overflow:hidden}" +
      ".shop-chat[hidden]{display:none}" +
      ".shop-chat__head{display:flex;align-items:center;justify-content:space-between;padding:12px 16px;background:var(--brand-primary,#333);color:var(--brand-primary-contrast,#fff)}" +
      ".shop-chat__title{margin:0;font-size:16px}" +
      ".shop-chat__close{width:44px;height:44px;border:0;background:none;color:inherit;font-size:26px;cursor:pointer}" +
      ".shop-chat__log{flex:1;overflow:auto;padding:16px;display:flex;flex-direction:column;gap:8px;background:#f6f6f6}" +
      ".shop-chat__message{margin:0;padding:8px 12px;border-radius:12px;max-width:85%}" +
      ".shop-chat__message--agent{background:#fff;align-self:flex-start;box-shadow:0 1px 2px rgba(0,0,0,.1)}" +
      ".shop-chat__message--visitor{background:var(--brand-primary,#333);color:var(--brand-primary-contrast,#fff);align-self:flex-end}" +
      ".shop-chat__form{display:flex;gap:8px;padding:12px;border-top:1px solid #ddd}" +
      ".shop-chat__input{flex:1;min-height:44px;padding:0 12px;border:1px solid #767676;border-radius:8px;font:inherit}" +
      ".shop-chat__send{min-height:44px;padding:0 16px;border:0;border-radius:8px;background:var(--brand-primary,#333);color:var(--brand-primary-contrast,#fff);font:inherit;font-weight:600;cursor:pointer}" +
      ".shop-chat :focus-visible{outline:3px solid var(--brand-primary,#333);outline-offset:2px}";
    document.head.appendChild(style);
  }

  var api = {
    init: function (options) {
      if (!options || typeof options.publicKey !== "string" || !options.publicKey) {
        throw new Error("ShopChat.init needs a public key");
      }
      settings = {
        publicKey: options.publicKey,
        locale: options.locale || "en-GB",
        texts: options.texts || {},
      };
      if (!panel) build();
    },
    open: function () {
      if (!panel) return;
      if (!panel.hidden) return;
      panel.hidden = false;
      input.focus();
      emit("open");
    },
    close: function () {
      if (!panel || panel.hidden) return;
      panel.hidden = true;
      emit("close");
    },
    on: function (name, listener) {
      if (listeners[name] && typeof listener === "function") listeners[name].push(listener);
    },
  };

  window.ShopChat = api;
})();
