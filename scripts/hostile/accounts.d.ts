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
  /** The Google sign-in stand-in's port (scripts/e2e-server.js), for the known addresses. */
  standinPort: number;
  tries: number;
}): Promise<{
  problems: string[];
  logIn: TimingComparison;
  signUp?: TimingComparison;
  reset?: TimingComparison;
}>;
