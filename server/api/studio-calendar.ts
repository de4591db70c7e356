/**
 * What the studio's calendar panel asks the shop, so the holiday library stays on the server
 * (it knows every country of the world; the browser needs one country's days):
 *   GET /web-api/studio/calendar/holidays?country=CH&language=fr&from=2027-03[&region=VD]
 *     200 {regions: [{code, name}], holidays: {"YYYY-MM-DD": name}}: the country's regions
 *     for the picker (empty where it has none) and the public holidays of the twelve months
 *     from `from`, of the region where one is named. Public, the same for everyone: cached
 *     a day.
 */
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { fieldErrors } from "../../domain/problem";
import { isCountry, isLanguage } from "../../domain/locales";
import { calendarYears } from "../../domain/studio/calendar";
import { holidayRegions, publicHolidays } from "../studio/calendarHolidays";
import { problem, problemResponse } from "./problem";

export const STUDIO_HOLIDAYS_PATH = "/web-api/studio/calendar/holidays";

const holidaysQuery = z.object({
  country: z
    .string()
    .refine(isCountry, "a country the shop serves")
    .openapi({ description: "The shop's country", example: "CH" }),
  region: z
    .string()
    .regex(/^[A-Za-z0-9]{1,8}$/)
    .optional()
    .openapi({ description: "A region of the country (its code in `regions`)", example: "VD" }),
  language: z
    .string()
    .refine(isLanguage, "a language of the shop")
    .openapi({ description: "The language the names are in", example: "fr" }),
  from: z
    .string()
    .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, "a month 'YYYY-MM'")
    .openapi({ description: "The calendar's first month", example: "2027-03" }),
});

const holidaysAnswer = z.object({
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
  holidays: z.record(z.string(), z.string()),
});

export function studioCalendarRoutes(): Hono {
  const routes = new Hono();
  routes.get(STUDIO_HOLIDAYS_PATH, (c) => {
    const query = holidaysQuery.safeParse(c.req.query());
    if (!query.success)
      return problem(c, 400, {
        code: "invalid_request",
        detail: "country, language and from ('YYYY-MM') are needed",
        errors: fieldErrors(query.error, "query"),
      });
    const { country, region, language, from } = query.data;
    const [year, month] = from.split("-").map(Number) as [number, number];
    const years = calendarYears(year, month);
    const answer: z.infer<typeof holidaysAnswer> = {
      regions: holidayRegions(country, language),
      holidays: Object.fromEntries(publicHolidays(country, region, years, language)),
    };
    c.header("Cache-Control", "public, max-age=86400");
    return c.json(answer, 200);
  });
  return routes;
}

export function registerStudioCalendarPaths(registry: OpenAPIHono["openAPIRegistry"]) {
  registry.registerPath({
    method: "get",
    path: STUDIO_HOLIDAYS_PATH,
    summary:
      "A calendar's public holidays (of a region where named) over twelve months, and the country's regions",
    tags: ["studio"],
    request: { query: holidaysQuery },
    responses: {
      200: {
        description: "The regions and the holidays by day",
        content: { "application/json": { schema: holidaysAnswer } },
      },
      400: problemResponse("A missing or malformed country, language or month"),
    },
  });
}
