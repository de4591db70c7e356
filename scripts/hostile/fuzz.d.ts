// Types of fuzz.js for its unit test.
export interface HostileRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}
export interface Answer {
  sent?: boolean;
  status: number;
  headers?: Record<string, string | string[] | undefined>;
  body?: string;
  ms: number;
  error?: Error;
}
export const PAYLOADS: string[];
export function hostileRequests(count: number, seed?: number): Generator<HostileRequest>;
export function findings(request: HostileRequest, answer: Answer): string[];
export function fuzz(options: {
  port: number;
  count: number;
  concurrency?: number;
  log?: (line: string) => void;
}): Promise<{ totals: Record<string, unknown>; examples: string[] }>;
