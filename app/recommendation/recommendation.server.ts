/**
 * The recommendation page's form post, with or without JavaScript: the recommendation goes
 * to the service, and the page shows the outcome, the problem of each wrong field and what
 * the shopper typed. The answer belongs to this visitor only.
 */
import { data, type RouterContextProvider } from "react-router";
import { CACHE_TIERS } from "../../config/cache";
import {
  RECOMMENDATION_FIELDS,
  recommendationValues,
  type RecommendationErrors,
  type RecommendationField,
} from "../../domain/recommendation";
import { shopContext } from "../context";
import { requestForm } from "../lib/forms.server";
import { localeContext } from "../lib/site";

/** What the page shows after a post. */
export interface RecommendationAnswer {
  sent: boolean;
  errors: RecommendationErrors;
  /** A problem of the whole form: no valid spam-protection solution, or too many posts. */
  problem: "spam-protection" | "throttled" | null;
  /** What the shopper typed, shown again unless the recommendation went. */
  values: Record<RecommendationField, string> | null;
}

const STATUS = { invalid: 400, "spam-protection": 403, throttled: 429 } as const;

export async function recommendationAction({
  context,
  request,
}: {
  context: Readonly<RouterContextProvider>;
  request: Request;
}) {
  const form = await requestForm(request);
  const { channel, locale } = context.get(localeContext);
  const { services, clientAddress } = context.get(shopContext);
  const fields = Object.fromEntries(
    RECOMMENDATION_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : undefined];
    }),
  );
  const token = form.get("token");
  const result = await services.customers.recommendations.send({
    site: { channel, locale },
    form: fields,
    token: typeof token === "string" ? token : "",
    ip: clientAddress,
    requestUrl: new URL(request.url),
  });
  const answer: RecommendationAnswer = result.ok
    ? { sent: true, errors: {}, problem: null, values: null }
    : {
        sent: false,
        errors: result.problem === "invalid" ? result.errors : {},
        problem: result.problem === "invalid" ? null : result.problem,
        values: recommendationValues(fields),
      };
  return data(answer, {
    status: result.ok ? 200 : STATUS[result.problem],
    headers: { "Cache-Control": CACHE_TIERS.never },
  });
}
