// Types of images.js for its unit test.
export interface LoopDelays {
  delayMs: number;
  gcMs: number;
  ownMs: number;
  longest: { ranMs: number | null; waitedMs: number | null };
  ranMs: number;
  waitedMs: number;
}
export function loopDelays(
  file: string | undefined,
  windows: { name: string; from: number; to: number }[],
): Record<string, LoopDelays> | null;
export function images(options: {
  port: number;
  pid: number;
  standinPort: number;
  parallel: number;
  short: boolean;
  loopDelayFile?: string;
}): Promise<Record<string, unknown>>;
