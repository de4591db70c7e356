// Types of errorShapes.js for its unit test.
export interface ErrorAnswer {
  status: number;
  headers?: Record<string, string | string[] | undefined>;
  body: Buffer;
}
export function shapeProblems(answer: ErrorAnswer): string[];
export function errorShapes(options: {
  port: number;
}): Promise<{ requests: number; problems: string[] }>;
