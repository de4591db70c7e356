// Types of accounts.js for the unit tests that share its timing comparison.
export interface TimingComparison {
  medianA: number;
  medianB: number;
  gap: number;
  noise: number;
  within: boolean;
}
export function compareTimings(a: number[], b: number[], floorMs?: number): TimingComparison;
export function timedComparison(
  known: (i: number, round: number) => Promise<number>,
  unknown: (i: number, round: number) => Promise<number>,
  tries: number,
  rounds?: number,
): Promise<TimingComparison>;
export function accounts(options: {
  port: number;
  tries: number;
}): Promise<{ problems: string[]; logIn: TimingComparison }>;
