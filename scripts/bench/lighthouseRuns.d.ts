// Types of lighthouseRuns.js for its unit test.
export interface Run {
  runtimeError?: string;
  performance: number;
  tbtMs: number;
}
export const MAX_REPEATS: number;
export const TRACE_ERRORS: ReadonlySet<string>;
export function auditRuns<T extends Run>(
  audit: () => Promise<T>,
  runs: number,
  maxRepeats?: number,
): Promise<{ results: T[]; repeated: number }>;
export function summarize<T extends Run>(
  results: T[],
): T & { median: number; worst: number; worstTbtMs: number };
