// Types of renderProfile.js for its unit test.
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
export interface Area {
  name: string;
  ms: number;
  share: number;
}
export function topAreas(profile: CpuProfile, range?: { from?: number; to?: number }): Area[];
export function topFunctions(
  profile: CpuProfile,
  options?: { from?: number; to?: number; count?: number },
): { name: string; ms: number }[];
export function renderProfileSection(pages: unknown[], port: number): Promise<unknown>;
