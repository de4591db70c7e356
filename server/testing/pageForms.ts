/**
 * A page's forms as HTTP tests use them the way a browser without JavaScript does: the
 * server HTML's entities read back, a form's fields collected, the form posted from the
 * page's own origin, and the cart page it leads back to opened with the visitor's key.
 */

/** Server HTML with the entities and React's text separators the tests read through. */
export function decodeHtml(text: string): string {
  return text
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("<!-- -->", "");
}

/** The named inputs of a form's HTML, in order, as the browser sends them. */
export function formFields(form: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input)?.[1];
    if (name) fields.append(name, /value="([^"]*)"/.exec(input)?.[1] ?? "");
  }
  return fields;
}

type Request = (target: string, init?: RequestInit) => Response | Promise<Response>;

/** Posts a form's fields to `action` from its own origin, as the page's form does. */
export function postForm(request: Request, action: URL, fields: URLSearchParams) {
  return request(action.href, {
    method: "POST",
    body: fields,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: action.origin },
  });
}

/** The page a form's 303 leads to (the cart), opened with the visitor key it set. */
export async function pageAfter(request: Request, answer: Response, base: URL, fallback = "") {
  const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0]!;
  const location = answer.headers.get("location") ?? fallback;
  const page = await request(new URL(location, base).href, { headers: cookie ? { cookie } : {} });
  return { cookie, html: decodeHtml(await page.text()) };
}
