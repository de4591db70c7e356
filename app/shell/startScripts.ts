/**
 * The starter of the page's scripts (see pageScripts.tsx), run where the server's HTML
 * names it, right after the router's inert module script.
 *
 * It waits for the page's first image (the one loaded at high priority) to be on the
 * screen, and then adds the module preloads, a preload of the locale's messages (which the
 * page hydrates with) and the module script itself: the same text, so the policy's hash or
 * the page's nonce lets it run. "On the screen" is the browser's own report where it gives
 * one (Element Timing for the image, else the first paint), followed by a frame: a frame
 * alone can be drawn well before the browser shows it, and scripts requested in between
 * still compete with the first screen. Without such an image it waits for the first paint;
 * once the image has failed, for one frame; after START_AT_THE_LATEST_MS it starts
 * whatever the image does.
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
    // reported() runs then() once the browser reports an entry of the type that passes
    // test, or at once when it reports no such entries.
    `var P=window.PerformanceObserver;` +
    `function reports(type){return!!P&&(P.supportedEntryTypes||[]).indexOf(type)>-1}` +
    `function reported(type,test,then){if(!reports(type))return then();` +
    `var o=new P(function(l){if(l.getEntries().some(test)){o.disconnect();then()}});o.observe({type:type,buffered:true})}` +
    `function painted(){reported("paint",function(e){return e.name==="first-contentful-paint"},afterPaint)}` +
    `var img=d.querySelector('img[fetchpriority="high"]');` +
    `function shown(){if(!img.naturalWidth)return afterPaint();` +
    `if(reports("element")&&img.hasAttribute("elementtiming"))reported("element",function(e){return e.element===img},afterPaint);else painted()}` +
    `if(!img)painted();else if(img.complete)shown();else{img.addEventListener("load",shown);img.addEventListener("error",afterPaint)}` +
    `setTimeout(start,${START_AT_THE_LATEST_MS});` +
    `d.addEventListener("click",function(e){if(h.dataset.hydrated||e.defaultPrevented)return;` +
    `var b=e.target.closest&&e.target.closest("button");if(!b||(b.type==="submit"&&b.form))return;` +
    `e.preventDefault();e.stopPropagation();tapped=b},true);` +
    `new MutationObserver(function(r,o){if(!h.dataset.hydrated)return;o.disconnect();if(tapped&&tapped.isConnected)tapped.click()})` +
    `.observe(h,{attributes:true,attributeFilter:["data-hydrated"]})})()`
  );
}
