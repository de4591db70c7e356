/**
 * What the browser reports to the RUM collector: its errors and its web vitals, each with
 * the page's path and the device class. The collector takes at most RUM_MAX_EVENTS per
 * post and cuts nothing silently: a post that breaks a rule is refused whole.
 */
export const RUM_MAX_EVENTS = 20;
/** The largest post the collector reads. */
export const RUM_MAX_BODY_BYTES = 32 * 1024;
/** Posts one address may make per minute; a page sends far fewer. */
export const RUM_POSTS_PER_MINUTE = 60;

export const WEB_VITALS = ["LCP", "CLS", "INP", "FCP", "TTFB"] as const;
export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export const VITAL_RATINGS = ["good", "needs-improvement", "poor"] as const;

interface RumCommon {
  device: (typeof DEVICE_CLASSES)[number];
  path: string;
}

export type RumEvent =
  | (RumCommon & {
      type: "vital";
      name: (typeof WEB_VITALS)[number];
      value: number;
      rating: (typeof VITAL_RATINGS)[number];
    })
  | (RumCommon & {
      type: "error";
      message: string;
      source?: string;
      line?: number;
      column?: number;
    });
