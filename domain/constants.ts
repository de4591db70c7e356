/**
 * Business constants and limits (sizes, timings, quantities, retries),
 * named and typed in one place. Durations are in milliseconds unless the name says otherwise.
 */

// ---------------------------------------------------------------- time

/** Milliseconds per second. */
export const MS_PER_SECOND = 1000;
/** Seconds per minute. */
const SECONDS_PER_MINUTE = 60;
/** Minutes per hour. */
const MINUTES_PER_HOUR = 60;
/** Hours per day. */
const HOURS_PER_DAY = 24;
/** Days per year. */
export const DAYS_PER_YEAR = 365;
/** Milliseconds per minute. */
export const MS_PER_MINUTE = MS_PER_SECOND * SECONDS_PER_MINUTE;
/** Milliseconds per hour. */
export const MS_PER_HOUR = MS_PER_MINUTE * MINUTES_PER_HOUR;
/** Milliseconds per day. */
export const MS_PER_DAY = MS_PER_HOUR * HOURS_PER_DAY;
/** Seconds per day (cookie max ages). */
export const SECONDS_PER_DAY = SECONDS_PER_MINUTE * MINUTES_PER_HOUR * HOURS_PER_DAY;

// ---------------------------------------------------------------- layout

/**
 * The layout's size classes: the widest viewport (px) of each. The CSS names them through
 * custom media (domain/customMedia.ts), never by number.
 */
export const BREAKPOINTS = {
  xxs: 319,
  xs: 479,
  sm: 575,
  md: 767,
  lg: 899,
  xl: 1023,
  xxl: 1299,
  "2xl": 1536,
  xxxl: 1599,
} as const;

/** The burger navigation closes when the viewport is this wide or wider (px). */
export const BURGER_CLOSE_MIN_WIDTH = 1000;
/** Footer lists and communication tiles collapse below this width (px). */
export const FOOTER_COLLAPSE_MAX_WIDTH = 720;

/** Flyout image widths in px. */
export const FLYOUT_IMAGE_WIDTHS = {
  calendar: 130,
  cards: { additional: 80, occasion: 130 },
  collage: 130,
  frame: { poster: 150, colours: 48, other: 60 },
  /** The photobook flyout's three image widths, largest first (their roles are not named). */
  photobook: [170, 153, 73],
  wandbilder: 150,
  /** Wandbilder flyout image width in the VOLL-1616 A/B variant. */
  wandbilderAbTest: 120,
} as const;

/** Sub-navigation tile sizes in px. */
export const SUB_NAV_TILE_SIZES = {
  circle: { width: 76, height: 76 },
  square: { width: 73, height: 110 },
  "square-image": { width: 110, height: 110 },
} as const;

/** Footer image width/height ratios. */
export const FOOTER_IMAGE_RATIOS = {
  appLinks: { width: 94, height: 26 },
  awards: { width: 40, height: 25 },
  socialMedia: { width: 1, height: 1 },
  paymentLogos: { width: 73, height: 32 },
} as const;

// ---------------------------------------------------------------- images

/** Default image quality. */
export const IMAGE_QUALITY = 85;
/** Image quality of payment logos. */
export const PAYMENT_LOGO_QUALITY = 100;
/** Placeholder image settings: quality 50, blur 3, 10x10 px. */
export const PLACEHOLDER_IMAGE = { quality: 50, blur: 3, width: 10, height: 10 } as const;
/** Default pixel densities. */
export const DENSITIES = [1, 2] as const;
/** Rich-text image option ranges. */
export const RICH_TEXT_IMAGE_OPTIONS = {
  percentRange: { min: 0, max: 100 },
  rotations: [0, 90, 180, 270],
  formats: ["webp", "png", "jpeg"],
} as const;

// ---------------------------------------------------------------- timings

/** Scroll animation duration. */
export const SCROLL_ANIMATION_MS = 500;
/** Resize recalculation debounce. */
export const RESIZE_DEBOUNCE_MS = 200;
/** Back-to-top scroll debounce. */
export const BACK_TO_TOP_DEBOUNCE_MS = 500;
/** Help button: marked loaded and opened after this delay. */
export const HELP_BUTTON_OPEN_DELAY_MS = 1700;
/** Help button: loading indicator shown for this long afterwards. */
export const HELP_BUTTON_LOADING_MS = 300;
/** Carousel slide transition. */
export const CAROUSEL_TRANSITION_MS = 300;
/** Carousel resize debounce. */
export const CAROUSEL_RESIZE_DEBOUNCE_MS = 200;
/** A swipe moves the carousel beyond this distance (px). */
export const SWIPE_THRESHOLD_PX = 50;
/** A mouse drag is a swipe when horizontal movement exceeds this multiple of vertical movement. */
export const DRAG_RATIO = 3;
/** A chunk-load failure reloads a path at most once within this window. */
export const RELOAD_GUARD_MS = 10_000;

// ---------------------------------------------------------------- carousel

/** Review carousel configuration; breakpoint keys are min widths in px. */
export const REVIEW_CAROUSEL_CONFIG = {
  infinite: true,
  slidesPerView: 1,
  slidesPerGroup: 1,
  transitionSpeed: CAROUSEL_TRANSITION_MS,
  breakpoints: {
    720: { spaceBetween: 20, slidesPerGroup: 3 },
    1080: { spaceBetween: 45, slidesPerGroup: 3 },
  },
} as const;

// ---------------------------------------------------------------- content API

/** Content API throttle: requests per second. */
export const CONTENT_API_THROTTLE_PER_SECOND = 5;
/** Retries on HTTP 429. */
export const CONTENT_API_MAX_RETRIES = 10;
/** Delay between retries on HTTP 429. */
export const CONTENT_API_RETRY_DELAY_MS = 300;

// ---------------------------------------------------------------- feature flags

/** Feature-flag client defaults. */
export const FEATURE_FLAG_CLIENT_DEFAULTS = {
  featuresRefreshRateSeconds: 60,
  segmentsRefreshRateSeconds: 60,
  telemetryRefreshRateSeconds: 3600,
  impressionsRefreshRateSeconds: 300,
  eventsPushRateSeconds: 60,
  eventsQueueSize: 500,
  impressionsQueueSize: 30_000,
  impressionsCountFlushMinutes: 30,
  readyTimeoutSeconds: 10,
  requestTimeoutBeforeReadySeconds: 5,
  retriesOnFailureBeforeReady: 1,
  cacheExpiryDays: 10,
  telemetrySamplingPercent: 0.1,
} as const;

/** Feature-flag input limits. */
export const FEATURE_FLAG_LIMITS = {
  maxKeyLength: 250,
  flagSetName: /^[a-z0-9][_a-z0-9]{0,49}$/,
  eventType: /^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$/,
  maxEventPropertiesBytes: 32_768,
} as const;

/** Feature-flag treatments. */
export const TREATMENTS = ["on", "off", "control"] as const;

// ---------------------------------------------------------------- catalogue

/** Review stars range. */
export const REVIEW_STARS = { min: 1, max: 5 } as const;

// ---------------------------------------------------------------- tracking

/** Default tracking view event name. */
export const DEFAULT_TRACKING_VIEW_EVENT = "landingpage_view";
