/**
 * The starter of the page's scripts (see pageScripts.tsx), run where the server's HTML
 * names it, right after the router's inert module script.
 *
 * It waits for the page's first image (the one loaded at high priority), then for the
 * frame that paints it, and then adds the module preloads, a preload of the locale's
 * messages (which the page hydrates with) and the module script itself: the same text,
 * so the policy's hash or the page's nonce lets it run. Without such an image, or once it
 * has failed, it starts after one frame; after START_AT_THE_LATEST_MS it starts whatever
 * the image does.
 *
 * Until the page has hydrated, a tap on a button does nothing (links and a form's submit
 * buttons work without scripts, and a tap an earlier script answered is marked handled):
 * the starter keeps the last such tap and clicks the button again once the page has
 * hydrated, if it is still there.
 */
export const START_AT_THE_LATEST_MS = 3000;

/** The type of the router's module script until the starter runs it. */
export const INERT_MODULE_TYPE = "shop/deferred-module";

export function startScriptsScript(): string {
  const selector = JSON.stringify(`script[type="${INERT_MODULE_TYPE}"]`);
  return (
    `(function(){var d=document,h=d.documentElement,s=d.querySelector(${selector});if(!s)return;` +
    `var started=false,tapped=null;` +
    `function start(){if(started)return;started=true;` +
    `function link(rel,href,as){var l=d.createElement("link");l.rel=rel;l.href=href;if(as){l.as=as;l.crossOrigin="anonymous"}d.head.appendChild(l)}` +
    `(s.getAttribute("data-preload")||"").split(" ").forEach(function(u){if(u)link("modulepreload",u)});` +
    `var messages=s.getAttribute("data-messages");if(messages)link("preload",messages,"fetch");` +
    `var m=d.createElement("script");m.type="module";if(s.nonce)m.nonce=s.nonce;m.textContent=s.textContent;d.head.appendChild(m)}` +
    `function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}` +
    `var img=d.querySelector('img[fetchpriority="high"]');` +
    `if(!img||img.complete)afterPaint();else{img.addEventListener("load",afterPaint);img.addEventListener("error",afterPaint)}` +
    `setTimeout(start,${START_AT_THE_LATEST_MS});` +
    `d.addEventListener("click",function(e){if(h.dataset.hydrated||e.defaultPrevented)return;` +
    `var b=e.target.closest&&e.target.closest("button");if(!b||(b.type==="submit"&&b.form))return;` +
    `e.preventDefault();e.stopPropagation();tapped=b},true);` +
    `new MutationObserver(function(r,o){if(!h.dataset.hydrated)return;o.disconnect();if(tapped&&tapped.isConnected)tapped.click()})` +
    `.observe(h,{attributes:true,attributeFilter:["data-hydrated"]})})()`
  );
}
